import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, envelope, type TestApp } from '../../../test/harness.js';
import { insertMenu, insertNews, timeAt } from '../../../test/fixtures.js';

const BASE = 'https://www.example.org.cn';
const INDEX_HTML = '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>协会</title></head><body><div id="root"></div></body></html>';
/** The icon the web build copies into its output (apps/web/public). */
const FAVICON = fileURLToPath(new URL('../../../../web/public/favicon.ico', import.meta.url));
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1]?.replace(/&amp;/g, '&');
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe.each(engines)('one address per page on %s', (engine) => {
  let t: TestApp;
  let webDist: string;
  const menus: Record<string, number> = {};
  const news: Record<string, number> = {};
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    // As the build leaves it: the public folder's files beside index.html.
    fs.copyFileSync(FAVICON, path.join(webDist, 'favicon.ico'));
    t = await createTestApp(engine, { webDist, publicBaseUrl: BASE, mobileSiteUrl: 'https://m.example.org.cn/' });
    const db = t.app.services.database.db;
    menus.center = await insertMenu(db, { name: '新闻中心' });
    menus.about = await insertMenu(db, { name: '协会简介', showType: 1 });
    news.older = await insertNews(db, { menuId: menus.about, title: '协会简介（旧版）', content: '<p>旧的简介</p>', newsCreateTime: timeAt(1) });
    news.about = await insertNews(db, { menuId: menus.about, title: '协会简介', content: '<p>协会成立于二〇一六年。</p>', newsCreateTime: timeAt(5) });
    news.article = await insertNews(db, { menuId: menus.center, title: '协会动态一则', newsCreateTime: timeAt(6) });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('gives a single-page menu’s text one address, the menu’s: its article address redirects there, and the sitemap lists it once', async () => {
    const menuAddress = `/menuList?ParentId=0&MenuId=${menus.about}`;
    const page = await get(menuAddress);
    expect(page.statusCode).toBe(200);
    expect(canonical(page.body)).toBe(BASE + menuAddress);
    for (const url of [`/info?MenuId=${menus.about}&NewsId=${news.about}`, `/info?NewsId=${news.about}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(menuAddress);
    }
    // An older text of the menu, which its page does not show, keeps its own address.
    expect((await get(`/info?MenuId=${menus.about}&NewsId=${news.older}`)).statusCode).toBe(200);
    const urls = locs((await get('/sitemap.xml')).body);
    expect(urls).toContain(BASE + menuAddress);
    expect(urls.filter((u) => u.includes(`MenuId=${menus.about}`))).toEqual([BASE + menuAddress]);
  });

  it('reads page parameter names in any case, redirecting to the spelling the links use', async () => {
    // The proper spelling first, so a kept page exists that a wrong spelling must not be answered with.
    expect((await get('/home?tab=2')).statusCode).toBe(200);
    const moved = {
      [`/info?menuid=${menus.center}&newsid=${news.article}`]: `/info?MenuId=${menus.center}&NewsId=${news.article}`,
      [`/INFO?NEWSID=${news.article}&utm_source=wx`]: `/INFO?NewsId=${news.article}&utm_source=wx`,
      [`/menulist?menuId=${menus.center}&parentid=0&page=2`]: `/menulist?MenuId=${menus.center}&ParentId=0&page=2`,
      '/searchKey?KEY=%E4%BF%9D%E9%99%A9': '/searchKey?key=%E4%BF%9D%E9%99%A9',
      '/home?TAB=2': '/home?tab=2',
    };
    for (const [from, to] of Object.entries(moved)) {
      const res = await get(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
      expect((await get(to)).statusCode, to).toBe(200);
    }
    // Names no page reads are left alone; the page is drawn as without them.
    expect((await get(`/info?MenuId=${menus.center}&NewsId=${news.article}&FROM=timeline`)).statusCode).toBe(200);
  });

  it('redirects /index.html to /home', async () => {
    const moved: [string, string][] = [
      ['/index.html', '/home'],
      ['/INDEX.HTML?from=singlemessage', '/home?from=singlemessage'],
    ];
    for (const [from, to] of moved) {
      const res = await get(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
  });

  it('answers any unknown address, with a dot or not, with the 404 page; a missing build file or call with JSON', async () => {
    for (const url of ['/foo.php', '/a/b.txt', '/wp-login.php?x=1', '/no/such/page', '/sitemap-9.xml']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain('<meta name="page-status" content="404" />');
      expect(res.body, url).toContain('<title>页面不存在 · ');
    }
    const file = await get('/assets/missing-1a2b.js');
    expect(file.statusCode).toBe(404);
    expect(file.headers['content-type']).toContain('application/json');
    expect(envelope(await get('/api/XfWebApi/NoSuchCall')).Code).toBe(404);
  });

  it('serves /favicon.ico: the emblem at 16, 32 and 48 pixels', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const ico = res.rawPayload;
    // ICONDIR: reserved 0, type 1 (icon), three images; each entry's width and height.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    expect([0, 1, 2].map((i) => [ico[6 + 16 * i], ico[7 + 16 * i]])).toEqual([
      [16, 16],
      [32, 32],
      [48, 48],
    ]);
  });

  it('sends a phone to the same page on the mobile site, path and query kept', async () => {
    const cases = {
      [`/info?MenuId=${menus.center}&NewsId=${news.article}&from=timeline`]: `https://m.example.org.cn/info?MenuId=${menus.center}&NewsId=${news.article}&from=timeline`,
      [`/menuList?ParentId=0&MenuId=${menus.center}`]: `https://m.example.org.cn/menuList?ParentId=0&MenuId=${menus.center}`,
      '/home': 'https://m.example.org.cn/home',
    };
    for (const [from, to] of Object.entries(cases)) {
      const res = await get(from, { 'user-agent': IPHONE });
      expect(res.statusCode, from).toBe(302);
      expect(res.headers.location, from).toBe(to);
    }
    // A wrong spelling is put right first, then the phone goes on from there.
    expect((await get(`/info?newsid=${news.article}`, { 'user-agent': IPHONE })).headers.location).toBe(`/info?NewsId=${news.article}`);
  });
});
