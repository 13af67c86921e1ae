import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCst, type ListDto, type MemorialDayDto, type SystemMenuDto } from '@portal/shared';
import { contentChanged } from '../../cache/generations.js';
import { ensureSystemSeed } from '../system/seed.js';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { createContentAdminTest, expectGuarded, type ContentAdminTest, type GuardedCall } from '../../../test/content-admin.js';
import { menuEntries, offeredAgain } from '../../../test/menu-offers.js';
import { engines, secondInstance, type TestApp } from '../../../test/harness.js';
import { memorialToday } from './memorial.js';

const flatten = (menus: readonly SystemMenuDto[]): SystemMenuDto[] => menus.flatMap((m) => [m, ...flatten(m.children)]);

describe.each(engines)('哀悼日 in the back office on %s', (engine) => {
  let c: ContentAdminTest;
  const save = (body: Record<string, unknown>, token = c.admin) => c.call<number>(token, 'POST', 'SaveMemorialDay', body);
  const del = (Id: number, token = c.admin) => c.call(token, 'POST', 'DelMemorialDay', { Id });
  const days = async (query = '') => (await c.call<ListDto<MemorialDayDto>>(c.admin, 'GET', `GetMemorialDayList?pagesize=100&${query}`)).Data;

  beforeAll(async () => {
    c = await createContentAdminTest(engine);
  });
  afterAll(() => c.t.close());

  it('adds, lists, filters, changes and deletes records, each audited', async () => {
    const qingming = await save({ StartDate: '2020-04-04', EndDate: '2020-04-04', Scope: 2, Note: '  全国哀悼日  ' });
    expect(qingming).toMatchObject({ Code: 200, Message: '操作成功' });
    const week = await save({ StartDate: '2024-12-30', EndDate: '2025-01-05', Scope: 1 });
    expect(week.Code, week.Message).toBe(200);

    const all = await days();
    expect(all.TotalCount).toBe(2);
    // The latest first.
    expect(all.List.map((d) => d.Id)).toEqual([week.Data, qingming.Data]);
    expect(all.List[1]).toMatchObject({ Id: qingming.Data, StartDate: '2020-04-04', EndDate: '2020-04-04', Scope: 2, ScopeName: '全站', Note: '全国哀悼日' });
    expect(all.List[0]).toMatchObject({ Scope: 1, ScopeName: '仅首页', Note: '' });
    expect(all.List[0]?.CreateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(all.List[0]?.UpdateTime).toBe(all.List[0]?.CreateTime);

    // A year keeps the ranges touching it; a date those containing it.
    expect((await days('year=2025')).List.map((d) => d.Id)).toEqual([week.Data]);
    expect((await days('year=2024')).List.map((d) => d.Id)).toEqual([week.Data]);
    expect((await days('year=2020')).List.map((d) => d.Id)).toEqual([qingming.Data]);
    expect((await days('year=2023')).TotalCount).toBe(0);
    expect((await days('date=2025-01-05')).List.map((d) => d.Id)).toEqual([week.Data]);
    expect((await days('date=2025-01-06')).TotalCount).toBe(0);
    expect(await c.call(c.admin, 'GET', 'GetMemorialDayList?date=2025-02-30')).toEqual({
      Code: 400,
      Message: '日期无效，应为yyyy-MM-dd（如2024-04-04）',
      Data: null,
    });
    expect((await c.call(c.admin, 'GET', 'GetMemorialDayList?year=abc')).Code).toBe(400);

    expect(await save({ Id: qingming.Data, StartDate: '2020-04-04', EndDate: '2020-04-05', Scope: 1, Note: '改为两天' })).toEqual({
      Code: 200,
      Message: '操作成功',
      Data: qingming.Data,
    });
    expect((await days('year=2020')).List[0]).toMatchObject({
      StartDate: '2020-04-04',
      EndDate: '2020-04-05',
      Scope: 1,
      ScopeName: '仅首页',
      Note: '改为两天',
    });

    expect(await del(qingming.Data)).toEqual({ Code: 200, Message: '操作成功', Data: null });
    expect(await del(qingming.Data)).toEqual({ Code: 404, Message: '哀悼日不存在', Data: null });
    expect((await days()).List.map((d) => d.Id)).toEqual([week.Data]);

    const audit = await c.t.app.services.database.db
      .selectFrom('audit_logs')
      .select(['account', 'action', 'target', 'target_id', 'result', 'detail'])
      .where('target', '=', '哀悼日')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { account: 'admin', action: 'system:memorial:add', target: '哀悼日', target_id: String(qingming.Data), result: 1, detail: '2020-04-04 全站' },
      { account: 'admin', action: 'system:memorial:add', target: '哀悼日', target_id: String(week.Data), result: 1, detail: '2024-12-30～2025-01-05 仅首页' },
      {
        account: 'admin',
        action: 'system:memorial:edit',
        target: '哀悼日',
        target_id: String(qingming.Data),
        result: 1,
        detail: '2020-04-04～2020-04-05 仅首页',
      },
      {
        account: 'admin',
        action: 'system:memorial:delete',
        target: '哀悼日',
        target_id: String(qingming.Data),
        result: 1,
        detail: '2020-04-04～2020-04-05 仅首页',
      },
      // The second delete found nothing: recorded as a failure, with the message the admin saw.
      { account: 'admin', action: 'system:memorial:delete', target: '哀悼日', target_id: String(qingming.Data), result: 0, detail: '哀悼日不存在' },
    ]);
  });

  it('refuses invalid fields with their messages', async () => {
    const good = { StartDate: '2024-04-04', EndDate: '2024-04-04', Scope: 2 };
    const cases: [Record<string, unknown>, string][] = [
      [{ EndDate: '2024-04-04', Scope: 2 }, '请选择开始日期'],
      [{ ...good, StartDate: '' }, '请选择开始日期'],
      [{ StartDate: '2024-04-04', Scope: 2 }, '请选择结束日期'],
      [{ ...good, StartDate: '2024/04/04' }, '日期无效，应为yyyy-MM-dd（如2024-04-04）'],
      [{ ...good, StartDate: '2023-02-29' }, '日期无效，应为yyyy-MM-dd（如2024-04-04）'],
      [{ ...good, EndDate: '2024-04-04 10:00:00' }, '日期无效，应为yyyy-MM-dd（如2024-04-04）'],
      [{ ...good, EndDate: '2024-04-03' }, '结束日期不能早于开始日期'],
      [{ ...good, StartDate: '2024-01-01', EndDate: '2025-01-01' }, '日期范围不能超过366天'],
      [{ StartDate: '2024-04-04', EndDate: '2024-04-04' }, '请选择置灰范围（仅首页或全站）'],
      [{ ...good, Scope: 0 }, '请选择置灰范围（仅首页或全站）'],
      [{ ...good, Scope: 3 }, '请选择置灰范围（仅首页或全站）'],
      [{ ...good, Scope: 'x' }, '请选择置灰范围（仅首页或全站）'],
      [{ ...good, Note: '注'.repeat(101) }, '备注不能超过100个字'],
    ];
    for (const [body, message] of cases) expect(await save(body), JSON.stringify(body)).toEqual({ Code: 400, Message: message, Data: null });
    // A whole leap year is one range; a note of 100 characters fits.
    expect((await save({ StartDate: '2024-01-01', EndDate: '2024-12-31', Scope: 1, Note: '注'.repeat(100) })).Code).toBe(200);
    expect(await save({ ...good, Id: 999999 })).toEqual({ Code: 404, Message: '哀悼日不存在', Data: null });
  });

  it('guards every call: no session, a member, a role without the permission, a 内容编辑', async () => {
    const saved = await save({ StartDate: '2019-05-12', EndDate: '2019-05-12', Scope: 2 });
    expect(saved.Code).toBe(200);
    const calls: GuardedCall[] = [
      ['GET', 'GetMemorialDayList'],
      ['POST', 'SaveMemorialDay', { StartDate: '2019-05-13', EndDate: '2019-05-13', Scope: 2 }],
      ['POST', 'SaveMemorialDay', { Id: saved.Data, StartDate: '2019-05-13', EndDate: '2019-05-13', Scope: 1 }],
      ['POST', 'DelMemorialDay', { Id: saved.Data }],
    ];
    await expectGuarded(c, calls);
    // The seeded 内容编辑 holds the content pages only.
    for (const [method, name, payload] of calls) expect((await c.call(c.editor, method, name, payload)).Code, name).toBe(403);
    expect((await days('year=2019')).List).toMatchObject([{ Id: saved.Data, StartDate: '2019-05-12', Scope: 2 }]);
    expect(await memorialToday(c.t.app.services.database, parseCst('2019-05-13 12:00:00'))).toBe(0);
  });

  it('grants by button: a role with the page and 新增哀悼日 may list and add, not change or delete', async () => {
    const menus = flatten((await adminCall<SystemMenuDto[]>(c.t, c.admin, 'GET', '/api/XfSystemApi/GetSystemMenuList?all=1')).Data);
    const menuId = (perms: string) => menus.find((m) => m.perms === perms)?.MenuId;
    const system = menus.find((m) => m.menuname === '系统管理');
    const role = await adminCall(c.t, c.admin, 'POST', '/api/XfSystemApi/SaveRole', {
      RoleName: '哀悼日录入',
      MenuIds: [system?.MenuId, menuId('system:memorial:list'), menuId('system:memorial:add')],
    });
    expect(role.Code, role.Message).toBe(200);
    await createAdmin(c.t, c.admin, 'mourning', '哀悼日录入');
    const clerk = await loginAdmin(c.t, 'mourning');
    const added = await save({ StartDate: '2024-07-07', EndDate: '2024-07-07', Scope: 1 }, clerk);
    expect(added.Code, added.Message).toBe(200);
    expect((await c.call(clerk, 'GET', 'GetMemorialDayList')).Code).toBe(200);
    expect((await save({ Id: added.Data, StartDate: '2024-07-07', EndDate: '2024-07-07', Scope: 2 }, clerk)).Code).toBe(403);
    expect((await del(added.Data, clerk)).Code).toBe(403);
    // Its menu tree shows the page under 系统管理.
    const own = (await adminCall<SystemMenuDto[]>(c.t, clerk, 'GET', '/api/XfSystemApi/GetSystemMenuList')).Data;
    expect(flatten(own).find((m) => m.perms === 'system:memorial:list')).toMatchObject({
      menuname: '哀悼日',
      path: 'system/memorial',
      component: 'system/memorial/index',
      MenuType: 2,
    });
  });

  it('reaches an existing install: the page and its buttons are added under 系统管理 once, and the super administrator sees them', async () => {
    const { before, after } = await offeredAgain(c.t, 'system:memorial:');
    expect(before.map((m) => m.perms)).toEqual(['system:memorial:list', 'system:memorial:add', 'system:memorial:edit', 'system:memorial:delete']);
    expect(after.map((m) => [m.perms, m.menu_type])).toEqual([
      ['system:memorial:list', 2],
      ['system:memorial:add', 3],
      ['system:memorial:edit', 3],
      ['system:memorial:delete', 3],
    ]);
    expect(after[0]?.parent_id).toBe(before[0]?.parent_id);
    expect(after.slice(1).every((m) => m.parent_id === after[0]?.id)).toBe(true);
    await ensureSystemSeed(c.t.app.services, c.t.app.log);
    expect(await menuEntries(c.t, 'system:memorial:')).toEqual(after);

    const own = (await adminCall<SystemMenuDto[]>(c.t, c.admin, 'GET', '/api/XfSystemApi/GetSystemMenuList')).Data;
    const system = own.find((m) => m.menuname === '系统管理');
    const memorial = system?.children.filter((m) => m.menuname === '哀悼日');
    expect(memorial).toMatchObject([{ icon: 'FlagOutlined' }]);
    expect(memorial?.[0]?.children.map((b) => b.perms)).toEqual(['system:memorial:add', 'system:memorial:edit', 'system:memorial:delete']);
  });
});

