import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ArticleStatus,
  formatCst,
  inspectionMessages,
  MenuShowType,
  type ColumnFreshnessDto,
  type ColumnFreshnessReportDto,
  type ColumnIntervalDto,
  type SystemMenuDto,
} from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { insertMenu, insertNews, type MenuFixture } from '../../../test/fixtures.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { menuEntries, offeredAgain } from '../../../test/menu-offers.js';
import { readSheet } from '../../../test/xlsx.js';

const SB = '/api/XfSysBussiness';
const DAY = 86_400_000;
const flatten = (menus: readonly SystemMenuDto[]): SystemMenuDto[] => menus.flatMap((m) => [m, ...flatten(m.children)]);

/**
 * 栏目更新 on the test clock (2024-06-01 10:00 China time): a small site whose columns are fresh,
 * overdue, empty (only drafts, closed, waiting and deleted articles), hidden, links and groups.
 */
describe.each(engines)('栏目更新 on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  const clock = testClock();
  const ids: Record<string, number> = {};
  const daysAgo = (days: number) => formatCst(clock.now() - days * DAY);

  const freshness = (query = '', token = admin) => adminCall<ColumnFreshnessReportDto>(t, token, 'GET', `${SB}/GetColumnFreshness${query}`);
  const save = (body: Record<string, unknown>, token = admin) => adminCall<ColumnIntervalDto>(t, token, 'POST', `${SB}/SaveColumnInterval`, body);
  const column = async (name: string) => (await freshness()).Data.Columns.find((c) => c.Name === name);
  /** A column's row as the table shows it: name, articles, days since, interval, default, state. */
  const brief = (c: ColumnFreshnessDto) => [c.Name, c.Articles, c.DaysSince, c.IntervalDays, c.IntervalIsDefault, c.State];

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false });
    admin = await loginAdmin(t);
    const { db } = t.app.services.database;
    const menu = async (name: string, m: Omit<MenuFixture, 'name'> = {}) => (ids[name] = await insertMenu(db, { name, ...m }));
    const article = (menuId: number, days: number, status: number = ArticleStatus.Published) =>
      insertNews(db, { menuId, title: `文章${menuId}-${days}`, status, newsCreateTime: daysAgo(days) });

    await menu('首页', { curValue: 'home' });
    const news = await menu('新闻中心');
    await article(await menu('协会动态', { parentId: news }), 3);
    await article(ids['协会动态']!, 40);
    // A draft of today is not an update.
    await article(ids['协会动态']!, 0, ArticleStatus.Draft);
    await article(await menu('通知公告', { parentId: news }), 20);
    await article(await menu('政策要闻', { parentId: news }), 45);
    const industry = await menu('行业资讯', { parentId: news });
    for (const status of [ArticleStatus.Draft, ArticleStatus.Closed, ArticleStatus.UnderReview, ArticleStatus.Rejected]) await article(industry, 1, status);
    await article(industry, -3, ArticleStatus.Scheduled);
    await db
      .deleteFrom('news')
      .where('id', '=', await article(industry, 1))
      .execute();
    // Hidden: not on the site, so neither a column nor the home page's news.
    await article(await menu('视频专区', { parentId: news, status: 0 }), 0);
    await article(await menu('协会简介', { showType: MenuShowType.SinglePage }), 100);
    // A parent with articles of its own is a column as well as its child.
    const service = await menu('会员服务');
    await article(service, 8);
    await article(await menu('会员风采', { parentId: service }), 12);
    await menu('证书查询', { webUrl: '/certsearch' });
    await menu('监管平台', { parentId: service, webUrl: 'https://jzsc.mohurd.gov.cn' });
  });
  afterAll(() => t.close());

  it('lists the columns the public reads, each ok, overdue or empty, with the home page’s newest article', async () => {
    const { Code, Data } = await freshness();
    expect(Code).toBe(200);
    expect(Data.CheckedAt).toBe('2024-06-01 10:00:00');
    // Links, the home page's menu, the hidden menu and the group 新闻中心 (no article of its own) are not columns.
    expect(Data.Columns.map(brief)).toEqual([
      ['协会动态', 2, 3, 30, true, 'ok'],
      ['通知公告', 1, 20, 30, true, 'ok'],
      ['政策要闻', 1, 45, 30, true, 'overdue'],
      ['行业资讯', 0, null, 30, true, 'empty'],
      ['协会简介', 1, 100, 365, true, 'ok'],
      ['会员服务', 1, 8, 30, true, 'ok'],
      ['会员风采', 1, 12, 30, true, 'ok'],
    ]);
    expect(Data.Columns[0]).toMatchObject({ Id: ids['协会动态'], Path: '新闻中心 › 协会动态', Kind: 'list', LastPublishedAt: '2024-05-29 10:00:00' });
    expect(Data.Columns[3]).toMatchObject({ LastPublishedAt: null });
    expect(Data.Columns[4]).toMatchObject({ Kind: 'single', Path: '协会简介' });
    expect(Data.Columns[6]!.Path).toBe('会员服务 › 会员风采');
    expect(Data.Home).toEqual({
      NewsId: expect.any(Number),
      Title: `文章${ids['协会动态']}-3`,
      MenuName: '协会动态',
      LastPublishedAt: '2024-05-29 10:00:00',
      DaysSince: 3,
      LimitDays: 14,
      State: 'ok',
    });
    expect([Data.Overdue, Data.Empty, Data.Threshold, Data.Failing]).toEqual([1, 1, 5, false]);
  });

  it('lists one state when asked, counting all; refuses another state', async () => {
    const overdue = await freshness('?state=overdue');
    expect(overdue.Data.Columns.map((c) => c.Name)).toEqual(['政策要闻']);
    expect([overdue.Data.Overdue, overdue.Data.Empty]).toEqual([1, 1]);
    expect((await freshness('?state=empty')).Data.Columns.map((c) => c.Name)).toEqual(['行业资讯']);
    expect(await freshness('?state=stale')).toEqual({ Code: 400, Message: inspectionMessages.stateInvalid, Data: null });
  });

  it('takes the office’s interval: 通知公告 at 14 days is overdue, 政策要闻 at 60 is not; null restores the default; each audited', async () => {
    const notices = ids['通知公告']!;
    expect(await save({ MenuId: notices, Days: 14 })).toEqual({
      Code: 200,
      Message: '修改成功',
      Data: { MenuId: notices, IntervalDays: 14, IntervalIsDefault: false },
    });
    expect(await save({ MenuId: ids['政策要闻'], Days: '60' })).toMatchObject({ Code: 200, Data: { IntervalDays: 60 } });
    const { Data } = await freshness();
    expect(Data.Columns.filter((c) => c.Name === '通知公告' || c.Name === '政策要闻').map(brief)).toEqual([
      ['通知公告', 1, 20, 14, false, 'overdue'],
      ['政策要闻', 1, 45, 60, false, 'ok'],
    ]);
    expect(await save({ MenuId: notices, Days: 21 })).toMatchObject({ Data: { IntervalDays: 21 } });
    expect((await column('通知公告'))?.State).toBe('ok');

    for (const menuId of [notices, ids['政策要闻']])
      expect((await save({ MenuId: menuId, Days: null })).Data).toEqual({ MenuId: menuId, IntervalDays: 30, IntervalIsDefault: true });
    expect((await column('通知公告'))?.IntervalIsDefault).toBe(true);
    expect((await column('政策要闻'))?.State).toBe('overdue');
    expect(await t.app.services.database.db.selectFrom('column_intervals').selectAll().execute()).toEqual([]);

    const audit = await t.app.services.database.db
      .selectFrom('audit_logs')
      .select(['action', 'target_id', 'result', 'detail'])
      .where('target', '=', '栏目更新周期')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.detail)).toEqual([
      '新闻中心 › 通知公告：14天',
      '新闻中心 › 政策要闻：60天',
      '新闻中心 › 通知公告：21天',
      '新闻中心 › 通知公告：恢复默认30天',
      '新闻中心 › 政策要闻：恢复默认30天',
    ]);
    expect(audit[0]).toMatchObject({ action: 'inspection:columns:setting', target_id: String(notices), result: 1 });
  });

  it('refuses an interval that is no whole number of 1–365 days, an unknown menu, a link and the home page’s menu', async () => {
    const refused = { Code: 400, Message: inspectionMessages.intervalInvalid, Data: null };
    for (const Days of [0, -7, 1.5, 366, '十四', '', true]) expect(await save({ MenuId: ids['通知公告'], Days }), String(Days)).toEqual(refused);
    expect(await save({ MenuId: ids['通知公告'] })).toEqual(refused);
    expect(await save({ MenuId: 999_999, Days: 14 })).toEqual({ Code: 404, Message: '栏目不存在', Data: null });
    expect(await save({ MenuId: ids['证书查询'], Days: 14 })).toEqual({ Code: 400, Message: inspectionMessages.linkColumn, Data: null });
    expect(await save({ MenuId: ids['首页'], Days: 14 })).toEqual({ Code: 400, Message: inspectionMessages.homeColumn, Data: null });
    expect(await t.app.services.database.db.selectFrom('column_intervals').selectAll().execute()).toEqual([]);
  });

  it('fails the site at five columns overdue or empty together; a deleted menu takes its interval with it', async () => {
    const { db } = t.app.services.database;
    const counts = async () => {
      const { Overdue, Empty, Failing } = (await freshness()).Data;
      return [Overdue, Empty, Failing];
    };
    const added: number[] = [];
    for (const name of ['会员动态', '地方协会动态']) added.push(await insertMenu(db, { name, parentId: ids['新闻中心'] }));
    // An interval does not make an empty column any less empty.
    expect(await save({ MenuId: added[0], Days: 7 })).toMatchObject({ Code: 200 });
    expect(await counts()).toEqual([1, 3, false]);
    added.push(await insertMenu(db, { name: '专家智库' }));
    expect(await counts()).toEqual([1, 4, true]);
    // 政策要闻 updated today: four again.
    await insertNews(db, { menuId: ids['政策要闻']!, title: '今日要闻', newsCreateTime: formatCst(clock.now()) });
    expect(await counts()).toEqual([0, 4, false]);

    for (const MenuId of added) expect((await adminCall(t, admin, 'POST', `${SB}/DelMenu`, { MenuId })).Code).toBe(200);
    expect(await db.selectFrom('column_intervals').selectAll().execute()).toEqual([]);
    expect((await freshness()).Data.Failing).toBe(false);
  });

  it('judges the home page by its newest article against two weeks', async () => {
    // Days later the session has idled out: signed in again each time.
    const after = async (days: number) => {
      clock.advance(days * DAY);
      admin = await loginAdmin(t);
      return (await freshness()).Data.Home;
    };
    try {
      // 今日要闻 of the last test, now eleven days old, is the newest.
      expect(await after(11)).toMatchObject({ MenuName: '政策要闻', DaysSince: 11, State: 'ok' });
      expect(await after(3)).toMatchObject({ DaysSince: 14, State: 'ok' });
      expect(await after(1)).toMatchObject({ DaysSince: 15, State: 'overdue' });
    } finally {
      await after(-15);
    }
  });

  it('exports the table as .xlsx', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${SB}/ExportColumnFreshness`, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(['栏目', '类型', '文章数', '最近发布', '已过天数', '更新周期（天）', '周期', '状态']);
    expect(rows[1]).toEqual(['新闻中心 › 协会动态', '列表栏目', 2, '2024-05-29 10:00:00', 3, 30, '默认', '正常']);
    expect(rows.find((r) => r[0] === '新闻中心 › 行业资讯')).toEqual(['新闻中心 › 行业资讯', '列表栏目', 0, undefined, undefined, 30, '默认', '空栏目']);
    expect(rows).toHaveLength(8);
    const empty = await t.app.inject({ method: 'GET', url: `${SB}/ExportColumnFreshness?state=empty`, headers: { token: admin } });
    expect((await readSheet(empty.rawPayload)).map((r) => r[0])).toEqual(['栏目', '新闻中心 › 行业资讯']);
  });

  it('is for staff granted it: the page reads, its buttons set and export', async () => {
    await createAdmin(t, admin, 'editor_i', '内容编辑');
    const editor = await loginAdmin(t, 'editor_i');
    expect((await freshness('', editor)).Code).toBe(403);
    expect((await save({ MenuId: ids['通知公告'], Days: 14 }, editor)).Code).toBe(403);
    expect((await adminCall(t, editor, 'GET', `${SB}/ExportColumnFreshness`)).Code).toBe(403);

    const menus = flatten((await adminCall<SystemMenuDto[]>(t, admin, 'GET', '/api/XfSystemApi/GetSystemMenuList?all=1')).Data);
    const menuId = (perms: string) => menus.find((m) => m.perms === perms)?.MenuId;
    const role = await adminCall(t, admin, 'POST', '/api/XfSystemApi/SaveRole', {
      RoleName: '栏目巡查',
      MenuIds: [menus.find((m) => m.menuname === '网站检查')?.MenuId, menuId('inspection:columns')],
    });
    expect(role.Code, role.Message).toBe(200);
    await createAdmin(t, admin, 'watcher', '栏目巡查');
    const watcher = await loginAdmin(t, 'watcher');
    expect((await freshness('', watcher)).Code).toBe(200);
    expect((await save({ MenuId: ids['通知公告'], Days: 14 }, watcher)).Code).toBe(403);
    expect((await adminCall(t, watcher, 'GET', `${SB}/ExportColumnFreshness`)).Code).toBe(403);
  });

  it('reaches an existing install: 网站检查 and 栏目更新 with its buttons are added after 数据统计', async () => {
    const { db } = t.app.services.database;
    // An install from before 网站检查: no directory, and never offered.
    await db.deleteFrom('system_menus').where('path', '=', 'inspection').where('menu_type', '=', 1).execute();
    await db.deleteFrom('system_menu_defaults').where('perms', '=', 'dir:inspection').execute();
    const offered = await offeredAgain(t, 'inspection:');
    // The directory's other pages (可用性监测, …) come back with it; their own tests follow them.
    const [before, after] = [offered.before, offered.after].map((entries) => entries.filter((m) => m.perms.startsWith('inspection:columns')));
    expect(before!.map((m) => m.perms)).toEqual(['inspection:columns', 'inspection:columns:setting', 'inspection:columns:export']);
    expect(after!.map((m) => [m.perms, m.menu_type])).toEqual([
      ['inspection:columns', 2],
      ['inspection:columns:setting', 3],
      ['inspection:columns:export', 3],
    ]);
    const own = (await adminCall<SystemMenuDto[]>(t, admin, 'GET', '/api/XfSystemApi/GetSystemMenuList')).Data;
    const names = own.map((m) => m.menuname);
    expect(names.indexOf('网站检查')).toBe(names.indexOf('数据统计') + 1);
    const inspection = own.find((m) => m.menuname === '网站检查')!;
    expect(inspection).toMatchObject({ icon: 'SecurityScanOutlined', path: 'inspection' });
    expect(inspection.children[0]).toMatchObject({
      menuname: '栏目更新',
      path: 'inspection/columns',
      component: 'inspection/columns/index',
      icon: 'FieldTimeOutlined',
    });
    expect(after![0]!.parent_id).toBe(inspection.MenuId);
    expect(await menuEntries(t, 'inspection:')).toEqual(offered.after);
  });
});
