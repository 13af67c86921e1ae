import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListDto, SystemMenuDto, WorkdayDto } from '@portal/shared';
import { adminCall } from '../../../test/admin.js';
import { createContentAdminTest, expectGuarded, type ContentAdminTest, type GuardedCall } from '../../../test/content-admin.js';
import { offeredAgain } from '../../../test/menu-offers.js';
import { engines } from '../../../test/harness.js';
import { addWorkingDays, workingDaysBetween } from './service.js';

describe.each(engines)('工作日历 in the back office on %s', (engine) => {
  let c: ContentAdminTest;
  const save = (body: Record<string, unknown>, token = c.admin) => c.call<number>(token, 'POST', 'SaveWorkday', body);
  const del = (Id: number, token = c.admin) => c.call(token, 'POST', 'DelWorkday', { Id });
  const year = async (y: number | string) => (await c.call<ListDto<WorkdayDto>>(c.admin, 'GET', `GetWorkdayList?year=${y}`)).Data;
  const database = () => c.t.app.services.database;

  beforeAll(async () => {
    c = await createContentAdminTest(engine);
  });
  afterAll(() => c.t.close());

  it('lists a year by date with the shipped entries', async () => {
    const y2026 = await year(2026);
    expect(y2026.TotalCount).toBe(39);
    expect(y2026.List.map((d) => d.Date)).toEqual([...y2026.List.map((d) => d.Date)].sort());
    expect(y2026.List[0]).toMatchObject({ Date: '2026-01-01', Kind: 1, KindName: '休', Name: '元旦' });
    expect(y2026.List.find((d) => d.Date === '2026-02-14')).toMatchObject({ Kind: 2, KindName: '班', Name: '春节调休上班' });
    expect((await year(2027)).TotalCount).toBe(13);
    expect((await year(2030)).List).toEqual([]);
  });

  it('sets, changes and clears a day, each audited, and deadlines follow at once', async () => {
    // 2027's 国庆节 as the plain week would have it: 1–3 Oct off, back on Monday the 4th.
    expect(await addWorkingDays(database(), '2027-09-30 10:00:00', 1)).toBe('2027-10-04 23:59:59');
    const rest = await save({ Date: '2027-10-04', Kind: 1, Name: ' 国庆节 ' });
    expect(rest).toMatchObject({ Code: 200, Message: '操作成功' });
    const work = await save({ Date: '2027-09-26', Kind: 2, Name: '国庆节调休上班' });
    expect(work.Code, work.Message).toBe(200);
    expect(await addWorkingDays(database(), '2027-09-30 10:00:00', 1)).toBe('2027-10-05 23:59:59');
    expect(await workingDaysBetween(database(), '2027-09-24 10:00:00', '2027-09-30 10:00:00')).toBe(5);

    const entry = (await year(2027)).List.find((d) => d.Id === rest.Data);
    expect(entry).toMatchObject({ Date: '2027-10-04', Kind: 1, KindName: '休', Name: '国庆节' });
    expect(entry?.UpdateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect(await save({ Id: rest.Data, Date: '2027-10-04', Kind: 1, Name: '国庆节（补休）' })).toEqual({ Code: 200, Message: '操作成功', Data: rest.Data });
    expect(await del(work.Data)).toEqual({ Code: 200, Message: '操作成功', Data: null });
    expect(await del(work.Data)).toEqual({ Code: 404, Message: '工作日历中没有该日期的设置', Data: null });
    expect(await workingDaysBetween(database(), '2027-09-24 10:00:00', '2027-09-30 10:00:00')).toBe(4);

    const audit = await database()
      .db.selectFrom('audit_logs')
      .select(['action', 'target_id', 'result', 'detail'])
      .where('target', '=', '工作日历')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'system:workday:add', target_id: String(rest.Data), result: 1, detail: '2027-10-04 休 国庆节' },
      { action: 'system:workday:add', target_id: String(work.Data), result: 1, detail: '2027-09-26 班 国庆节调休上班' },
      { action: 'system:workday:edit', target_id: String(rest.Data), result: 1, detail: '2027-10-04 休 国庆节（补休）' },
      { action: 'system:workday:delete', target_id: String(work.Data), result: 1, detail: '2027-09-26 班 国庆节调休上班' },
      { action: 'system:workday:delete', target_id: String(work.Data), result: 0, detail: '工作日历中没有该日期的设置' },
    ]);
  });

  it('refuses bad input with Chinese messages and writes nothing', async () => {
    const good = { Date: '2030-05-01', Kind: 1, Name: '劳动节' };
    const cases: [Record<string, unknown>, string][] = [
      [{ Kind: 1, Name: '劳动节' }, '请选择日期'],
      [{ ...good, Date: '' }, '请选择日期'],
      [{ ...good, Date: '2030/05/01' }, '日期无效，应为yyyy-MM-dd（如2026-10-01）'],
      [{ ...good, Date: '2030-02-29' }, '日期无效，应为yyyy-MM-dd（如2026-10-01）'],
      [{ ...good, Date: '1999-12-31' }, '日期应在2000年至2100年之间'],
      [{ ...good, Date: '2101-01-01' }, '日期应在2000年至2100年之间'],
      [{ ...good, Kind: 0 }, '请选择休（放假）或班（调休上班）'],
      [{ ...good, Kind: 3 }, '请选择休（放假）或班（调休上班）'],
      [{ ...good, Kind: '休' }, '请选择休（放假）或班（调休上班）'],
      [{ Date: '2030-05-01', Kind: 1 }, '请输入名称，如春节'],
      [{ ...good, Name: '   ' }, '请输入名称，如春节'],
      [{ ...good, Name: '节'.repeat(21) }, '名称不能超过20个字'],
      // 2030-05-01 is a Wednesday.
      [{ ...good, Kind: 2 }, '周一至周五本是工作日，只有周六、周日可设为班'],
    ];
    for (const [body, message] of cases) expect(await save(body), JSON.stringify(body)).toEqual({ Code: 400, Message: message, Data: null });
    expect((await year(2030)).List).toEqual([]);

    // A day holds one entry: a second one, or an entry moved onto it, is refused.
    expect(await save({ Date: '2026-10-01', Kind: 1, Name: '国庆' })).toEqual({ Code: 400, Message: '2026-10-01已在工作日历中，请修改原有设置', Data: null });
    const own = await save({ ...good, Name: '节'.repeat(20) });
    expect(own.Code, own.Message).toBe(200);
    expect(await save({ Id: own.Data, Date: '2026-10-02', Kind: 1, Name: '国庆' })).toEqual({
      Code: 400,
      Message: '2026-10-02已在工作日历中，请修改原有设置',
      Data: null,
    });
    expect((await year(2030)).List).toMatchObject([{ Id: own.Data, Date: '2030-05-01', Name: '节'.repeat(20) }]);
    expect(await save({ ...good, Id: 999999 })).toEqual({ Code: 404, Message: '工作日历中没有该日期的设置', Data: null });

    for (const y of ['1999', '2101', 'abc', ''])
      expect((await c.call(c.admin, 'GET', `GetWorkdayList?year=${y}`)).Message, y).toBe('年份应为2000至2100之间的整数');
  });

  it('guards every call: no session, a member, a role without the permission, a 内容编辑', async () => {
    const saved = await save({ Date: '2031-01-04', Kind: 2, Name: '测试' });
    expect(saved.Code, saved.Message).toBe(200);
    const calls: GuardedCall[] = [
      ['GET', 'GetWorkdayList?year=2031'],
      ['POST', 'SaveWorkday', { Date: '2031-01-05', Kind: 2, Name: '测试' }],
      ['POST', 'SaveWorkday', { Id: saved.Data, Date: '2031-01-04', Kind: 1, Name: '测试' }],
      ['POST', 'DelWorkday', { Id: saved.Data }],
    ];
    await expectGuarded(c, calls);
    for (const [method, name, payload] of calls) expect((await c.call(c.editor, method, name, payload)).Code, name).toBe(403);
    expect((await year(2031)).List).toMatchObject([{ Id: saved.Data, Date: '2031-01-04', Kind: 2 }]);
  });

  it('reaches an existing install: the page and its buttons are added under 系统管理 once', async () => {
    const { after } = await offeredAgain(c.t, 'system:workday:');
    expect(after.map((m) => [m.perms, m.menu_type])).toEqual([
      ['system:workday:list', 2],
      ['system:workday:add', 3],
      ['system:workday:edit', 3],
      ['system:workday:delete', 3],
    ]);
    const own = (await adminCall<SystemMenuDto[]>(c.t, c.admin, 'GET', '/api/XfSystemApi/GetSystemMenuList')).Data;
    const system = own.find((m) => m.menuname === '系统管理');
    expect(system?.children.find((m) => m.perms === 'system:workday:list')).toMatchObject({
      menuname: '工作日历',
      path: 'system/workdays',
      component: 'system/workdays/index',
      icon: 'CalendarOutlined',
    });
  });
});
