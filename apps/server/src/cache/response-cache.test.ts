import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BannerDto, FriendLinkDto, ListDto, MenuDto, NewsDetailDto, NewsListItemDto } from '@portal/shared';
import { createContentAdminTest, type ContentAdminTest } from '../../test/content-admin.js';
import { insertBanner, insertMenu, insertNews } from '../../test/fixtures.js';
import { createTestApp, engines, envelope, type TestApp } from '../../test/harness.js';
import { loadConfig } from '../config.js';
import { contentChanged } from './generations.js';
import { ByteLru } from './byte-lru.js';

describe.each(engines)('response cache on %s', (engine) => {
  let c: ContentAdminTest;
  let menuId: number;
  let memberOnlyId: number;
  const image = '/uploads/202406/banner.png';

  const get = (url: string, headers: Record<string, string> = {}) => c.t.app.inject({ method: 'GET', url: `/api/XfWebApi/${url}`, headers });
  const carousel = async () => envelope<BannerDto[]>(await get('GetBannerList?type=2')).Data.map((b) => b.Title);
  const footer = async () => envelope<FriendLinkDto[]>(await get('GetWebFriendlinks')).Data.map((l) => l.Title);
  const menuNames = async () => envelope<MenuDto[]>(await get('GetMenuList')).Data.map((m) => m.Name);
  const newsTitles = async () => envelope<ListDto<NewsListItemDto>>(await get(`GetNewsList?pid=${menuId}`)).Data.List.map((n) => n.Title);

  beforeAll(async () => {
    c = await createContentAdminTest(engine);
    const { db } = c.t.app.services.database;
    menuId = await insertMenu(db, { name: '协会动态' });
    await insertNews(db, { menuId, title: '年会召开' });
    memberOnlyId = await insertNews(db, { menuId, title: '会员通讯', content: '<p>只给会员看的正文</p>', isMemberRead: true });
    await insertBanner(db, { title: '首屏', imageUrl: image });
    await c.call(c.admin, 'POST', 'SaveWebFriendlinks', { Title: '住房和城乡建设部', Friendlinks: 'https://www.mohurd.gov.cn/' });
  });
  afterAll(() => c.t.close());

  it('keeps answers until a write to their own area, and only theirs', async () => {
    expect(await carousel()).toEqual(['首屏']);
    expect(await footer()).toEqual(['住房和城乡建设部']);
    expect(await menuNames()).toEqual(['协会动态']);
    expect(await newsTitles()).toEqual(['会员通讯', '年会召开']);

    // Rows written behind the services' back stay unseen: the answers come from the cache.
    const { db } = c.t.app.services.database;
    await insertBanner(db, { title: '直接写入', imageUrl: image, sortNumber: 9 });
    await db
      .insertInto('friend_links')
      .values({ title: '直接写入', url: 'https://example.org', sort_number: 9, status: 1, created_at: '2024-06-01 10:00:00' })
      .execute();
    await insertMenu(db, { name: '直接写入', sortNumber: 9 });
    await insertNews(db, { menuId, title: '直接写入', newsCreateTime: '2000-01-01 00:00:00' });
    expect(await carousel()).toEqual(['首屏']);
    expect(await footer()).toEqual(['住房和城乡建设部']);

    // A banner saved through the back office: the carousel changes, nothing else does.
    expect((await c.call(c.admin, 'POST', 'SaveBanner', { Title: '年会', ImageUrl: image, SortNumber: 5 })).Code).toBe(200);
    expect(await carousel()).toEqual(['首屏', '年会', '直接写入']);
    expect(await footer()).toEqual(['住房和城乡建设部']);
    expect(await menuNames()).toEqual(['协会动态']);
    expect(await newsTitles()).toEqual(['会员通讯', '年会召开']);

    // A link: the footer changes; menus and articles still do not.
    expect((await c.call(c.admin, 'POST', 'SaveWebFriendlinks', { Title: '金融监管总局', Friendlinks: 'http://www.nfra.gov.cn', SortNumber: 5 })).Code).toBe(
      200,
    );
    expect(await footer()).toEqual(['住房和城乡建设部', '金融监管总局', '直接写入']);
    expect(await menuNames()).toEqual(['协会动态']);
    expect(await newsTitles()).toEqual(['会员通讯', '年会召开']);

    // A menu saved: the menu tree and the article lists (built from the menus too) change.
    expect((await c.call(c.admin, 'POST', 'SaveMenu', { MenuId: menuId, Name: '协会动态', SortNumber: 0 })).Code).toBe(200);
    expect(await menuNames()).toEqual(['协会动态', '直接写入']);
    expect(await newsTitles()).toEqual(['会员通讯', '年会召开', '直接写入']);
  });

  it('gives a member answer to members only, however the calls interleave', async () => {
    const member = { token: c.member };
    const memberDetail = envelope<NewsDetailDto>(await get(`GetNewsDetail?newsid=${memberOnlyId}`, member));
    expect(memberDetail.Data.NewContent).toContain('只给会员看的正文');
    const visitorDetail = envelope(await get(`GetNewsDetail?newsid=${memberOnlyId}`));
    expect(visitorDetail).toMatchObject({ Code: 403, Data: null });
    expect(JSON.stringify(visitorDetail)).not.toContain('只给会员看的正文');

    const summaries = async (headers: Record<string, string>) =>
      envelope<ListDto<NewsListItemDto>>(await get(`GetNewsList?pid=${menuId}`, headers)).Data.List.find((n) => n.NewsId === memberOnlyId)?.Summary;
    expect(await summaries(member)).toContain('只给会员看的正文');
    expect(await summaries({})).toBe('');
    // A token that opens no session is a visitor's request.
    expect(await summaries({ token: 'x'.repeat(43) })).toBe('');
    expect(await summaries(member)).toContain('只给会员看的正文');
  });

  it('answers 304 to a matching If-None-Match, and the new answer after a write', async () => {
    const first = await get('GetBannerList?type=2');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await get('GetBannerList?type=2', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // The same parameters in another order are the same entry.
    expect((await get('GetBannerList?pagesize=5&type=2')).statusCode).toBe(200);
    expect((await get('GetBannerList?type=2&pagesize=5', { 'if-none-match': etag })).statusCode).toBe(304);

    expect((await c.call(c.admin, 'POST', 'SaveBanner', { Title: '新横幅', ImageUrl: image, SortNumber: 1 })).Code).toBe(200);
    const changed = await get('GetBannerList?type=2', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(envelope<BannerDto[]>(changed).Data.map((b) => b.Title)).toContain('新横幅');
  });

  it('sends a missed answer compressed as it keeps it, with the headers of a hit', async () => {
    // Enough articles for an answer past the compression threshold.
    const { database } = c.t.app.services;
    for (let i = 0; i < 12; i++) await insertNews(database.db, { menuId, title: `压缩的答复之${i}`, content: `<p>${'工程质量潜在缺陷保险'.repeat(10)}</p>` });
    contentChanged(database, 'news');
    const url = `GetNewsList?pid=${menuId}&pagesize=100`;
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const missed = await get(url, headers);
    const hit = await get(url, headers);
    for (const res of [missed, hit]) {
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toBe('Accept-Encoding, token, Authorization');
      expect(res.headers.etag).toBe(missed.headers.etag);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
    // The hit sends the copy the miss made, byte for byte: nothing compressed twice.
    expect(hit.rawPayload.equals(missed.rawPayload)).toBe(true);
    const titles = (res: { rawPayload: Buffer }) =>
      (JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()) as { Data: ListDto<NewsListItemDto> }).Data.List.map((n) => n.Title);
    expect(titles(missed).length).toBeGreaterThan(0);
    expect(titles(hit)).toEqual(titles(missed));
    // A client taking gzip alone gets gzip, made for it from the kept answer.
    const gzipped = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(zlib.gunzipSync(gzipped.rawPayload).toString()) as { Data: ListDto<NewsListItemDto> }).Data.List.map((n) => n.Title)).toEqual(
      titles(missed),
    );
  });

  it('says what an answer varies by on a miss sent uncompressed as on its hits', async () => {
    // A member's answer differs from a visitor's: a shared cache must key it by the session even
    // when the miss went out plain (a client taking no encoding, or an answer too small to compress).
    const url = `GetNewsList?pid=${menuId}&pagesize=1`;
    for (const res of [await get(url), await get(url)]) expect(res.headers.vary).toBe('Accept-Encoding, token, Authorization');
    for (const res of [await get('GetWebFriendlinks?pagesize=1'), await get('GetWebFriendlinks?pagesize=1')]) expect(res.headers.vary).toBe('Accept-Encoding');
  });

  it('keys a call by the parameters its route reads, as it reads them', async () => {
    const links = async (query: string) => envelope<FriendLinkDto[]>(await get(`GetWebFriendlinks${query}`)).Data.map((l) => l.Title);
    const before = await links('');
    await c.t.app.services.database.db
      .insertInto('friend_links')
      .values({ title: '缓存之外', url: 'https://example.org/x', sort_number: 99, status: 1, created_at: '2024-06-01 10:00:00' })
      .execute();
    // A cache-buster, campaign tags, a made-up parameter: GetWebFriendlinks reads none of them.
    for (const query of ['?_=1790000000000', '?utm_source=weixin&from=singlemessage', '?other=1', '?fresh=2&x=y']) expect(await links(query)).toEqual(before);

    // A list page asked in different spellings of one request is one entry: names in any case,
    // values as the route parses them, defaults written or left out, parameters in any order.
    const titles = async (query: string) => envelope<ListDto<NewsListItemDto>>(await get(`GetNewsList?${query}`)).Data.List.map((n) => n.Title);
    const first = await titles(`pid=${menuId}`);
    await insertNews(c.t.app.services.database.db, { menuId, title: '写在缓存之后' });
    for (const query of [
      `PID=${menuId}`,
      `pid=0${menuId}&pageindex=1`,
      `PageIndex=01&pid=${menuId}&pagesize=10`,
      `pid=${menuId}&pageindex=x`,
      `pid=${menuId}&made=up`,
    ])
      expect(await titles(query)).toEqual(first);
    // What the route reads differently is another answer.
    expect(await titles(`pid=${menuId}&pagesize=20`)).toContain('写在缓存之后');
    // A query the route refuses is answered with its refusal, and nothing is kept for it.
    const bytes = c.t.app.responseCache.bytes;
    expect(envelope(await get('GetNewsDetail?newsid=abc')).Code).not.toBe(200);
    expect(c.t.app.responseCache.bytes).toBe(bytes);
  });

  it('counts and shows every reading of an article it answers', async () => {
    const id = (await insertNews(c.t.app.services.database.db, { menuId, title: '计数', content: `<p>${'阅读计数'.repeat(300)}</p>` })) as number;
    const views = async (headers: Record<string, string> = {}) => envelope<NewsDetailDto>(await get(`GetNewsDetail?newsid=${id}`, headers)).Data.Views;
    expect([await views(), await views(), await views()]).toEqual([1, 2, 3]);
    const tagged = await get(`GetNewsDetail?newsid=${id}`);
    expect(tagged.headers.etag).toMatch(/^W\//);
    // A revalidated copy is the same article; the reading still counts.
    expect((await get(`GetNewsDetail?newsid=${id}`, { 'if-none-match': tagged.headers.etag as string })).statusCode).toBe(304);
    expect(await views()).toBe(6);
    // Browsers take gzip: the count is joined into the kept compressed body (spliced-gzip.ts).
    const zipped = async () => {
      const res = await get(`GetNewsDetail?newsid=${id}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.headers['content-encoding']).toBe('gzip');
      return (JSON.parse(zlib.gunzipSync(res.rawPayload).toString()) as { Data: NewsDetailDto }).Data;
    };
    // The gzip form is made at the first reading that takes it, and counted in the store's bytes once.
    const { responseCache } = c.t.app;
    const kept = responseCache.bytes;
    const seventh = await zipped();
    const withGzip = responseCache.bytes;
    const eighth = await zipped();
    expect(withGzip).toBeGreaterThan(kept);
    expect(responseCache.bytes).toBe(withGzip);
    expect([seventh.Views, eighth.Views]).toEqual([7, 8]);
    expect(eighth.Title).toBe('计数');
    // A client taking brotli alone still gets the count of its reading.
    const brotli = await get(`GetNewsDetail?newsid=${id}`, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect((JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString()) as { Data: NewsDetailDto }).Data.Views).toBe(9);
  });

  it("gives a page's in-process call the bytes a visitor's call is answered with, while they are current", async () => {
    const { responseCache } = c.t.app;
    const { db } = c.t.app.services.database;
    const kept = (pathname: string, query: Record<string, string>) =>
      responseCache.keptCall(`/api/XfWebApi/${pathname}?${new URLSearchParams(query)}`)?.body.toString();
    const listId = await insertMenu(db, { name: '行业资讯' });
    await insertNews(db, { menuId: listId, title: '风险管理指引' });
    // Nothing kept yet: the call goes through the route.
    expect(kept('GetNewsList', { pid: String(listId) })).toBeUndefined();
    const asked = await get(`GetNewsList?pid=${listId}`);
    // Found in any spelling the route reads as the same call, at the router's spelling of the path.
    for (const [pathname, query] of [
      ['GetNewsList', { pid: String(listId) }],
      ['getnewslist/', { PID: `0${listId}`, pageindex: '1', utm_source: 'weixin' }],
    ] as const)
      expect(kept(pathname, query)).toBe(asked.payload);
    // Another page of the list, a query the route refuses, a route that keeps nothing: not kept.
    expect(kept('GetNewsList', { pid: String(listId), pagesize: '20' })).toBeUndefined();
    expect(kept('GetNewsList', { pid: 'x' })).toBeUndefined();
    expect(responseCache.keptCall(`/api/XfWebApi/GetNewsList?pid=${listId}&pid=${listId}`)).toBeUndefined();
    expect(kept('GetCountWebCount', {})).toBeUndefined();
    // A member's answer is never a page's: the member-only list of a member session stays theirs.
    const memberList = `GetNewsList?pid=${menuId}&pagesize=7`;
    expect(envelope(await get(memberList, { token: c.member })).Code).toBe(200);
    expect(kept('GetNewsList', { pid: String(menuId), pagesize: '7' })).toBeUndefined();
    // A save of what it is drawn from: the next call makes it afresh.
    expect((await c.call(c.admin, 'POST', 'SaveMenu', { MenuId: listId, Name: '行业资讯', SortNumber: 1 })).Code).toBe(200);
    expect(kept('GetNewsList', { pid: String(listId) })).toBeUndefined();

    // An article's reading counts a view, and its bytes show the count, as a hit's do.
    const id = (await insertNews(db, { menuId: listId, title: '阅读' })) as number;
    const views = (body: string | undefined) => (JSON.parse(body!) as { Data: NewsDetailDto }).Data.Views;
    expect(envelope<NewsDetailDto>(await get(`GetNewsDetail?newsid=${id}`)).Data.Views).toBe(1);
    expect([views(kept('GetNewsDetail', { newsid: String(id) })), views(kept('GetNewsDetail', { NewsId: String(id) }))]).toEqual([2, 3]);
    expect(envelope<NewsDetailDto>(await get(`GetNewsDetail?newsid=${id}`)).Data.Views).toBe(4);
    expect(responseCache.keptCall(`/api/XfWebApi/GetNewsDetail?newsid=${id}`)?.dependsOn).toEqual([`news:${id}`, 'menus']);
  });
});

describe.each(engines)('response cache memory on %s', (engine) => {
  let t: TestApp;
  const limit = 64 * 1024;

  beforeAll(async () => {
    t = await createTestApp(engine, { responseCacheBytes: limit });
    const menuId = await insertMenu(t.app.services.database.db, { name: '政策法规' });
    for (let i = 0; i < 3; i++) await insertNews(t.app.services.database.db, { menuId, title: `文章${i}`, content: `<p>${'长'.repeat(8000)}</p>` });
  });
  afterAll(() => t.close());

  it('stays within its bytes, dropping the least recently used answers', async () => {
    const ids = (await t.app.services.database.db.selectFrom('news').select('id').execute()).map((r) => r.id);
    for (let round = 0; round < 3; round++) {
      for (const id of ids) {
        const res = await t.app.inject({ method: 'GET', url: `/api/XfWebApi/GetNewsDetail?newsid=${id}` });
        expect(envelope(res).Code).toBe(200);
        expect(t.app.responseCache.bytes).toBeLessThanOrEqual(limit);
      }
    }
    // Each answer is about 24 KB: two fit, the third pushes the oldest out.
    expect(t.app.responseCache.bytes).toBeGreaterThan(limit / 2);
  });
});

describe.each(engines)('response cache turned off on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, { responseCacheBytes: loadConfig({ ...process.env, RESPONSE_CACHE_MB: '0' }).responseCacheBytes });
  });
  afterAll(() => t.close());

  it('builds every answer afresh and keeps nothing (RESPONSE_CACHE_MB=0)', async () => {
    const { db } = t.app.services.database;
    const menuId = await insertMenu(db, { name: '通知公告' });
    const titles = async () =>
      envelope<ListDto<NewsListItemDto>>(await t.app.inject({ method: 'GET', url: `/api/XfWebApi/GetNewsList?pid=${menuId}` })).Data.List.map((n) => n.Title);
    expect(await titles()).toEqual([]);
    // Written behind the services' back: a cache would still answer the empty list.
    await insertNews(db, { menuId, title: '放假通知' });
    expect(await titles()).toEqual(['放假通知']);
    const res = await t.app.inject({ method: 'GET', url: `/api/XfWebApi/GetNewsList?pid=${menuId}` });
    expect(res.headers.etag).toBeUndefined();
    expect(t.app.responseCache.bytes).toBe(0);
  });

  it('refuses a negative size', () => {
    expect(() => loadConfig({ ...process.env, RESPONSE_CACHE_MB: '-1' })).toThrow('RESPONSE_CACHE_MB must be a positive number or 0');
  });
});

describe('ByteLru', () => {
  const sized = (bytes: number) => ({ bytes });

  it('drops the least recently used until the total fits, and never keeps what is larger than all', () => {
    const lru = new ByteLru<{ bytes: number }>(100);
    lru.set('a', sized(40));
    lru.set('b', sized(40));
    expect(lru.get('a')).toBeDefined();
    lru.set('c', sized(40));
    expect([lru.get('a'), lru.get('b'), lru.get('c')].map(Boolean)).toEqual([true, false, true]);
    expect(lru.bytes).toBe(80);
    lru.set('a', sized(10));
    expect(lru.bytes).toBe(50);
    lru.set('huge', sized(101));
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.bytes).toBe(50);
    expect(lru.size).toBe(2);
  });

  it('keeps the order of use through hits on the newest, the oldest and the middle, deletions and replacements', () => {
    const lru = new ByteLru<{ bytes: number }>(50);
    for (const key of ['a', 'b', 'c', 'd', 'e']) lru.set(key, sized(10));
    // Used now, oldest first: a b c d e. A hit on the newest changes nothing; on the oldest and the middle, they move up.
    lru.get('e');
    lru.get('a');
    lru.get('c');
    // Now: b d e a c. Deleting the oldest and a middle one, then replacing the newest with a larger value.
    lru.delete('b');
    lru.delete('e');
    lru.set('c', sized(20));
    expect(lru.bytes).toBe(40);
    // Now: d a c. One more of 20 pushes out the oldest only (d, 10 bytes).
    lru.set('f', sized(20));
    expect([...'dacf'].map((k) => lru.get(k) !== undefined)).toEqual([false, true, true, true]);
    // Gets above made the order a c f; filling to 50 and beyond drops a, then c.
    lru.set('g', sized(30));
    expect([...'acfg'].map((k) => lru.get(k) !== undefined)).toEqual([false, false, true, true]);
    expect([lru.bytes, lru.size]).toEqual([50, 2]);
    // Emptied and filled again: the list ends are reset.
    lru.delete('f');
    lru.delete('g');
    expect([lru.bytes, lru.size]).toEqual([0, 0]);
    lru.set('h', sized(50));
    lru.set('i', sized(50));
    expect([lru.get('h'), lru.get('i')?.bytes]).toEqual([undefined, 50]);
  });
});
