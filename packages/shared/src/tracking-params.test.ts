import { describe, expect, it } from 'vitest';
import { isTrackingParam, withoutTracking } from './tracking-params.js';

describe('tracking parameters', () => {
  it('knows campaign tags, WeChat share marks, ad click ids and cache-busters, in any case', () => {
    for (const name of ['utm_source', 'UTM_Campaign', 'from', 'isappinstalled', 'scene', 'bd_vid', 'gclid', 'fbclid', 'spm', '_'])
      expect(isTrackingParam(name)).toBe(true);
    for (const name of ['MenuId', 'NewsId', 'page', 'key', 'tab', 'latest', 'tabPage', 'pid', 'pageindex', 'newsid', 'utm', 'fromDate'])
      expect(isTrackingParam(name)).toBe(false);
  });

  it('drops them from an address and keeps everything else as it was, in its order', () => {
    expect(withoutTracking('/info?MenuId=8&NewsId=12&from=singlemessage&isappinstalled=0')).toBe('/info?MenuId=8&NewsId=12');
    expect(withoutTracking('/home?from=timeline')).toBe('/home');
    expect(withoutTracking('/menuList?page=2&utm_source=wx&MenuId=3')).toBe('/menuList?page=2&MenuId=3');
    expect(withoutTracking('/searchKey?key=%E4%BF%9D%E9%99%A9&_=1700000000')).toBe('/searchKey?key=%E4%BF%9D%E9%99%A9');
  });

  it('leaves an address without them untouched, byte for byte', () => {
    for (const address of ['/home', '/searchKey?key=保险', '/menuList?MenuId=3&page=2', '/info?NewsId=1&MenuId=2', '/x?a=1&a=2'])
      expect(withoutTracking(address)).toBe(address);
  });
});
