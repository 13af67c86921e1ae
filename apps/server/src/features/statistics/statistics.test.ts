import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cstDate, statisticsMessages, systemMessages, type DashboardDto, type VisitStatisticsDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { menuEntries, offeredAgain } from '../../../test/menu-offers.js';
import { insertMenu, insertNews } from '../../../test/fixtures.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { testWebBuild, type TestWebBuild } from '../../../test/web-build.js';
import { readSheet } from '../../../test/xlsx.js';
import { flushHits } from './hits.js';
import { statisticsRound } from './rollup.js';

/** Every page drawn as the same small document: what is counted is the answer, not its content. */
const ENTRY_SERVER = `export async function render() { return { html: '<main>页面</main>', styles: '', state: '{}' }; }`;

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WECHAT =
  'Mozilla/5.0 (Linux; Android 14; V2243A Build/UP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.188 Mobile Safari/537.36 MicroMessenger/8.0.50.2701(0x2800323B) NetType/WIFI Language/zh_CN';
const BAIDU_SPIDER = 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)';
/** Addresses the offline database places: 北京 and 福建省. */
const BEIJING = '1.2.4.8';
const FUJIAN = '36.0.0.1';

describe.each(engines)('访问统计 on %s', (engine) => {
  let t: TestApp;
  let web: TestWebBuild;
  let admin: string;
  let menuId: number;
  let newsId: number;
  const clock = testClock();

  const page = (url: string, userAgent: string, address: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent, 'x-forwarded-for': address, ...headers } });
  const beacon = (body: string, userAgent = WECHAT, address = FUJIAN) =>
    t.app.inject({
      method: 'POST',
      url: '/api/XfWebApi/TrackPageView',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': userAgent, 'x-forwarded-for': address },
      payload: body,
    });
  const statistics = async (query = '') => adminCall<VisitStatisticsDto>(t, admin, 'GET', `/api/XfSysBussiness/GetVisitStatistics${query}`);

  beforeAll(async () => {
    web = testWebBuild(ENTRY_SERVER);
    t = await createAdminTestApp(
      engine,
      { now: clock.now, backgroundJobs: false },
      { webDist: web.webDist, publicBaseUrl: 'https://www.example.org.cn', statistics: { rawDays: 30, refreshSeconds: 0 } },
    );
    admin = await loginAdmin(t);
    menuId = await insertMenu(t.app.services.database.db, { name: '协会动态' });
    newsId = await insertNews(t.app.services.database.db, { menuId, title: '工程保险年会召开' });
  });
  afterAll(async () => {
    await t.close();
    web.remove();
  });

  it('counts the pages it draws, their kept copies and the beacon’s, with robots apart', async () => {
    expect((await page('/home', CHROME, BEIJING)).statusCode).toBe(200);
    // The second is answered from the kept copy: a view all the same.
    expect((await page('/home', CHROME, BEIJING)).statusCode).toBe(200);
    expect((await page('/home', IPHONE, FUJIAN, { referer: 'https://www.baidu.com/link?url=abc' })).statusCode).toBe(200);
    expect((await page(`/info?MenuId=${menuId}&NewsId=${newsId}`, IPHONE, FUJIAN, { referer: 'https://www.example.org.cn/home' })).statusCode).toBe(200);
    expect((await page('/home', BAIDU_SPIDER, '180.76.15.1')).statusCode).toBe(200);
    // Not views: a missing article, the back office, a prefetch, an API call.
    expect((await page('/info?NewsId=999999', CHROME, BEIJING)).statusCode).toBe(404);
    await page('/System/home', CHROME, BEIJING);
    await page('/home', CHROME, BEIJING, { 'sec-purpose': 'prefetch' });
    await page('/api/XfWebApi/GetMenuList', CHROME, BEIJING);
    // Moving inside the web app: the beacon, from WeChat's browser on an Android phone.
    expect((await beacon(JSON.stringify({ Path: `/info?MenuId=${menuId}&NewsId=${newsId}`, Referrer: '/home' }))).json()).toMatchObject({ Code: 200 });
    expect((await beacon(JSON.stringify({ Path: '/menuList?MenuId=' + menuId + '&from=singlemessage' }))).statusCode).toBe(200);

    const { Code, Data } = await statistics('?start=2024-06-01');
    expect(Code).toBe(200);
    expect(Data.Total).toEqual({ Views: 6, Visitors: 3, BotViews: 1 });
    expect(Data.Trend).toHaveLength(24);
    expect(Data.Trend[10]).toEqual({ Label: '10:00', Views: 6, Visitors: 3 });
    expect(Data.Hours[10]).toEqual({ Hour: 10, Views: 6 });
    expect(Data.Pages[0]).toEqual({ Key: '/home', Name: '/home', Views: 3, Visitors: 2 });
    expect(Data.Articles).toEqual([{ Key: String(newsId), Name: '工程保险年会召开', Views: 2, Visitors: 2 }]);
    expect(Data.Menus).toEqual([{ Key: String(menuId), Name: '协会动态', Views: 3, Visitors: 2 }]);
    expect(Data.Devices).toEqual([
      { Key: 'mobile', Name: '手机', Views: 4, Visitors: 2 },
      { Key: 'desktop', Name: '电脑', Views: 2, Visitors: 1 },
    ]);
    // Two views each: ties in the order of their names.
    expect(Data.Browsers.map((b) => [b.Name, b.Views])).toEqual([
      ['Chrome', 2],
      ['Safari', 2],
      ['微信', 2],
    ]);
    expect(Data.Provinces).toEqual([
      { Key: '福建省', Name: '福建省', Views: 4, Visitors: 2 },
      { Key: '北京', Name: '北京', Views: 2, Visitors: 1 },
    ]);
    expect(Data.Referrers).toEqual(
      expect.arrayContaining([
        { Kind: '直接访问', Name: '直接访问', Views: 2, Visitors: 1 },
        { Kind: '搜索引擎', Name: '百度', Views: 1, Visitors: 1 },
        { Kind: '站内', Name: '站内', Views: 2, Visitors: 2 },
        { Kind: '社交媒体', Name: '微信', Views: 1, Visitors: 1 },
      ]),
    );
    expect(Data.Bots).toEqual([{ Key: '百度蜘蛛', Name: '百度蜘蛛', Views: 1, Visitors: 1 }]);
    expect(Data.UpdatedAt).toBe('2024-06-01 10:00:00');
  });

  it('lists the keywords searched, and those that found nothing apart', async () => {
    for (const key of ['年会', '不存在的词']) {
      const found = await t.app.inject({ method: 'GET', url: `/api/XfWebApi/GetNewsList?key=${encodeURIComponent(key)}` });
      expect(found.statusCode).toBe(200);
      await beacon(JSON.stringify({ Path: `/searchKey?key=${encodeURIComponent(key)}` }));
    }
    // A search's second page is the same search read on.
    await beacon(JSON.stringify({ Path: `/searchKey?key=${encodeURIComponent('年会')}&page=2` }));
    const { Data } = await statistics('?start=2024-06-01&end=2024-06-01');
    expect(Data.Keywords).toEqual([
      { Keyword: '不存在的词', Searches: 1, Results: 0 },
      { Keyword: '年会', Searches: 1, Results: 1 },
    ]);
    expect(Data.EmptyKeywords).toEqual([{ Keyword: '不存在的词', Searches: 1, Results: 0 }]);
  });

  it('rolls up exactly what the raw hits hold, in every dimension', async () => {
    const { db } = t.app.services.database;
    const raw = await db.selectFrom('stat_hits').selectAll().where('day', '=', '2024-06-01').execute();
    const people = raw.filter((h) => h.bot === '');
    const daily = await db.selectFrom('stat_daily').selectAll().where('day', '=', '2024-06-01').execute();
    const sum = (dim: string) => daily.filter((d) => d.dim === dim).reduce((n, d) => n + Number(d.views), 0);
    expect(sum('all')).toBe(people.length);
    for (const dim of ['page', 'device', 'browser', 'province', 'referrer']) expect(sum(dim), dim).toBe(people.length);
    expect(sum('article')).toBe(people.filter((h) => h.article_id > 0).length);
    expect(sum('keyword')).toBe(people.filter((h) => h.keyword !== '').length);
    expect(sum('bot')).toBe(raw.length - people.length);
    const all = daily.find((d) => d.dim === 'all')!;
    expect(Number(all.visitors)).toBe(new Set(people.map((h) => h.visitor)).size);
  });

  it('never links a visitor across days: the salt is the day’s, and gone once the day is over', async () => {
    const { db } = t.app.services.database;
    clock.advance(24 * 3600_000);
    // A back-office session idles out in hours.
    admin = await loginAdmin(t);
    await page('/home', CHROME, BEIJING);
    await flushHits(t.app.services.database);
    const [first, second] = await Promise.all(
      ['2024-06-01', '2024-06-02'].map((day) =>
        db
          .selectFrom('stat_hits')
          .select('visitor')
          .where('day', '=', day)
          .where('path', '=', '/home')
          .where('device', '=', 'desktop')
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(first!.visitor).not.toBe(second!.visitor);
    await statisticsRound(t.app.services.database, clock.now(), 30);
    expect((await db.selectFrom('stat_salts').select('day').execute()).map((s) => s.day)).toEqual(['2024-06-02']);
    expect(await db.selectFrom('stat_rollups').select(['day', 'final']).where('day', '=', '2024-06-01').executeTakeFirst()).toEqual({
      day: '2024-06-01',
      final: 1,
    });
    // The workbench shows yesterday's figures, as the dashboard has them.
    const dashboard = await adminCall<DashboardDto>(t, admin, 'GET', '/api/XfSystemApi/GetDashboard');
    const yesterday = (await statistics('?start=2024-06-01')).Data.Total;
    expect(dashboard.Data.Yesterday).toEqual({ Views: yesterday.Views, Visitors: yesterday.Visitors });
    // Both days' visitors: the same browser counts once a day.
    const { Data } = await statistics('?start=2024-06-01&end=2024-06-02');
    expect(Data.Trend.map((p) => p.Label)).toEqual(['2024-06-01', '2024-06-02']);
    expect(Data.Trend[1]).toEqual({ Label: '2024-06-02', Views: 1, Visitors: 1 });
    expect(Data.PreviousStart).toBe('2024-05-30');
    expect(Data.PreviousEnd).toBe('2024-05-31');
  });

  it('deletes raw hits past their days and keeps the figures rolled up from them', async () => {
    const { db } = t.app.services.database;
    const before = await statistics('?start=2024-06-01&end=2024-06-01');
    clock.advance(31 * 24 * 3600_000);
    admin = await loginAdmin(t);
    await statisticsRound(t.app.services.database, clock.now(), 30);
    expect(await db.selectFrom('stat_hits').select('id').where('day', '=', '2024-06-01').execute()).toEqual([]);
    const after = await statistics('?start=2024-06-01&end=2024-06-01');
    expect(after.Data.Total).toEqual(before.Data.Total);
    expect(after.Data.Articles).toEqual(before.Data.Articles);
  });

  it('refuses ranges that make no sense, with a message', async () => {
    const refused = async (query: string) => {
      const { Code, Message } = await statistics(query);
      expect(Code, query).toBe(400);
      return Message;
    };
    expect(await refused('?start=2024-06-05&end=2024-06-01')).toBe(statisticsMessages.rangeInvalid);
    expect(await refused('?start=2022-01-01&end=2024-06-01')).toBe(statisticsMessages.rangeTooLong);
    expect(await refused('?start=2099-01-01')).toBe(statisticsMessages.rangeInFuture);
    expect(await refused('?start=1999-12-31&end=2000-01-01')).toBe(statisticsMessages.rangeTooEarly);
    expect(await refused('?start=2024-02-30')).toBe(systemMessages.dateInvalid);
    expect(await refused('?start=2024-6-1')).toBe(systemMessages.dateInvalid);
  });

  it('refuses beacons that are no visitor’s page, not JSON, or too large', async () => {
    expect((await beacon(JSON.stringify({ Path: '/System/home' }))).json()).toMatchObject({ Code: 400, Message: statisticsMessages.pathInvalid });
    expect((await beacon(JSON.stringify({ Path: 'javascript:alert(1)' }))).json()).toMatchObject({ Code: 400 });
    expect((await beacon('<script>')).json()).toMatchObject({ Code: 400 });
    expect((await beacon(JSON.stringify({ Path: `/home?x=${'a'.repeat(3000)}` }))).statusCode).toBe(413);
  });

  it('exports a table as .xlsx', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/XfSysBussiness/ExportVisitStatistics?start=2024-06-01&table=articles',
      headers: { token: admin },
    });
    expect(res.statusCode).toBe(200);
    const rows = await readSheet(res.rawPayload);
    expect(rows.slice(0, 2)).toEqual([
      ['文章编号', '标题', '浏览量', '访客数'],
      [String(newsId), '工程保险年会召开', 2, 2],
    ]);
  });

  it('is for staff granted it, and reaches an existing install with its directory', async () => {
    await createAdmin(t, admin, 'editor_s', '内容编辑');
    const editor = await loginAdmin(t, 'editor_s');
    expect((await adminCall(t, editor, 'GET', '/api/XfSysBussiness/GetVisitStatistics')).Code).toBe(403);
    const { db } = t.app.services.database;
    // An install from before: no 数据统计 directory, nothing of it offered.
    await db.deleteFrom('system_menus').where('path', '=', 'stats').where('menu_type', '=', 1).execute();
    await db.deleteFrom('system_menu_defaults').where('perms', '=', 'dir:stats').execute();
    const { before, after } = await offeredAgain(t, 'stats:');
    expect(before.map((m) => m.perms)).toEqual(['stats:visits', 'stats:export', 'stats:setting', 'stats:editors', 'stats:editors:export']);
    expect(after.map((m) => [m.perms, m.menu_type])).toEqual([
      ['stats:visits', 2],
      ['stats:export', 3],
      ['stats:setting', 3],
      ['stats:editors', 2],
      ['stats:editors:export', 3],
    ]);
    const directory = await db.selectFrom('system_menus').select(['id', 'name']).where('path', '=', 'stats').executeTakeFirstOrThrow();
    expect(directory.name).toBe('数据统计');
    expect(after[0]!.parent_id).toBe(directory.id);
    expect(await menuEntries(t, 'stats:')).toEqual(after);
  });

  it('pauses counting while hits cannot be written, and pages go on being served', async () => {
    const { database } = t.app.services;
    const day = cstDate(clock.now());
    const counted = async () => (await database.db.selectFrom('stat_hits').select('id').where('day', '=', day).execute()).length;
    const before = await counted();
    await database.db.schema.alterTable('stat_hits').renameTo('stat_hits_away').execute();
    try {
      expect((await page('/home', IPHONE, BEIJING)).statusCode).toBe(200);
      await flushHits(database);
    } finally {
      await database.db.schema.alterTable('stat_hits_away').renameTo('stat_hits').execute();
    }
    // Resting: a page now is served and not counted.
    expect((await page('/home', IPHONE, BEIJING)).statusCode).toBe(200);
    await flushHits(database);
    expect(await counted()).toBe(before);
  });
});

