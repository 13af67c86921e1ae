import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createAdminTestApp } from '../../test/admin.js';
import { enginesFor, envelope, type TestApp } from '../../test/harness.js';
import { parseAdminAllowList } from './admin-addresses.js';

/** ADMIN_ALLOWED_ADDRESSES: the back office answers only the listed addresses and ranges, IPv4 and IPv6. */

describe('ADMIN_ALLOWED_ADDRESSES', () => {
  it('is off unless set, and takes addresses and ranges of both families', () => {
    expect(loadConfig({}).adminAllowedAddresses).toBeUndefined();
    expect(parseAdminAllowList(' 10.0.0.0/8, 2001:db8::/32,127.0.0.1 ,')?.entries).toEqual(['10.0.0.0/8', '2001:db8::/32', '127.0.0.1']);
  });

  it('refuses to start on an entry that is not one, naming it', () => {
    for (const bad of ['office-lan', '10.0.0.0/33', '2001:db8::/129', '10.0.0.1/8/1', '10.0.0.0/x', '300.1.1.1'])
      expect(() => loadConfig({ ADMIN_ALLOWED_ADDRESSES: `127.0.0.1, ${bad}` }), bad).toThrow(`ADMIN_ALLOWED_ADDRESSES: "${bad}"`);
  });
});

describe.each(enginesFor('neutral'))('the back office behind an allow-list on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp(engine, {}, { trustProxy: 1, adminAllowedAddresses: parseAdminAllowList('192.0.2.0/24, 2001:db8:a::/48') });
  });
  afterAll(() => t.close());

  const from = (address: string, url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': address } });

  it('answers the listed ranges, IPv4, IPv6 and IPv4-mapped alike', async () => {
    for (const address of ['192.0.2.9', '::ffff:192.0.2.10', '2001:db8:a:1::5', '2001:DB8:A:FFFF::1']) {
      expect(envelope(await from(address, '/api/XfSystemApi/GetCode')).Code, address).toBe(200);
      expect((await from(address, '/System/home')).statusCode, address).not.toBe(403);
    }
  });

  it('refuses every other address on the admin calls and pages, saying why', async () => {
    for (const address of ['198.51.100.1', '2001:db8:b::1', '::ffff:203.0.113.1']) {
      for (const url of ['/api/XfSystemApi/GetCode', '/api/XfSysBussiness/GetNewsList', '/api/XfSystemApi/Login'])
        expect(envelope(await from(address, url)), `${address} ${url}`).toEqual({
          Code: 403,
          Message: '当前网络地址不允许访问管理后台，请联系系统管理员',
          Data: null,
        });
      const page = await from(address, '/System/home');
      expect(page.statusCode).toBe(403);
      expect(page.body).toContain('当前网络地址不允许访问管理后台');
    }
  });

  it('leaves the public site and the member area open to everyone', async () => {
    for (const url of ['/api/XfWebApi/GetMenuList?parentid=-1', '/api/XfWebApi/GetPrivacyPolicy', '/healthz'])
      expect((await from('198.51.100.1', url)).statusCode, url).toBe(200);
    expect((await from('198.51.100.1', '/SystemNews')).statusCode).not.toBe(403);
  });
});
