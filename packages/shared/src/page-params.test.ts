import { describe, expect, it } from 'vitest';
import { pageAddress, pageQuery } from './page-params.js';

describe('page parameters', () => {
  it('keeps what a page reads, in its own order, and drops the rest', () => {
    expect(pageAddress('/info?NewsId=12&MenuId=8&nsukey=x&from=singlemessage')).toBe('/info?MenuId=8&NewsId=12');
    expect(pageAddress('/menuList?page=2&MenuId=3&ParentId=1&utm_source=wx')).toBe('/menuList?ParentId=1&MenuId=3&page=2');
    expect(pageAddress('/home?fresh=1')).toBe('/home');
    expect(pageAddress('/home?tabPage=2&tab=3&latest=4')).toBe('/home?latest=4&tab=3&tabPage=2');
    expect(pageAddress('/searchKey?page=2&key=%E4%BF%9D%E9%99%A9&x=1')).toBe('/searchKey?key=%E4%BF%9D%E9%99%A9&page=2');
    expect(pageAddress('/certsearch?CertNum=A1&Name=%E5%BC%A0')).toBe('/certsearch?Name=%E5%BC%A0&CertNum=A1');
  });

  it('keeps what the shell reads on every listed page: the search box and the current menu', () => {
    expect(pageAddress('/home?key=a&MenuId=2&other=1')).toBe('/home?key=a&MenuId=2');
    expect(pageAddress('/contribute?MenuId=2')).toBe('/contribute?MenuId=2');
  });

  it('reads a repeated name as URLSearchParams.get does (the first), and matches routes in any case', () => {
    expect(pageAddress('/info?NewsId=1&NewsId=2')).toBe('/info?NewsId=1');
    expect(pageAddress('/INFO/?NewsId=1&junk=2')).toBe('/INFO/?NewsId=1');
  });

  it('leaves a route it does not list as it was, tracking parameters aside', () => {
    expect(pageAddress('/member/activity/3?x=1&utm_source=a')).toBe('/member/activity/3?x=1');
    expect(pageAddress('/nowhere?b=2&a=1')).toBe('/nowhere?b=2&a=1');
    expect(pageQuery('/System/news', new URLSearchParams('a=1&_=2')).toString()).toBe('a=1');
  });
});
