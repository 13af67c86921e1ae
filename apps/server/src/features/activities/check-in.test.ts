import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckInActivityDto, type CheckInMemberDto, type ListDto, type SystemMenuDto } from '@portal/shared';
import { activityBody, activityScene, type ActivityScene } from '../../../test/activities.js';
import { createAdmin, loginAdmin } from '../../../test/admin.js';
import { atOnce, sharingInstances } from '../../../test/concurrency.js';
import { menuEntries, offeredAgain } from '../../../test/menu-offers.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { ensureSystemSeed, SUPER_ROLE } from '../system/seed.js';

/**
 * Check-in at the door: each sign-up's QR token and code, staff checking members in by QR,
 * code or choice (once, however many scan at once), undo, every refusal with its reason and
 * nothing written, self check-in with the venue's QR in its window, and the permissions.
 */
describe.each(engines)('check-in on %s', (engine) => {
  let s: ActivityScene;
  let id: number;
  let other: number;
  const keys: Record<string, { token: string; code: string }> = {};

  beforeAll(async () => {
    s = await activityScene(engine);
    await s.addMembers('alice', 'bob', 'carol', 'dave', 'erin', 'frank');
    id = await s.publish({ Title: '工程质量风险管理培训班' });
    other = await s.publish({ Title: '另一场讲座', StartTime: '2024-06-21 09:00:00', EndTime: '2024-06-21 12:00:00' });
    for (const account of ['alice', 'bob', 'carol', 'dave', 'erin']) expect((await s.member(account, 'SignUpActivity', { ActivityId: id })).Code).toBe(200);
    expect((await s.member('alice', 'SignUpActivity', { ActivityId: other })).Code).toBe(200);
  });
  afterAll(() => s.close());

  const checkIn = (payload: Record<string, unknown>, token?: string, on?: TestApp) =>
    s.business<CheckInMemberDto>('CheckInActivityMember', { ActivityId: id, ...payload }, token, on);
  const door = async (activityId = id) => (await s.business<CheckInActivityDto>(`GetCheckInActivity/${activityId}`)).Data;
  const checkedIn = async () =>
    (
      await s.t.app.services.database.db
        .selectFrom('activity_notices')
        .select('member_id')
        .where('activity_id', '=', id)
        .where('checked_in_at', '!=', '')
        .orderBy('member_id')
        .execute()
    ).map((r) => r.member_id);

  it('gives each sign-up an unguessable token and a 6-character code, kept through cancelling and signing up again', async () => {
    for (const account of ['alice', 'bob', 'carol', 'dave', 'erin']) {
      const mine = await s.mine(account, id);
      keys[account] = { token: mine.CheckInToken, code: mine.CheckInCode };
      expect(mine.CheckInToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(mine.CheckInCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
      expect(mine).toMatchObject({ IsCheckedIn: false, CheckInTime: '' });
    }
    expect(new Set(Object.values(keys).map((k) => k.token)).size).toBe(5);
    expect(new Set(Object.values(keys).map((k) => k.code)).size).toBe(5);
    expect((await s.mine('frank', id)).CheckInToken).toBe('');
    expect((await s.member('erin', 'CancelActivitySignUp', { ActivityId: id })).Code).toBe(200);
    expect(await s.mine('erin', id)).toMatchObject({ IsSignedUp: false, CheckInToken: '', CheckInCode: '' });
    expect((await s.member('erin', 'SignUpActivity', { ActivityId: id })).Code).toBe(200);
    expect(await s.mine('erin', id)).toMatchObject({ CheckInToken: keys.erin!.token, CheckInCode: keys.erin!.code });
  });

  it('refuses before the activity’s day, with the reason, and writes nothing', async () => {
    expect(await checkIn({ Token: keys.alice!.token })).toEqual({ Code: 400, Message: '签到尚未开始，活动当天（2024-06-20）起可签到', Data: null });
    expect(await checkedIn()).toEqual([]);
  });

  it('checks in by QR, by typed code and by choice; a second scan says 已签到 with the time', async () => {
    s.moveTo('2024-06-20 08:10:00');
    const scanned = await checkIn({ Token: keys.alice!.token });
    expect(scanned).toMatchObject({
      Code: 200,
      Message: '签到成功',
      Data: {
        MemberId: s.ids.alice,
        Account: 'alice',
        MemberName: 'alice工程有限公司',
        Contact: '李四',
        CheckInTime: '2024-06-20 08:10:00',
        CheckedInBy: 'admin',
        // The door shows the staff member's name, the account on hover.
        CheckedInByName: SUPER_ROLE,
      },
    });
    s.clock.advance(5 * 60_000);
    expect(await checkIn({ Token: keys.alice!.token })).toMatchObject({
      Code: 409,
      Message: '已签到（2024-06-20 08:10:00）',
      Data: { MemberId: s.ids.alice, CheckInTime: '2024-06-20 08:10:00' },
    });
    // Typed as people type it: lower case, with spaces.
    const typed = keys.bob!.code.toLowerCase().replace(/^(...)/, '$1 ');
    expect(await checkIn({ Code: typed })).toMatchObject({ Code: 200, Data: { Account: 'bob', CheckInTime: '2024-06-20 08:15:00' } });
    expect(await checkIn({ Code: keys.bob!.code })).toMatchObject({ Code: 409, Message: '已签到（2024-06-20 08:15:00）' });
    expect(await checkIn({ MemberId: s.ids.carol })).toMatchObject({ Code: 200, Data: { Account: 'carol' } });
    expect(await door()).toMatchObject({ SignUpCount: 5, CheckedInCount: 3, OfferCount: 0, WaitlistCount: 0 });
    const listed = (await s.business<ListDto<{ ActivityId: number; CheckedInCount: number }>>('GetActivityList?pagesize=100')).Data.List.find(
      (a) => a.ActivityId === id,
    );
    expect(listed?.CheckedInCount).toBe(3);
    expect((await s.mine('alice', id)).IsCheckedIn).toBe(true);
  });

  it('finds the sign-ups by name, account or code, those not checked in first', async () => {
    const members = async (query: string) => (await s.business<ListDto<CheckInMemberDto>>(`GetCheckInMemberList?activityid=${id}&pagesize=100${query}`)).Data;
    expect((await members('')).List.map((m) => [m.Account, m.CheckInTime !== ''])).toEqual([
      ['dave', false],
      ['erin', false],
      ['alice', true],
      ['bob', true],
      ['carol', true],
    ]);
    expect((await members('&key=dave工程')).List.map((m) => m.Account)).toEqual(['dave']);
    expect((await members(`&key=${keys.erin!.code.toLowerCase()}`)).List.map((m) => m.Account)).toEqual(['erin']);
    expect((await members('&checkedin=0')).TotalCount).toBe(2);
    expect((await members('&checkedin=1')).List.map((m) => m.CheckedInBy)).toEqual(['admin', 'admin', 'admin']);
    expect((await s.business(`GetCheckInMemberList?activityid=999999`)).Message).toBe('活动不存在或已删除');
  });

  it('refuses a forged, another activity’s, mistyped or spent pass, and whoever is not signed up; nothing is recorded', async () => {
    const refuse = async (payload: Record<string, unknown>, message: string) =>
      expect(await checkIn(payload), message).toEqual({ Code: 400, Message: message, Data: null });
    await refuse({ Token: 'x'.repeat(43) }, '无效的签到二维码');
    await refuse({ Token: `${keys.dave!.token}x` }, '无效的签到二维码');
    const theirs = (await s.mine('alice', other)).CheckInToken;
    await refuse({ Token: theirs }, '该签到二维码属于其他活动「另一场讲座」');
    await refuse({ Code: 'ZZZZZZ' }, '签到码不存在，请核对后重新输入');
    await refuse({ Code: 'O0I1L2' }, '签到码为6位字母或数字');
    await refuse({ Code: 'ABC' }, '签到码为6位字母或数字');
    await refuse({}, '请扫描签到二维码、输入签到码或选择会员');
    await refuse({ Token: keys.dave!.token, Code: keys.dave!.code }, '请扫描签到二维码、输入签到码或选择会员');
    await refuse({ MemberId: s.ids.frank }, '该会员未报名本活动或已取消报名');
    expect((await s.member('dave', 'CancelActivitySignUp', { ActivityId: id })).Message).toBe('报名已截止');
    await s.t.app.services.database.db
      .updateTable('activity_notices')
      .set({ signed_up_at: '' })
      .where('member_id', '=', s.ids.dave!)
      .where('activity_id', '=', id)
      .execute();
    await refuse({ Token: keys.dave!.token }, '该会员未报名本活动或已取消报名');
    await s.t.app.services.database.db
      .updateTable('activity_notices')
      .set({ signed_up_at: '2024-06-01 10:00:00' })
      .where('member_id', '=', s.ids.dave!)
      .where('activity_id', '=', id)
      .execute();
    expect(await s.business('CheckInActivityMember', { ActivityId: 999999, Token: keys.dave!.token })).toMatchObject({
      Code: 404,
      Message: '活动不存在或已删除',
    });
    const draft = await s.save({ Title: '草稿活动' });
    expect(await s.business('CheckInActivityMember', { ActivityId: draft, Token: keys.dave!.token })).toMatchObject({ Code: 404 });
    expect(await checkedIn()).toEqual([s.ids.alice, s.ids.bob, s.ids.carol]);
  });

  it('refuses a member disabled or no longer in the activity’s audience', async () => {
    const { db } = s.t.app.services.database;
    await db.updateTable('members').set({ member_level_id: 0 }).where('id', '=', s.ids.dave!).execute();
    expect(await checkIn({ Token: keys.dave!.token })).toMatchObject({ Code: 400, Message: '该会员已不在本活动的通知范围内，不能签到' });
    await db.updateTable('members').set({ member_level_id: s.types.memberLevel, status: 0 }).where('id', '=', s.ids.dave!).execute();
    expect(await checkIn({ Token: keys.dave!.token })).toMatchObject({ Code: 400, Message: '该会员账号已停用，不能签到' });
    await db.updateTable('members').set({ status: 1 }).where('id', '=', s.ids.dave!).execute();
    expect(await checkedIn()).toEqual([s.ids.alice, s.ids.bob, s.ids.carol]);
  });

  it('records one check-in however many staff scan the same QR at once; the others are told 已签到', async () => {
    const scans = 12;
    const instances = await sharingInstances(s.t, { now: s.clock.now, backgroundJobs: false });
    try {
      const answers = await atOnce(instances.apps, scans, (app) => checkIn({ Token: keys.dave!.token }, undefined, app));
      const time = '2024-06-20 08:15:00';
      expect(answers.filter((a) => a.Code === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.Code !== 200).map((a) => [a.Code, a.Message, a.Data?.Account])).toEqual(
        Array(scans - 1).fill([409, `已签到（${time}）`, 'dave']),
      );
    } finally {
      await instances.close();
    }
    expect(await checkedIn()).toEqual([s.ids.alice, s.ids.bob, s.ids.carol, s.ids.dave]);
    expect((await door()).CheckedInCount).toBe(4);
  });

  it('undoes a check-in (audited); a checked-in member can be neither removed nor cancelled', async () => {
    expect(await s.business('RemoveActivitySignUp', { ActivityId: id, MemberId: s.ids.dave })).toMatchObject({
      Code: 400,
      Message: '该会员已签到，请先撤销签到',
    });
    expect(await s.business('UndoActivityCheckIn', { ActivityId: id, MemberId: s.ids.dave })).toMatchObject({
      Code: 200,
      Message: '已撤销签到',
      Data: { Account: 'dave', CheckInTime: '' },
    });
    expect(await s.business('UndoActivityCheckIn', { ActivityId: id, MemberId: s.ids.dave })).toMatchObject({ Code: 400, Message: '该会员尚未签到' });
    expect((await checkIn({ Token: keys.dave!.token })).Code).toBe(200);
    const audit = await s.t.app.services.database.db
      .selectFrom('audit_logs')
      .select(['action', 'result', 'detail'])
      .where('action', 'in', ['activity:checkin', 'activity:checkin:undo'])
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.slice(0, 3).map((a) => [a.action, a.result, a.detail])).toEqual([
      ['activity:checkin', 0, '签到尚未开始，活动当天（2024-06-20）起可签到'],
      ['activity:checkin', 1, '签到（扫码）：alice工程有限公司'],
      ['activity:checkin', 0, '已签到（2024-06-20 08:10:00）'],
    ]);
    expect(audit.slice(-3).map((a) => [a.action, a.result, a.detail])).toEqual([
      ['activity:checkin:undo', 1, '撤销签到：dave工程有限公司'],
      ['activity:checkin:undo', 0, '该会员尚未签到'],
      ['activity:checkin', 1, '签到（扫码）：dave工程有限公司'],
    ]);
    // An activity whose sign-up closes on its day: cancelling after checking in is refused.
    const sameDay = await s.publish({ Title: '当天报名的讲座', SignUpDeadline: '2024-06-20 08:55:00', StartTime: '2024-06-20 09:00:00' });
    expect((await s.member('frank', 'SignUpActivity', { ActivityId: sameDay })).Code).toBe(200);
    const frank = await s.mine('frank', sameDay);
    expect((await s.business('CheckInActivityMember', { ActivityId: sameDay, Token: frank.CheckInToken })).Code).toBe(200);
    expect(await s.member('frank', 'CancelActivitySignUp', { ActivityId: sameDay })).toMatchObject({ Code: 400, Message: '您已签到，不能取消报名' });
  });

  it('lets members check themselves in with the venue’s QR, only inside the window', async () => {
    const refuse = async (payload: Record<string, unknown>, message: string) =>
      expect(await s.business('SaveActivityDetail', activityBody(s.types, { ActivityId: id, ...payload })), message).toMatchObject({
        Code: 400,
        Message: message,
      });
    await refuse({ SelfCheckInStart: '2024-06-20 08:30:00' }, '请同时选择自助签到的开始和结束时间');
    await refuse({ SelfCheckInStart: '2024-06-20 10:00:00', SelfCheckInEnd: '2024-06-20 09:00:00' }, '自助签到结束时间不能早于开始时间');
    await refuse({ SelfCheckInStart: '2024-06-20 08:30:00', SelfCheckInEnd: '2024-06-20 17:30:00' }, '自助签到须在活动结束前截止');
    await refuse({ SelfCheckInStart: '2024-06-20 8:30', SelfCheckInEnd: '2024-06-20 10:00:00' }, '时间格式应为yyyy-MM-dd HH:mm:ss');
    const self = (account: string, payload: Record<string, unknown>) => s.member<string>(account, 'SelfCheckInActivity', { ActivityId: id, ...payload });
    expect((await door()).SelfCheckInKey).toBe('');
    expect(await self('erin', { Key: 'anything' })).toMatchObject({ Code: 400, Message: '本活动未开放自助签到' });
    await s.save({ ActivityId: id, SelfCheckInStart: '2024-06-20 08:30:00', SelfCheckInEnd: '2024-06-20 09:30:00' });
    const { SelfCheckInKey: key, SelfCheckInStart, SelfCheckInEnd } = await door();
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect([SelfCheckInStart, SelfCheckInEnd]).toEqual(['2024-06-20 08:30:00', '2024-06-20 09:30:00']);
    expect(await s.mine('erin', id)).toMatchObject({ SelfCheckInStart: '2024-06-20 08:30:00', SelfCheckInEnd: '2024-06-20 09:30:00' });
    expect(await self('erin', { Key: key })).toMatchObject({ Code: 400, Message: '自助签到尚未开始（2024-06-20 08:30 开始）' });
    s.moveTo('2024-06-20 08:45:00');
    expect(await self('erin', { Key: `${key}x` })).toMatchObject({ Code: 400, Message: '签到二维码无效或已更换，请扫描活动现场的签到二维码' });
    expect(await self('erin', { Key: '' })).toMatchObject({ Code: 400, Message: '签到二维码无效或已更换，请扫描活动现场的签到二维码' });
    expect(await self('frank', { Key: key })).toMatchObject({ Code: 400, Message: '您尚未报名该活动' });
    expect(await self('erin', { Key: key })).toEqual({ Code: 200, Message: '签到成功', Data: '2024-06-20 08:45:00' });
    expect(await self('erin', { Key: key })).toMatchObject({ Code: 409, Message: '已签到（2024-06-20 08:45:00）' });
    expect((await s.mine('erin', id)).CheckInTime).toBe('2024-06-20 08:45:00');
    const members = (await s.business<ListDto<CheckInMemberDto>>(`GetCheckInMemberList?activityid=${id}&key=erin`)).Data.List;
    expect(members.map((m) => [m.Account, m.CheckedInBy])).toEqual([['erin', '']]);
    // Moving the window keeps the venue's QR; clearing it takes the QR away.
    await s.save({ ActivityId: id, SelfCheckInStart: '2024-06-20 08:00:00', SelfCheckInEnd: '2024-06-20 09:00:00' });
    expect((await door()).SelfCheckInKey).toBe(key);
    s.moveTo('2024-06-20 09:00:01');
    expect((await s.business('UndoActivityCheckIn', { ActivityId: id, MemberId: s.ids.erin })).Code).toBe(200);
    expect(await self('erin', { Key: key })).toMatchObject({ Code: 400, Message: '自助签到已结束（2024-06-20 09:00 截止），请到签到台签到' });
    // Cleared as the editor clears it, with both ends sent empty: a save that leaves them out keeps them.
    await s.save({ ActivityId: id, SelfCheckInStart: '', SelfCheckInEnd: '' });
    expect((await door()).SelfCheckInKey).toBe('');
  });

  it('refuses staff once the activity has ended', async () => {
    s.moveTo('2024-06-20 17:00:01');
    expect(await checkIn({ Token: keys.erin!.token })).toMatchObject({ Code: 400, Message: '活动已结束，不能签到' });
    // The activity stays on the check-in page a week for corrections.
    const listed = async () => (await s.business<ListDto<CheckInActivityDto>>('GetCheckInActivityList?pagesize=100')).Data.List.map((a) => a.ActivityId);
    expect(await listed()).toContain(id);
    s.moveTo('2024-06-27 17:00:01');
    expect(await listed()).not.toContain(id);
  });

  describe('permissions', () => {
    it('lets a role with 活动签到 scan but not undo, and refuses one without it', async () => {
      const menus = (
        await s.t.app
          .inject({ method: 'GET', url: '/api/XfSystemApi/GetSystemMenuList?all=1', headers: { token: await loginAdmin(s.t) } })
          .then((r) => JSON.parse(r.body) as { Data: SystemMenuDto[] })
      ).Data;
      const flatten = (list: SystemMenuDto[]): SystemMenuDto[] => list.flatMap((m) => [m, ...flatten(m.children)]);
      const page = flatten(menus).find((m) => m.perms === 'activity:checkin')!;
      expect(page).toMatchObject({
        menuname: '活动签到',
        path: 'activity/checkin',
        component: 'activity/checkin/index',
        MenuType: 2,
        icon: 'CarryOutOutlined',
      });
      expect(page.children.map((b) => b.perms)).toEqual(['activity:checkin:undo']);
      const saved = await s.t.app.inject({
        method: 'POST',
        url: '/api/XfSystemApi/SaveRole',
        headers: { token: await loginAdmin(s.t) },
        payload: { RoleName: '签到员', MenuIds: [page.MenuId] },
      });
      expect(JSON.parse(saved.body)).toMatchObject({ Code: 200 });
      await createAdmin(s.t, await loginAdmin(s.t), 'doorkeeper', '签到员');
      await createAdmin(s.t, await loginAdmin(s.t), 'editor1', '内容编辑');
      const doorkeeper = await loginAdmin(s.t, 'doorkeeper');
      const editor = await loginAdmin(s.t, 'editor1');
      s.moveTo('2024-06-21 08:00:00');
      const alice = (await s.mine('alice', other)).CheckInToken;
      expect(await s.business('CheckInActivityMember', { ActivityId: other, Token: alice }, doorkeeper)).toMatchObject({
        Code: 200,
        Data: { CheckedInBy: 'doorkeeper', CheckedInByName: 'doorkeeper' },
      });
      expect((await s.business(`GetCheckInActivity/${other}`, undefined, doorkeeper)).Code).toBe(200);
      expect((await s.business('UndoActivityCheckIn', { ActivityId: other, MemberId: s.ids.alice }, doorkeeper)).Code).toBe(403);
      expect((await s.business('RemoveActivitySignUp', { ActivityId: other, MemberId: s.ids.alice }, doorkeeper)).Code).toBe(403);
      expect((await s.business('GetActivityList', undefined, doorkeeper)).Code).toBe(403);
      for (const url of ['GetCheckInActivityList', `GetCheckInActivity/${other}`, `GetCheckInMemberList?activityid=${other}`])
        expect((await s.business(url, undefined, editor)).Code, url).toBe(403);
      expect((await s.business('CheckInActivityMember', { ActivityId: other, Token: alice }, editor)).Code).toBe(403);
      expect(
        (
          await s.t.app.inject({
            method: 'POST',
            url: '/api/XfWebApi/SelfCheckInActivity',
            headers: { token: doorkeeper },
            payload: { ActivityId: other, Key: 'x' },
          })
        ).json(),
      ).toMatchObject({ Code: 401 });
    });

    it('reaches an existing install: the page and its button are added under 活动管理 once, and the super administrator holds them', async () => {
      const { before, after } = await offeredAgain(s.t, 'activity:checkin');
      expect(after.map((m) => [m.perms, m.menu_type])).toEqual([
        ['activity:checkin', 2],
        ['activity:checkin:undo', 3],
      ]);
      expect(after[0]?.parent_id).toBe(before[0]?.parent_id);
      await ensureSystemSeed(s.t.app.services, s.t.app.log);
      expect(await menuEntries(s.t, 'activity:checkin')).toEqual(after);
      const user = await s.t.app.inject({ method: 'GET', url: '/api/XfSystemApi/GetLoginUser', headers: { token: await loginAdmin(s.t) } });
      expect((JSON.parse(user.body) as { Data: { ButtonL: string[] } }).Data.ButtonL).toEqual(
        expect.arrayContaining(['activity:checkin', 'activity:checkin:undo']),
      );
    });
  });
});
