import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArticleStatus, formatCst, MenuShowType } from '@portal/shared';
import { insertMemberRow } from '../../../test/admin.js';
import { insertManyNews, insertMenu, insertNews } from '../../../test/fixtures.js';
import { createTestApp, engines } from '../../../test/harness.js';
import { createReviewTest, type ReviewTest } from '../../../test/review.js';
import { rfc822 } from './xml.js';

const BASE = 'https://www.example.org.cn';
const SITE = '中国建设工程保险风险管理协会';
const HOUR = 3_600_000;
const INDEX_HTML = '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>协会</title></head><body><div id="root"></div></body></html>';

/** Entries, items and Atom's links as lists whatever their number; values as written (a title of digits stays text). */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name, jpath) => name === 'item' || name === 'entry' || (name === 'link' && String(jpath).startsWith('feed.')),
  parseTagValue: false,
});

interface RssItem {
  title: string;
  link: string;
  guid: { '#text': string; '@_isPermaLink': string };
  pubDate: string;
  'dc:creator': string;
  category: string;
  description: string;
  'content:encoded': string;
}
interface AtomEntry {
  id: string;
  title: { '#text': string };
  link: { '@_rel': string; '@_href': string }[];
  published: string;
  updated: string;
  author: { name: string };
  category: { '@_term': string };
  summary: { '#text': string };
  content: { '#text': string; '@_type': string };
}

/** The feed parsed, after checking it is well-formed XML. */
function parseFeed<T>(xml: string): T {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml) as T;
}
const rssOf = (xml: string) => parseFeed<{ rss: { '@_version': string; channel: Record<string, unknown> & { item?: RssItem[] } } }>(xml).rss;
const atomOf = (xml: string) => parseFeed<{ feed: Record<string, unknown> & { entry?: AtomEntry[] } }>(xml).feed;

