import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMemberRow } from '../../../test/admin.js';
import { createTestApp, enginesFor, type TestApp } from '../../../test/harness.js';
import { insertMenu, insertNews, timeAt } from '../../../test/fixtures.js';

const BASE = 'https://www.example.org.cn';
const SITE = '中国建设工程保险风险管理协会';
const INDEX_HTML = '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>协会</title></head><body><div id="root"></div></body></html>';

type Thing = Record<string, unknown> & { '@type': string };

/** Every JSON-LD block of a page, parsed, by its @type. */
function structuredData(html: string): Record<string, Thing> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Thing);
  for (const block of blocks) expect(block['@context']).toBe('https://schema.org');
  return Object.fromEntries(blocks.map((b) => [b['@type'], b]));
}
const meta = (html: string, attr: string, key: string) => html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1];

/** What search engines require of a BreadcrumbList: ListItems numbered from 1, each named and addressed absolutely. */
function checkBreadcrumbs(list: Thing | undefined, expected: [string, string][]) {
  expect(list).toBeDefined();
  const items = list!.itemListElement as Thing[];
  expect(items.map((i) => [i.name, i.item])).toEqual(expected.map(([name, path]) => [name, BASE + path]));
  items.forEach((item, i) => expect(item).toMatchObject({ '@type': 'ListItem', position: i + 1 }));
}

/** A length as schema.org's ImageObject takes its width and height: a QuantitativeValue in pixels (UN/CEFACT E37). */
const pixels = (value: number) => ({ '@type': 'QuantitativeValue', value, unitCode: 'E37' });
/** The default share image, sized. */
const shareImage = { '@type': 'ImageObject', url: `${BASE}/share.png`, width: pixels(480), height: pixels(480) };

/** The association as schema.org describes it: named, at the site's root, with a sized logo. */
const association = {
  '@type': 'Organization',
  name: SITE,
  url: `${BASE}/`,
  logo: shareImage,
};

describe.each(enginesFor('neutral'))('structured data in the head of public pages on %s', (engine) => {
  let t: TestApp;
  let webDist: string;
  const menus: Record<string, number> = {};
  const news: Record<string, number> = {};
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    t = await createTestApp(engine, { webDist, publicBaseUrl: BASE });
    const db = t.app.services.database.db;
    menus.center = await insertMenu(db, { name: '新闻中心' });
    menus.policy = await insertMenu(db, { name: '政策要闻', parentId: menus.center });
    news.cover = await insertNews(db, {
      menuId: menus.policy,
      title: '关于开展工程质量保险试点的通知',
      content: '<p>试点工作</p>',
      imageUrl: '/uploads/2026/cover.png',
      newsCreateTime: timeAt(10),
    });
    const member = await insertMemberRow(t, '华建工程保险经纪有限公司', 1);
    news.contributed = await insertNews(db, {
      menuId: menus.policy,
      title: '会员投稿：风险管理实践',
      content: '<p>投稿</p>',
      memberId: member,
      newsCreateTime: timeAt(11),
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('describes the association at the site’s root on the home page, and the site it publishes, with a described, sized share image', async () => {
    const html = await get('/home');
    const data = structuredData(html);
    expect(Object.keys(data)).toEqual(['Organization', 'WebSite']);
    expect(data.Organization).toMatchObject({
      ...association,
      '@id': `${BASE}/#organization`,
      alternateName: expect.any(String),
      address: { '@type': 'PostalAddress', addressCountry: 'CN' },
    });
    expect(data.WebSite).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      '@id': `${BASE}/#website`,
      name: SITE,
      alternateName: data.Organization!.alternateName,
      url: `${BASE}/`,
      inLanguage: 'zh-CN',
      publisher: { '@id': `${BASE}/#organization` },
    });
    // Only home says what the site is.
    for (const url of [`/menuList?ParentId=${menus.center}&MenuId=${menus.policy}`, `/info?MenuId=${menus.policy}&NewsId=${news.cover}`])
      expect(Object.keys(structuredData(await get(url))), url).not.toContain('WebSite');
    expect(meta(html, 'property', 'og:image')).toBe(`${BASE}/share.png`);
    expect(meta(html, 'property', 'og:image:alt')).toBe(`${SITE}标志`);
    expect(meta(html, 'property', 'og:image:width')).toBe('480');
    expect(meta(html, 'property', 'og:image:height')).toBe('480');
  });

  it('gives a menu page its trail from 首页 down', async () => {
    const data = structuredData(await get(`/menuList?ParentId=${menus.center}&MenuId=${menus.policy}`));
    expect(Object.keys(data)).toEqual(['BreadcrumbList']);
    checkBreadcrumbs(data.BreadcrumbList, [
      ['首页', '/home'],
      ['新闻中心', `/menuList?ParentId=0&MenuId=${menus.center}`],
      ['政策要闻', `/menuList?ParentId=${menus.center}&MenuId=${menus.policy}`],
    ]);
  });

  it('describes an article as a NewsArticle by the association, published by it, and its trail down to 正文, as the page draws it', async () => {
    const address = `/info?MenuId=${menus.policy}&NewsId=${news.cover}`;
    const html = await get(address);
    const data = structuredData(html);
    expect(Object.keys(data)).toEqual(['NewsArticle', 'BreadcrumbList']);
    const article = data.NewsArticle!;
    // What rich results require and recommend: headline, image, dates, author with a name, publisher with a logo.
    expect(article).toMatchObject({
      headline: '关于开展工程质量保险试点的通知',
      image: [{ '@type': 'ImageObject', url: `${BASE}/uploads/2026/cover.png` }],
      datePublished: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/),
      dateModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/),
      mainEntityOfPage: BASE + address,
      articleSection: '政策要闻',
      author: association,
      publisher: association,
    });
    checkBreadcrumbs(data.BreadcrumbList, [
      ['首页', '/home'],
      ['新闻中心', `/menuList?ParentId=0&MenuId=${menus.center}`],
      ['政策要闻', `/menuList?ParentId=${menus.center}&MenuId=${menus.policy}`],
      ['正文', address],
    ]);
    // The cover's own description; its size is not known, so none is claimed.
    expect(meta(html, 'property', 'og:image:alt')).toBe('关于开展工程质量保险试点的通知');
    expect(meta(html, 'property', 'og:image:width')).toBeUndefined();
  });

  it('names the member company that contributed an article as its author, and sizes the default image', async () => {
    const article = structuredData(await get(`/info?MenuId=${menus.policy}&NewsId=${news.contributed}`)).NewsArticle!;
    expect(article.author).toEqual({ '@type': 'Organization', name: '华建工程保险经纪有限公司' });
    expect(article.publisher).toMatchObject(association);
    expect(article.image).toEqual([shareImage]);
  });

  it('gives the head’s itemprop tags (the share cards of WeChat and QQ) an item to belong to', async () => {
    for (const url of ['/home', `/info?MenuId=${menus.policy}&NewsId=${news.cover}`, '/no-such-page']) {
      const html = await get(url);
      const head = html.slice(html.indexOf('<head'), html.indexOf('</head>'));
      expect(head, url).toMatch(/^<head itemscope itemtype="https:\/\/schema.org\/WebPage">/);
      expect(head.match(/itemprop="/g), url).toHaveLength(3);
      expect(html.indexOf('itemprop'), url).toBeLessThan(html.indexOf('</head>'));
    }
  });
});
