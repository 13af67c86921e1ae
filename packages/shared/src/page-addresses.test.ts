import { describe, expect, it } from 'vitest';
import { menuFeedPath, SITE_FEED_PATHS } from './feeds.js';
import { mobileAddress } from './mobile-site.js';
import { respelledPageAddress } from './page-params.js';

describe('one spelling of a page address', () => {
  it('spells the names a page reads as its links do, keeping values, other names and their order', () => {
    expect(respelledPageAddress('/info?menuid=8&newsid=12')).toBe('/info?MenuId=8&NewsId=12');
    expect(respelledPageAddress('/info?NEWSID=12&from=singlemessage&menuId=8')).toBe('/info?NewsId=12&from=singlemessage&MenuId=8');
    expect(respelledPageAddress('/searchKey?KEY=%E4%BF%9D+%E9%99%A9&Page=2')).toBe('/searchKey?key=%E4%BF%9D+%E9%99%A9&page=2');
    expect(respelledPageAddress('/certsearch?name=%E5%BC%A0&certnum=A1')).toBe('/certsearch?Name=%E5%BC%A0&CertNum=A1');
    // The shell's parameters on any listed page.
    expect(respelledPageAddress('/contribute?menuid=2')).toBe('/contribute?MenuId=2');
  });

  it('answers undefined when there is nothing to put right', () => {
    expect(respelledPageAddress('/info?MenuId=8&NewsId=12')).toBeUndefined();
    expect(respelledPageAddress('/info?MENUID')).toBe('/info?MenuId');
    expect(respelledPageAddress('/home')).toBeUndefined();
    expect(respelledPageAddress('/info?utm_source=wx&FROM=x')).toBeUndefined();
    // Routes pages do not list (the back office, members' pages) keep their addresses.
    expect(respelledPageAddress('/System/news?menuid=1')).toBeUndefined();
    expect(respelledPageAddress('/info?%E0%A4%A=1')).toBeUndefined();
  });
});

describe('the mobile site address of a page', () => {
  it('carries the path and query to the mobile site, under its folder if it has one', () => {
    expect(mobileAddress('https://m.example.org/', '/info?MenuId=3&NewsId=7')).toBe('https://m.example.org/info?MenuId=3&NewsId=7');
    expect(mobileAddress('https://m.example.org', '/home')).toBe('https://m.example.org/home');
    expect(mobileAddress('https://example.org/m/', '/menuList?ParentId=0&MenuId=2#top')).toBe('https://example.org/m/menuList?ParentId=0&MenuId=2#top');
    expect(mobileAddress('https://example.org/m/?from=pc', '/')).toBe('https://example.org/m/');
  });
});

describe('feed addresses', () => {
  it('names the site’s feeds and a menu’s', () => {
    expect(SITE_FEED_PATHS).toEqual({ rss: '/feed.xml', atom: '/atom.xml' });
    expect([menuFeedPath(12, 'rss'), menuFeedPath(12, 'atom')]).toEqual(['/feed/12.xml', '/atom/12.xml']);
  });
});
