import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteInfoDto } from '@portal/shared';
import { createTestApp, engines, envelope, type TestApp } from '../../../test/harness.js';
import { insertManyNews, insertMenu, insertNews, timeAt } from '../../../test/fixtures.js';
import { menuIndex } from '../menus/service.js';
import { withRenderedPage } from './page-document.mjs';
import { sitemapPart, sitemapPartCount } from './sitemap.js';

const BASE = 'https://www.example.org.cn';
const INDEX_HTML = '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>协会</title></head><body><div id="root"></div></body></html>';

/** A tag's content attribute, e.g. meta('property', 'og:title'). */
const meta = (html: string, attr: string, key: string) => html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1];
const jsonLd = (html: string) =>
  JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? 'null') as Record<string, unknown> | null;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe.each(engines)('public pages for browsers and crawlers on %s', (engine) => {
  let t: TestApp;
  let webDist: string;
  const menus: Record<string, number> = {};
  const news: Record<string, number> = {};
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    t = await createTestApp(engine, { webDist, publicBaseUrl: BASE });
    const db = t.app.services.database.db;
    menus.home = await insertMenu(db, { name: '首页', curValue: 'home' });
    menus.center = await insertMenu(db, { name: '新闻中心' });
    menus.policy = await insertMenu(db, { name: '政策要闻', parentId: menus.center });
    menus.about = await insertMenu(db, { name: '协会简介', showType: 1 });
    menus.hidden = await insertMenu(db, { name: '内部通知', status: 0 });
    menus.external = await insertMenu(db, { name: '监管平台', webUrl: 'https://jzsc.mohurd.gov.cn/' });
    news.public = await insertNews(db, {
      menuId: menus.policy,
      title: '关于开展工程质量保险试点的通知',
      content: '<p>各地住房和城乡建设主管部门：为推进工程质量保险试点 <b>工作</b></p>',
      imageUrl: '/uploads/2026/cover.png',
      newsCreateTime: timeAt(10),
    });
    news.about = await insertNews(db, {
      menuId: menus.about,
      title: '协会简介',
      content: '<p>协会成立于二〇一六年，是全国性行业组织。</p>',
      newsCreateTime: timeAt(5),
    });
    news.memberOnly = await insertNews(db, {
      menuId: menus.policy,
      title: '会员内参第一期',
      content: '<p>仅限会员的正文</p>',
      isMemberRead: true,
      newsCreateTime: timeAt(20),
    });
    news.hidden = await insertNews(db, { menuId: menus.hidden, title: '内部通知一则', content: '<p>不公开</p>', newsCreateTime: timeAt(30) });
    news.reviewing = await insertNews(db, { menuId: menus.policy, title: '审核中的投稿', content: '<p>待审</p>', status: 3, newsCreateTime: timeAt(40) });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('redirects / to /home permanently', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/home');
  });

  it('answers the known pages 200 and every unknown route, menu and article 404 with the web app', async () => {
    const ok = [
      '/home',
      `/menuList?ParentId=${menus.center}&MenuId=${menus.policy}`,
      `/info?MenuId=${menus.policy}&NewsId=${news.public}`,
      `/info?MenuId=${menus.policy}&NewsId=${news.memberOnly}`,
      '/searchKey?key=保险',
      '/certsearch',
      '/messages',
      '/messages?tab=ask',
      '/contribute',
      '/member/activity',
      '/member/activity/12',
      '/member/activity/12/checkin',
      '/login',
      '/System/home',
    ];
    for (const url of ok) expect((await get(encodeURI(url))).statusCode, url).toBe(200);
    const missing = [
      '/no-such-page',
      '/404',
      '/menuList?MenuId=999999',
      '/menuList?MenuId=abc',
      '/menuList',
      `/menuList?ParentId=0&MenuId=${menus.hidden}`,
      '/info?NewsId=999999',
      '/info',
      `/info?MenuId=${menus.hidden}&NewsId=${news.hidden}`,
    ];
    for (const url of missing) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root">');
      expect(meta(res.body, 'name', 'page-status'), url).toBe('404');
      expect(meta(res.body, 'name', 'robots'), url).toBe('noindex');
      // A missing article is named as one; anything else is a missing page.
      expect(res.body, url).toContain(url.startsWith('/info') ? '<title>文章不存在 · ' : '<title>页面不存在 · ');
    }
  });

  it('answers an unpublished article’s address with a page that says its status and nothing else, not indexed', async () => {
    const res = await get(`/info?MenuId=${menus.policy}&NewsId=${news.reviewing}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>文章审核中 · ');
    expect(meta(res.body, 'name', 'robots')).toBe('noindex');
    expect(res.body).not.toContain('审核中的投稿');
    expect(jsonLd(res.body)).toBeNull();
  });

  it('gives an article page its own title, description, canonical address, share card and NewsArticle data', async () => {
    const res = await get(`/info?NewsId=${news.public}`);
    const html = res.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>关于开展工程质量保险试点的通知 · 中国建设工程保险风险管理协会</title>');
    expect(meta(html, 'name', 'description')).toBe('各地住房和城乡建设主管部门：为推进工程质量保险试点 工作');
    expect(html).toContain(`<link rel="canonical" href="${BASE}/info?MenuId=${menus.policy}&amp;NewsId=${news.public}" />`);
    expect(meta(html, 'property', 'og:type')).toBe('article');
    expect(meta(html, 'property', 'og:title')).toBe('关于开展工程质量保险试点的通知');
    expect(meta(html, 'property', 'og:image')).toBe(`${BASE}/uploads/2026/cover.png`);
    expect(meta(html, 'itemprop', 'image')).toBe(`${BASE}/uploads/2026/cover.png`);
    expect(meta(html, 'name', 'robots')).toBeUndefined();
    expect(jsonLd(html)).toMatchObject({
      '@type': 'NewsArticle',
      headline: '关于开展工程质量保险试点的通知',
      articleSection: '政策要闻',
      datePublished: expect.stringMatching(/\+08:00$/),
    });
  });

  it('keeps one copy of a page for every address that differs only in what the page does not read, and redirects with them', async () => {
    const id = await insertNews(t.app.services.database.db, { menuId: menus.policy!, title: '分享到微信群的文章', newsCreateTime: timeAt(3) });
    const titleAt = async (address: string) => (await get(address)).body.match(/<title>([^<]*) · /)?.[1];
    const title = (query: string) => titleAt(`/info?MenuId=${menus.policy}&NewsId=${id}${query}`);
    expect(await title('')).toBe('分享到微信群的文章');
    // Changed behind the services' back: a kept page still shows the old title.
    await t.app.services.database.db.updateTable('news').set({ title: '改过的标题' }).where('id', '=', id).execute();
    // Tracking parameters, parameters the article page does not read, another order: the kept page.
    expect(await title('&from=singlemessage&isappinstalled=0')).toBe('分享到微信群的文章');
    expect(await title('&utm_source=weixin&utm_medium=share&_=1790000000000')).toBe('分享到微信群的文章');
    expect(await title('&page=1&nsukey=abc&fresh=7')).toBe('分享到微信群的文章');
    expect(await titleAt(`/info?NewsId=${id}&MenuId=${menus.policy}&x=1`)).toBe('分享到微信群的文章');
    // A parameter the page reads (the header's search box shows key) is another address, drawn afresh.
    expect(await title('&key=试点')).toBe('改过的标题');
    const redirect = await get('/?utm_source=baidu&from=timeline');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/home?utm_source=baidu&from=timeline');
  });

  it("gives a form's page the form's title, draws it afresh each time, keeps a members' form out of the index, and answers 404 without one", async () => {
    const db = t.app.services.database.db;
    const form = (title: string, audience: string) =>
      db
        .insertInto('forms')
        .values({ title, description: '请各会员单位填写', kind: 'survey', audience, definition: '[]', created_at: timeAt(1), updated_at: timeAt(1) })
        .returning('id')
        .executeTakeFirstOrThrow();
    const survey = await form('会员满意度调查', 'public');
    const titleOf = async (url: string) => (await get(url)).body.match(/<title>([^<]*) · /)?.[1];
    const html = (await get(`/form/${survey.id}`)).body;
    expect(html).toContain('<title>会员满意度调查 · 中国建设工程保险风险管理协会</title>');
    expect(meta(html, 'name', 'description')).toBe('请各会员单位填写');
    expect(html).toContain(`<link rel="canonical" href="${BASE}/form/${survey.id}" />`);
    expect(meta(html, 'name', 'robots')).toBeUndefined();
    // It opens, closes and fills up with no write a kept copy would follow: never kept.
    await db.updateTable('forms').set({ title: '改过的问卷' }).where('id', '=', survey.id).execute();
    expect(await titleOf(`/form/${survey.id}`)).toBe('改过的问卷');
    const members = await form('会员内部投票', 'members');
    expect(meta((await get(`/form/${members.id}`)).body, 'name', 'robots')).toBe('noindex');
    expect((await get('/form/999999')).statusCode).toBe(404);
  });

  it('reads an article for its head without counting a view', async () => {
    await get(`/info?NewsId=${news.public}`);
    const row = await t.app.services.database.db.selectFrom('news').select('views').where('id', '=', news.public!).executeTakeFirstOrThrow();
    expect(row.views).toBe(0);
  });

  it('never describes a member-only article to visitors and keeps it out of the index', async () => {
    const html = (await get(`/info?NewsId=${news.memberOnly}`)).body;
    expect(html).not.toContain('仅限会员的正文');
    expect(meta(html, 'name', 'robots')).toBe('noindex');
    expect(meta(html, 'name', 'description')).toBe('会员内参第一期（会员专享，请登录后阅读）');
  });

  it('describes the home page with Organization data and a single-page menu with its text', async () => {
    const home = (await get('/home')).body;
    expect(home).toContain('<title>中国建设工程保险风险管理协会</title>');
    expect(meta(home, 'property', 'og:image')).toBe(`${BASE}/share.png`);
    expect(jsonLd(home)).toMatchObject({ '@type': 'Organization', name: '中国建设工程保险风险管理协会', url: `${BASE}/` });
    const about = (await get(`/menuList?ParentId=0&MenuId=${menus.about}`)).body;
    expect(about).toContain('<title>协会简介 · 中国建设工程保险风险管理协会</title>');
    expect(meta(about, 'name', 'description')).toBe('协会成立于二〇一六年，是全国性行业组织。');
    expect(meta(await get('/searchKey?key=x').then((r) => r.body), 'name', 'robots')).toBe('noindex');
  });

  it('sends every page, drawn on the server or not, the site identity GetSiteInfo answers', async () => {
    const siteInfo = envelope<SiteInfoDto>(await get('/api/XfWebApi/GetSiteInfo')).Data;
    for (const url of ['/home', '/login', '/System/system/role', '/contribute', '/no-such-page']) {
      const html = (await get(url)).body;
      const inPage = html.match(/<script type="application\/json" id="site-info">(.*?)<\/script>/)?.[1];
      expect(inPage, url).toBeDefined();
      expect(JSON.parse(inPage!), url).toEqual(siteInfo);
    }
  });

  it('escapes what an editor typed into the head', async () => {
    const id = await insertNews(t.app.services.database.db, {
      menuId: menus.policy!,
      title: '"><script>alert(1)</script>',
      content: '<p>x</p>',
      newsCreateTime: timeAt(50),
    });
    const html = (await get(`/info?NewsId=${id}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
    expect(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1]).toContain('\\u003cscript\\u003e');
  });

  it("keeps a title's $ signs as they are (not read as replacement patterns)", async () => {
    const title = "成本节约$'与$&及$$";
    const id = await insertNews(t.app.services.database.db, { menuId: menus.policy!, title, content: '<p>x</p>', newsCreateTime: timeAt(51) });
    const html = (await get(`/info?NewsId=${id}`)).body;
    const escaped = title.replace('&', '&amp;');
    expect(meta(html, 'property', 'og:title')).toBe(escaped);
    expect(html).toContain(`<title>${escaped} · `);
  });

  it('puts the rendered page into index.html as it is, $ signs included', () => {
    const page = { html: "<p>价格$'与$&</p>", styles: '<style>a{content:"$`"}</style>', state: '{"t":"$1$$"}' };
    const html = withRenderedPage(INDEX_HTML, page);
    expect(html).toContain(`<div id="root">${page.html}</div><script type="application/json" id="query-state">${page.state}</script>`);
    expect(html).toContain(`${page.styles}\n  </head>`);
  });

  it('serves robots.txt that keeps crawlers out of the back office and the API and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body.split('\n')).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /System', 'Disallow: /api/', `Sitemap: ${BASE}/sitemap.xml`]));
  });

  it('lists only public published articles and public menus in sitemap.xml, with lastmod', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const urls = locs(res.body);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${BASE}/home`,
        `${BASE}/messages`,
        `${BASE}/menuList?ParentId=0&MenuId=${menus.center}`,
        `${BASE}/menuList?ParentId=${menus.center}&MenuId=${menus.policy}`,
        `${BASE}/info?MenuId=${menus.policy}&NewsId=${news.public}`,
        // A single page's text is listed once, at the menu's address (its article address redirects there).
        `${BASE}/menuList?ParentId=0&MenuId=${menus.about}`,
      ]),
    );
    expect(urls.filter((u) => u.includes(`NewsId=${news.about}`))).toEqual([]);
    for (const hidden of [
      `NewsId=${news.memberOnly}`,
      `NewsId=${news.hidden}`,
      `NewsId=${news.reviewing}`,
      `MenuId=${menus.hidden}`,
      `MenuId=${menus.external}`,
      `MenuId=${menus.home}`,
    ]) {
      expect(
        urls.filter((u) => u.endsWith(hidden)),
        hidden,
      ).toEqual([]);
    }
    expect(res.body).toMatch(new RegExp(`NewsId=${news.public}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+08:00</lastmod>`));
    expect((await get('/sitemap-1.xml')).statusCode).toBe(404);
  });

  it('splits the addresses into parts of at most the limit, every public page once', async () => {
    const db = t.app.services.database.db;
    const menuId = await insertMenu(db, { name: '行业资讯' });
    await insertManyNews(
      db,
      Array.from({ length: 7 }, (_, i) => ({ menuId, title: `资讯 ${i}`, content: '<p>正文</p>', newsCreateTime: timeAt(60 + i) })),
    );
    const index = await menuIndex(t.app.services.database);
    const whole = await sitemapPart(t.app.services.database, index, 1, 10_000);
    const parts = await sitemapPartCount(t.app.services.database, index, 4);
    expect(parts).toBe(Math.ceil(whole.length / 4));
    const split = [];
    for (let part = 1; part <= parts; part++) {
      const entries = await sitemapPart(t.app.services.database, index, part, 4);
      expect(entries.length, `part ${part}`).toBeLessThanOrEqual(4);
      split.push(...entries);
    }
    expect(split).toEqual(whole);
  });
});