describe.each(engines)('memorialToday on %s', (engine) => {
  let t: TestApp;
  // 2024-06-01 10:00 CST.
  const clock = testClock();
  const moveTo = (cst: string) => clock.advance(parseCst(cst) - clock.now());
  // A session idles out while the clock jumps days: the admin signs in again at each new time.
  let session = { token: '', at: 0 };
  const admin = async () => {
    if (session.at !== clock.now()) session = { token: await loginAdmin(t), at: clock.now() };
    return session.token;
  };
  const call = async <T = unknown>(method: 'GET' | 'POST', name: string, payload?: Record<string, unknown>) =>
    adminCall<T>(t, await admin(), method, `/api/XfSysBussiness/${name}`, payload);
  const save = (body: Record<string, unknown>) => call<number>('POST', 'SaveMemorialDay', body);
  const today = () => memorialToday(t.app.services.database, clock.now());

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
  });
  afterAll(() => t.close());

  it('answers the widest scope of the ranges containing today, first and last day included, and follows every write at once', async () => {
    expect(await today()).toBe(0);
    const range = await save({ StartDate: '2024-06-03', EndDate: '2024-06-05', Scope: 1, Note: '三日' });
    const single = await save({ StartDate: '2024-06-10', EndDate: '2024-06-10', Scope: 2 });
    expect([range.Code, single.Code]).toEqual([200, 200]);
    const listed = (await call<ListDto<MemorialDayDto>>('GET', 'GetMemorialDayList')).Data.List;
    expect(listed.map((d) => d.CreateTime)).toEqual(['2024-06-01 10:00:00', '2024-06-01 10:00:00']);
    expect(await today()).toBe(0);

    // Midnight switches with no write: the answer is worked out from the date on each call.
    moveTo('2024-06-02 23:59:59');
    expect(await today()).toBe(0);
    moveTo('2024-06-03 00:00:00');
    expect(await today()).toBe(1);
    moveTo('2024-06-04 12:00:00');
    expect(await today()).toBe(1);

    // Overlapping ranges: the whole site beats the home page; a save is seen at once.
    const overlap = await save({ StartDate: '2024-06-04', EndDate: '2024-06-04', Scope: 2 });
    expect(overlap.Code).toBe(200);
    expect(await today()).toBe(2);
    expect((await save({ Id: overlap.Data, StartDate: '2024-06-04', EndDate: '2024-06-04', Scope: 1 })).Code).toBe(200);
    expect(await today()).toBe(1);
    expect((await save({ Id: overlap.Data, StartDate: '2024-06-04', EndDate: '2024-06-04', Scope: 2 })).Code).toBe(200);
    expect(await today()).toBe(2);
    expect((await call('POST', 'DelMemorialDay', { Id: overlap.Data })).Code).toBe(200);
    expect(await today()).toBe(1);
    const updated = (await call<ListDto<MemorialDayDto>>('GET', 'GetMemorialDayList?date=2024-06-04')).Data.List;
    expect(updated).toMatchObject([{ Id: range.Data, CreateTime: '2024-06-01 10:00:00', UpdateTime: '2024-06-01 10:00:00' }]);

    moveTo('2024-06-05 23:59:59');
    expect(await today()).toBe(1);
    moveTo('2024-06-06 00:00:00');
    expect(await today()).toBe(0);
    moveTo('2024-06-09 23:59:59');
    expect(await today()).toBe(0);
    moveTo('2024-06-10 00:00:00');
    expect(await today()).toBe(2);
    moveTo('2024-06-11 00:00:00');
    expect(await today()).toBe(0);

    // A clock set back to before the rows were read still finds the ranges that have ended since.
    expect(await memorialToday(t.app.services.database, parseCst('2024-06-04 08:00:00'))).toBe(1);
    expect(await memorialToday(t.app.services.database, parseCst('2024-06-10 08:00:00'))).toBe(2);
  });

  it('answers from memory: a row written behind its back is seen only once the area is announced as changed', async () => {
    moveTo('2024-06-20 09:00:00');
    const edit = await save({ StartDate: '2024-06-20', EndDate: '2024-06-20', Scope: 1 });
    expect(edit.Code).toBe(200);
    expect((await save({ Id: edit.Data, StartDate: '2024-06-20', EndDate: '2024-06-20', Scope: 1, Note: '更新时间' })).Code).toBe(200);
    expect(await today()).toBe(1);
    const { database } = t.app.services;
    await database.db
      .insertInto('memorial_days')
      .values({ start_date: '2024-06-20', end_date: '2024-06-20', scope: 2, note: '', created_at: '2024-06-20 09:00:00', updated_at: '2024-06-20 09:00:00' })
      .execute();
    expect(await today()).toBe(1);
    contentChanged(database, 'site');
    expect(await today()).toBe(2);
  });

  it.runIf(engine === 'postgres')('is dropped on another instance when one instance saves', async () => {
    const other = await secondInstance(t, { now: clock.now });
    try {
      moveTo('2024-07-01 09:00:00');
      expect(await memorialToday(other.app.services.database, clock.now())).toBe(0);
      expect((await save({ StartDate: '2024-07-01', EndDate: '2024-07-01', Scope: 2 })).Code).toBe(200);
      await expect.poll(() => memorialToday(other.app.services.database, clock.now()), { timeout: 5000 }).toBe(2);
    } finally {
      await other.close();
    }
  });
});