describe.each(engines)('访问统计 honouring Do Not Track on %s', (engine) => {
  let t: TestApp;
  let web: TestWebBuild;
  let admin: string;
  const home = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/home', headers: { 'user-agent': CHROME, ...headers } });
  const counted = async () => (await t.app.services.database.db.selectFrom('stat_hits').select('id').execute()).length;
  const asking: Record<string, string>[] = [{ dnt: '1' }, { 'sec-gpc': '1' }, {}];
  const settings = (body: Record<string, unknown>, token = admin) =>
    adminCall<{ HonourDoNotTrack: boolean }>(t, token, 'POST', '/api/XfSysBussiness/SaveStatisticsSettings', body);

  beforeAll(async () => {
    web = testWebBuild(ENTRY_SERVER);
    t = await createAdminTestApp(engine, { backgroundJobs: false }, { webDist: web.webDist, statistics: { rawDays: 30, refreshSeconds: 0 } });
    admin = await loginAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    web.remove();
  });

  it('counts such browsers until the office chooses to honour them, then nothing of them', async () => {
    expect((await adminCall(t, admin, 'GET', '/api/XfSysBussiness/GetStatisticsSettings')).Data).toEqual({ HonourDoNotTrack: false });
    for (const headers of asking) expect((await home(headers)).statusCode).toBe(200);
    await flushHits(t.app.services.database);
    expect(await counted()).toBe(3);

    expect(await settings({ HonourDoNotTrack: true })).toEqual({ Code: 200, Message: '修改成功', Data: { HonourDoNotTrack: true } });
    // A field left out keeps its value.
    expect((await settings({})).Data).toEqual({ HonourDoNotTrack: true });
    for (const headers of asking) expect((await home(headers)).statusCode).toBe(200);
    await flushHits(t.app.services.database);
    expect(await counted()).toBe(4);
  });

  it('is changed by staff granted 访问统计设置 only', async () => {
    await createAdmin(t, admin, 'editor_d', '内容编辑');
    expect((await settings({ HonourDoNotTrack: false }, await loginAdmin(t, 'editor_d'))).Code).toBe(403);
    expect((await settings({ HonourDoNotTrack: 'yes' })).Code).toBe(400);
  });
});