describe.each(engines)('RSS and Atom feeds on %s', (engine) => {
  let r: ReviewTest;
  let webDist: string;
  const menus: Record<string, number> = {};
  /** Public articles, newest first, as the site feed must list them. */
  const listed: { id: number; menuId: number; title: string }[] = [];
  /** Text a visitor must never read in a feed. */
  const unseen: string[] = [];
  let articleWithLinks = 0;
  let contributed = 0;

  const get = (url: string, headers: Record<string, string> = {}) => r.t.app.inject({ method: 'GET', url, headers });
  const at = (hoursAgo: number) => formatCst(r.clock.now() - hoursAgo * HOUR);

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    r = await createReviewTest(engine, { publicBaseUrl: BASE, webDist });
    const db = r.t.app.services.database.db;
    menus.center = r.menus.news;
    menus.child = r.menus.child;
    menus.notices = r.menus.plain;
    menus.hidden = await insertMenu(db, { name: '内部通知', status: 0 });
    menus.about = await insertMenu(db, { name: '协会简介', showType: MenuShowType.SinglePage });

    articleWithLinks = await insertNews(db, {
      menuId: menus.child,
      title: '协会召开二〇二四年度理事会',
      content:
        '<p>会议在北京召开。<img src="/uploads/202406/meeting.png" alt="会场" /><a href="info?MenuId=1&amp;NewsId=2">上一次会议</a>' +
        '<a href="/menuList?ParentId=0&amp;MenuId=3">栏目</a><a href="https://www.mohurd.gov.cn/">住建部</a><a href="#note">注</a><img src="//cdn.example.org/x.png" /></p>',
      newsCreateTime: at(1),
    });
    contributed = await insertNews(db, {
      menuId: menus.child,
      title: '会员单位投稿：风险管理实践',
      content: '<p>投稿正文</p>',
      memberId: await insertMemberRow(r.t, '华建工程保险经纪有限公司', 1),
      newsCreateTime: at(2),
    });
    // A published article whose edit waits in its review chain: the feed shows the live text.
    const edited = await insertNews(db, { menuId: menus.child, title: '原标题', content: '<p>原有正文</p>', newsCreateTime: at(1.5) });
    const edit = await r.save({ NewsId: edited, Title: '改后标题', NewContent: '<p>待审改稿专用词</p>', Version: (await r.article(edited)).version });
    expect(edit.Message).toBe('修改已提交审核，审核通过后生效');
    listed.push(
      { id: articleWithLinks, menuId: menus.child, title: '协会召开二〇二四年度理事会' },
      { id: edited, menuId: menus.child, title: '原标题' },
      { id: contributed, menuId: menus.child, title: '会员单位投稿：风险管理实践' },
    );
    unseen.push('改后标题', '待审改稿专用词');

    const hiddenKinds: [string, Partial<Parameters<typeof insertNews>[1]>][] = [
      ['会员专享内参', { isMemberRead: true }],
      ['定时发布的预告', { status: ArticleStatus.Scheduled, newsCreateTime: formatCst(r.clock.now() + HOUR) }],
      ['尚未完成的草稿', { status: ArticleStatus.Draft }],
      ['审核中的投稿', { status: ArticleStatus.UnderReview }],
      ['已停用的旧文', { status: ArticleStatus.Closed }],
      ['审核不通过的稿件', { status: ArticleStatus.Rejected }],
    ];
    for (const [title, fields] of hiddenKinds) {
      await insertNews(db, { menuId: menus.child, title, content: `<p>${title}的正文</p>`, newsCreateTime: at(0.5), ...fields });
      unseen.push(title, `${title}的正文`);
    }
    await insertNews(db, { menuId: menus.hidden, title: '隐藏栏目的通知', content: '<p>不公开</p>', newsCreateTime: at(0.5) });
    await insertNews(db, { menuId: menus.about, title: '协会简介正文', content: '<p>协会成立于二〇一六年。</p>', newsCreateTime: at(0.5) });
    unseen.push('隐藏栏目的通知', '协会简介正文');

    // More notices than a feed holds, older than the news above.
    const notices = Array.from({ length: 22 }, (_, i) => ({
      menuId: menus.notices!,
      title: `通知公告第${i + 1}号`,
      content: `<p>通知正文 ${i + 1}</p>`,
      newsCreateTime: at(3 + i),
    }));
    const ids = await insertManyNews(db, notices);
    listed.push(...ids.map((id, i) => ({ id, menuId: menus.notices!, title: notices[i]!.title })));
  });
  afterAll(async () => {
    await r.t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers the whole site’s RSS 2.0: its channel, the newest 20 public articles in full, every address absolute', async () => {
    const res = await get('/feed.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const rss = rssOf(res.body);
    expect(rss['@_version']).toBe('2.0');
    const { channel } = rss;
    expect(channel).toMatchObject({ title: SITE, link: `${BASE}/home`, language: 'zh-CN', lastBuildDate: rfc822(at(1)) });
    expect(channel['atom:link']).toMatchObject({ '@_href': `${BASE}/feed.xml`, '@_rel': 'self', '@_type': 'application/rss+xml' });
    expect(channel.image).toMatchObject({ url: `${BASE}/share.png`, link: `${BASE}/home` });

    const items = channel.item ?? [];
    expect(items.map((i) => i.title)).toEqual(listed.slice(0, 20).map((a) => a.title));
    for (const [i, item] of items.entries()) {
      const address = `${BASE}/info?MenuId=${listed[i]!.menuId}&NewsId=${listed[i]!.id}`;
      expect(item.link, item.title).toBe(address);
      expect(item.guid).toEqual({ '#text': address, '@_isPermaLink': 'true' });
      expect(item.pubDate).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d \+0800$/);
    }
    // 2024-06-01 was a Saturday; an hour before the clock's 10:00 CST.
    expect(items[0]!.pubDate).toBe('Sat, 01 Jun 2024 09:00:00 +0800');

    const first = items[0]!;
    expect(first).toMatchObject({ 'dc:creator': SITE, category: '协会动态', description: '会议在北京召开。上一次会议栏目住建部注' });
    const html = first['content:encoded'];
    expect(html).toContain(`<img src="${BASE}/uploads/202406/meeting.png" alt="会场" />`);
    expect(html).toContain(`<a href="${BASE}/info?MenuId=1&amp;NewsId=2">`);
    expect(html).toContain(`<a href="${BASE}/menuList?ParentId=0&amp;MenuId=3">`);
    expect(html).toContain('<a href="https://www.mohurd.gov.cn/">');
    expect(html).toContain('<a href="#note">');
    expect(html).toContain('<img src="https://cdn.example.org/x.png" />');
    expect(items.find((i) => i.title === '会员单位投稿：风险管理实践')?.['dc:creator']).toBe('华建工程保险经纪有限公司');
    expect(items.find((i) => i.title === '原标题')?.['content:encoded']).toBe('<p>原有正文</p>');

    for (const text of unseen) expect(res.body, text).not.toContain(text);
  });

  it('answers the same in Atom 1.0', async () => {
    const res = await get('/atom.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="zh-CN">');
    const feed = atomOf(res.body);
    expect(feed).toMatchObject({
      id: `${BASE}/atom.xml`,
      title: { '#text': SITE },
      updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/),
      author: { name: SITE, uri: `${BASE}/` },
      logo: `${BASE}/share.png`,
    });
    expect(feed.link).toEqual([
      { '@_rel': 'self', '@_type': 'application/atom+xml', '@_href': `${BASE}/atom.xml` },
      { '@_rel': 'alternate', '@_type': 'text/html', '@_href': `${BASE}/home` },
    ]);
    const entries = feed.entry ?? [];
    expect(entries.map((e) => e.title['#text'])).toEqual(listed.slice(0, 20).map((a) => a.title));
    const first = entries[0]!;
    const address = `${BASE}/info?MenuId=${menus.child}&NewsId=${articleWithLinks}`;
    expect(first).toMatchObject({ id: address, published: `${at(1).replace(' ', 'T')}+08:00`, author: { name: SITE }, category: { '@_term': '协会动态' } });
    expect(first.link).toEqual([{ '@_rel': 'alternate', '@_type': 'text/html', '@_href': address }]);
    expect(first.content['@_type']).toBe('html');
    expect(first.content['#text']).toContain(`<img src="${BASE}/uploads/202406/meeting.png"`);
    expect(entries.find((e) => e.id.endsWith(`NewsId=${contributed}`))?.author.name).toBe('华建工程保险经纪有限公司');
    for (const e of entries) expect(e.updated >= e.published, e.id).toBe(true);
    for (const text of unseen) expect(res.body, text).not.toContain(text);
  });

  it('gives a menu a feed of its own articles and those of the menus below it', async () => {
    const center = rssOf((await get(`/feed/${menus.center}.xml`)).body).channel;
    expect(center).toMatchObject({ title: `新闻中心 · ${SITE}`, link: `${BASE}/menuList?ParentId=0&MenuId=${menus.center}` });
    expect(center['atom:link']).toMatchObject({ '@_href': `${BASE}/feed/${menus.center}.xml` });
    expect((center.item ?? []).map((i) => i.title)).toEqual(listed.filter((a) => a.menuId === menus.child).map((a) => a.title));

    const notices = rssOf((await get(`/feed/${menus.notices}.xml`)).body).channel.item ?? [];
    expect(notices.map((i) => i.title)).toEqual(
      listed
        .filter((a) => a.menuId === menus.notices)
        .slice(0, 20)
        .map((a) => a.title),
    );

    const child = await get(`/atom/${menus.child}.xml`);
    expect(child.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = atomOf(child.body);
    expect(feed.id).toBe(`${BASE}/atom/${menus.child}.xml`);
    expect((feed.entry ?? []).map((e) => e.title['#text'])).toEqual(listed.filter((a) => a.menuId === menus.child).map((a) => a.title));
    for (const text of unseen) expect(child.body, text).not.toContain(text);
  });

  it('answers the site’s 404 page for a menu without a feed: unknown, hidden or a single page', async () => {
    for (const url of ['/feed/999999.xml', `/feed/${menus.hidden}.xml`, `/atom/${menus.about}.xml`, '/feed/abc.xml']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<meta name="page-status" content="404" />');
    }
  });

  it('links the feeds from the head of every page, and a list menu’s own from its page and its articles', async () => {
    const siteLinks = [
      `<link rel="alternate" type="application/rss+xml" title="${SITE} RSS" href="${BASE}/feed.xml" />`,
      `<link rel="alternate" type="application/atom+xml" title="${SITE} Atom" href="${BASE}/atom.xml" />`,
    ];
    const menuLinks = [
      `<link rel="alternate" type="application/rss+xml" title="协会动态 · ${SITE} RSS" href="${BASE}/feed/${menus.child}.xml" />`,
      `<link rel="alternate" type="application/atom+xml" title="协会动态 · ${SITE} Atom" href="${BASE}/atom/${menus.child}.xml" />`,
    ];
    for (const url of ['/home', '/no-such-page', `/menuList?ParentId=0&MenuId=${menus.about}`]) {
      const html = (await get(url)).body;
      for (const link of siteLinks) expect(html, url).toContain(link);
      expect(html, url).not.toContain('/feed/');
    }
    for (const url of [`/menuList?ParentId=${menus.center}&MenuId=${menus.child}`, `/info?MenuId=${menus.child}&NewsId=${articleWithLinks}`]) {
      const html = (await get(url)).body;
      for (const link of [...siteLinks, ...menuLinks]) expect(html, url).toContain(link);
    }
  });

  // Last: it publishes an article.
  it('keeps a feed until an article is published, answering 304 to its tag meanwhile', async () => {
    const first = await get('/feed.xml');
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect((await get('/feed.xml', { 'if-none-match': etag })).statusCode).toBe(304);
    // Renamed behind the services' back: the kept feed is still served.
    await r.t.app.services.database.db.updateTable('news').set({ title: '直接改过的标题' }).where('id', '=', articleWithLinks).execute();
    expect((await get('/feed.xml')).body).not.toContain('直接改过的标题');

    const saved = await r.call<number>(r.tokens.admin, 'POST', 'SaveNews', {
      MenuId: menus.notices,
      Title: '刚刚发布的通知',
      NewContent: '<p>新通知</p>',
      Status: ArticleStatus.Published,
    });
    expect(saved.Code, saved.Message).toBe(200);
    const fresh = await get('/feed.xml', { 'if-none-match': etag });
    expect(fresh.statusCode).toBe(200);
    const titles = (rssOf(fresh.body).channel.item ?? []).map((i) => i.title);
    expect(titles.slice(0, 2)).toEqual(['刚刚发布的通知', '直接改过的标题']);
    expect(titles).toHaveLength(20);
    expect((await get(`/atom/${menus.notices}.xml`)).body).toContain('刚刚发布的通知');
  });
});

describe.each(engines)('feeds without PUBLIC_BASE_URL on %s', (engine) => {
  it('builds links on the address asked at, and keeps nothing built from a Host other than this machine’s', async () => {
    const t = await createTestApp(engine);
    try {
      const menuId = await insertMenu(t.app.services.database.db, { name: '通知公告' });
      await insertNews(t.app.services.database.db, { menuId, title: '一则通知', content: '<p><img src="/uploads/202406/a.png" /></p>' });
      const feed = (host: string) => t.app.inject({ method: 'GET', url: '/feed.xml', headers: { host } });
      const made = await feed('evil.example');
      expect(rssOf(made.body).channel.item?.[0]?.['content:encoded']).toBe('<p><img src="http://evil.example/uploads/202406/a.png" /></p>');
      expect(made.headers.etag).toBeUndefined();
      expect(made.headers['cache-control']).toBe('no-store');
      const local = await feed('127.0.0.1:3000');
      expect(local.headers.etag).toBeDefined();
      expect(local.headers['cache-control']).toBe('no-cache');
      expect(local.body).toContain('<link>http://127.0.0.1:3000/home</link>');
    } finally {
      await t.close();
    }
  });
});
