import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatCst,
  type ActivityDetailDto,
  type ActivityListItemDto,
  type ActivityMemberDto,
  type ListDto,
  type MyActivityDetailDto,
  type MyActivityDto,
} from '@portal/shared';
import { activityBody } from '../../../test/activities.js';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { addMember, loginMember, publicCall, seedTypeChoices, type TypeChoices } from '../../../test/members.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const FORBIDDEN = { Code: 403, Message: '当前操作没有权限', Data: null };
const ADMIN_SESSION_EXPIRED = { Code: 402, Message: '无效的会话，或者会话已过期，请重新登录', Data: null };
const MEMBER_SESSION_EXPIRED = { Code: 401, Message: '无效的会话，或者会话已过期，请重新登录', Data: null };

describe.each(engines)('activities on %s', (engine) => {
  // 2024-06-01 10:00 CST; the activity is on the 20th, sign-up closes on the 15th at 18:00.
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let editor: string;
  let types: TypeChoices;
  /** A second member level (type list 2) besides types.memberLevel. */
  let otherLevel: number;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};

  // A description the sanitiser has work to do on.
  const activity = (overrides: Record<string, unknown> = {}) =>
    activityBody(types, {
      Title: '2024年度工程质量风险管理培训班',
      Description: '<p>培训<strong>安排</strong></p><script>alert(1)</script><img src="x" onerror="alert(1)">',
      ...overrides,
    });
  const business = <T = unknown>(token: string | undefined, url: string, payload?: Record<string, unknown>) =>
    adminCall<T>(t, token, payload ? 'POST' : 'GET', `/api/XfSysBussiness/${url}`, payload);
  const save = async (overrides: Record<string, unknown> = {}) => {
    const answer = await business<number>(admin, 'SaveActivityDetail', activity(overrides));
    expect(answer.Code, answer.Message).toBe(200);
    return answer.Data;
  };
  const publish = async (id: number) => {
    const answer = await business<number>(admin, 'PublishActivity', { ActivityId: id });
    expect(answer.Code, answer.Message).toBe(200);
    return answer.Data;
  };
  const audience = async (id: number, query = '') =>
    (await business<ListDto<ActivityMemberDto>>(admin, `GetActivityMemberList?activityid=${id}&pagesize=100${query}`)).Data;
  const mine = async (account: string) => (await publicCall<ListDto<MyActivityDto>>(t, tokens[account], 'GET', 'GetMyActivityList?pagesize=100')).Data;
  const unread = async (account: string) => (await publicCall<number>(t, tokens[account], 'GET', 'GetActivityUnreadCount')).Data;
  const member = (account: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    publicCall(t, tokens[account], method, url, payload);
  const counts = async () => {
    const { db } = t.app.services.database;
    const [a, n] = await Promise.all([
      db
        .selectFrom('activities')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('activity_notices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { activities: a.n, notices: n.n };
  };

  /** Sessions end after a while of the test clock: everyone signs in again. */
  const signInAgain = async () => {
    admin = await loginAdmin(t);
    editor = await loginAdmin(t, 'editor1');
    for (const account of Object.keys(tokens)) tokens[account] = await loginMember(t, account);
  };

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    admin = await loginAdmin(t);
    await createAdmin(t, admin, 'editor1', '内容编辑');
    editor = await loginAdmin(t, 'editor1');
    types = await seedTypeChoices(t);
    otherLevel = (
      await t.app.services.database.db
        .insertInto('type_items')
        .values({ type: 2, name: '会员单位', sort_number: 1, status: 1, created_at: formatCst(clock.now()) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (const account of ['alice', 'amy', 'dave']) ids[account] = await addMember(t, admin, types, account);
    ids.bob = await addMember(t, admin, types, 'bob', { MemberLevel: otherLevel });
    for (const account of ['alice', 'amy', 'bob', 'dave']) tokens[account] = await loginMember(t, account);
  });
  afterAll(() => t.close());

  describe('SaveActivityDetail', () => {
    it('refuses each bad input with its message and writes nothing', async () => {
      const refuse = async (overrides: Record<string, unknown>, message: string) =>
        expect(await business(admin, 'SaveActivityDetail', activity(overrides)), message).toEqual({ Code: 400, Message: message, Data: null });
      await refuse({ Title: '  ' }, '请输入活动标题');
      await refuse({ Place: '' }, '请输入活动地点');
      await refuse({ StartTime: '' }, '请选择开始时间');
      await refuse({ EndTime: undefined }, '请选择结束时间');
      await refuse({ SignUpDeadline: '' }, '请选择报名截止时间');
      await refuse({ StartTime: '2024-06-31 09:00:00' }, '时间格式应为yyyy-MM-dd HH:mm:ss');
      await refuse({ EndTime: '2024/06/20 17:00' }, '时间格式应为yyyy-MM-dd HH:mm:ss');
      await refuse({ EndTime: '2024-06-20 08:59:59' }, '结束时间不能早于开始时间');
      await refuse({ SignUpDeadline: '2024-06-20 09:00:01' }, '报名截止时间不能晚于开始时间');
      await refuse({ Capacity: -1 }, '人数上限应为0-999999的整数（0为不限）');
      await refuse({ Capacity: 1.5 }, '人数上限应为0-999999的整数（0为不限）');
      await refuse({ Capacity: 'many' }, '人数上限应为0-999999的整数（0为不限）');
      await refuse({ MemberLevels: [] }, '请选择活动对象（全体会员或至少一个会员等级）');
      await refuse({ MemberLevels: [types.companyType] }, '所选会员等级不存在');
      await refuse({ MemberLevels: [types.otherType] }, '所选会员等级不存在');
      await refuse({ Attachments: [{ Name: '日程.pdf', Path: '/uploads/202406/none.pdf' }] }, '附件无效，请重新上传');
      await refuse({ Attachments: [{ Name: '日程.pdf', Path: '../../etc/passwd' }] }, '附件无效，请重新上传');
      await refuse({ Title: '题'.repeat(201) }, '活动标题不能超过200个字');
      expect(await counts()).toEqual({ activities: 0, notices: 0 });
    });

    it('saves a draft with the description sanitised; members see nothing yet', async () => {
      const id = await save();
      const { Data } = await business<ActivityDetailDto>(admin, `GetActivity/${id}`);
      expect(Data).toMatchObject({
        ActivityId: id,
        Status: 0,
        Description: '<p>培训<strong>安排</strong></p><img src="x">',
        AudienceAll: false,
        MemberLevels: [types.memberLevel],
        MemberLevelNames: ['理事单位'],
        Capacity: 0,
        SignUpCount: 0,
        AudienceCount: 0,
        PublishTime: '',
        CreateTime: '2024-06-01 10:00:00',
      });
      expect((await mine('alice')).TotalCount).toBe(0);
      expect(await member('alice', 'POST', 'SignUpActivity', { ActivityId: id })).toMatchObject({ Code: 404, Message: '活动不存在或已删除' });
      expect((await business(admin, 'GetActivity/999999')).Message).toBe('活动不存在或已删除');
      await business(admin, 'DelActivity', { Ids: [id] });
    });
  });

  describe('publishing, reading and signing up', () => {
    let id: number;

    it('publishes to the chosen level only: one notice per member of it', async () => {
      id = await save({ Capacity: 2 });
      expect(await publish(id)).toBe(3);
      expect((await business(admin, 'PublishActivity', { ActivityId: id })).Message).toBe('只有草稿或已关闭的活动可以发布');
      const list = (await business<ListDto<ActivityListItemDto>>(admin, 'GetActivityList')).Data;
      expect(list.List[0]).toMatchObject({ ActivityId: id, Status: 1, AudienceCount: 3, ReadCount: 0, SignUpCount: 0, PublishTime: '2024-06-01 10:00:00' });
      expect((await audience(id)).List.map((m) => m.Account)).toEqual(['alice', 'amy', 'dave']);
      expect(await unread('alice')).toBe(1);
      expect(await unread('bob')).toBe(0);
      expect((await mine('bob')).TotalCount).toBe(0);
      const [notice] = (await mine('alice')).List;
      expect(notice).toMatchObject({ ActivityId: id, IsRead: false, IsSignedUp: false, CanSignUp: true, CanCancel: false, Capacity: 2, SignUpCount: 0 });
    });

    it('opening the activity marks it read, once', async () => {
      clock.advance(HOUR);
      const opened = await member('alice', 'GET', `GetMyActivity/${id}`);
      expect(opened.Code).toBe(200);
      expect(opened.Data as MyActivityDetailDto).toMatchObject({
        Title: '2024年度工程质量风险管理培训班',
        Place: '北京市西城区三里河路9号',
        IsRead: true,
        ReadTime: '2024-06-01 11:00:00',
        Description: '<p>培训<strong>安排</strong></p><img src="x">',
      });
      clock.advance(HOUR);
      expect(((await member('alice', 'GET', `GetMyActivity/${id}`)).Data as MyActivityDto).ReadTime).toBe('2024-06-01 11:00:00');
      expect(await unread('alice')).toBe(0);
      expect((await audience(id, '&isread=1')).List.map((m) => [m.Account, m.ReadTime])).toEqual([['alice', '2024-06-01 11:00:00']]);
      expect((await audience(id, '&isread=0')).List.map((m) => m.Account)).toEqual(['amy', 'dave']);
      expect((await member('bob', 'GET', `GetMyActivity/${id}`)).Message).toBe('活动不存在或已删除');
    });

    it('signs up and cancels until the deadline; refuses outsiders, twice, and a full activity', async () => {
      expect(await member('alice', 'POST', 'SignUpActivity', { ActivityId: id })).toEqual({ Code: 200, Message: '报名成功', Data: null });
      expect(await member('alice', 'POST', 'SignUpActivity', { ActivityId: id })).toMatchObject({ Code: 400, Message: '您已报名，请勿重复报名' });
      expect(await member('bob', 'POST', 'SignUpActivity', { ActivityId: id })).toMatchObject({ Code: 400, Message: '您不在本活动的通知范围内，不能报名' });
      expect(await member('bob', 'POST', 'CancelActivitySignUp', { ActivityId: id })).toMatchObject({ Code: 400, Message: '您尚未报名该活动' });
      expect((await member('amy', 'POST', 'SignUpActivity', { ActivityId: id })).Code).toBe(200);
      expect(await member('dave', 'POST', 'SignUpActivity', { ActivityId: id })).toMatchObject({ Code: 400, Message: '报名人数已满' });
      expect((await mine('dave')).List[0]).toMatchObject({ CanSignUp: false, SignUpCount: 2 });
      expect(await member('amy', 'POST', 'CancelActivitySignUp', { ActivityId: id })).toEqual({ Code: 200, Message: '已取消报名', Data: null });
      expect((await member('dave', 'POST', 'SignUpActivity', { ActivityId: id })).Code).toBe(200);
      expect((await audience(id, '&signedup=1')).List.map((m) => [m.Account, m.SignUpTime])).toEqual([
        ['alice', '2024-06-01 12:00:00'],
        ['dave', '2024-06-01 12:00:00'],
      ]);
      expect((await audience(id, '&signedup=0')).List.map((m) => m.Account)).toEqual(['amy']);
      const { Data } = await business<ActivityDetailDto>(admin, `GetActivity/${id}`);
      expect(Data.SignUpCount).toBe(2);
    });

    it('keeps reads and sign-ups through an edit, and refuses a capacity below the sign-ups', async () => {
      expect(await business(admin, 'SaveActivityDetail', activity({ ActivityId: id, Capacity: 1 }))).toEqual({
        Code: 400,
        Message: '人数上限不能少于已报名人数（当前2人）',
        Data: null,
      });
      expect((await business<ActivityDetailDto>(admin, `GetActivity/${id}`)).Data.Capacity).toBe(2);
      await save({ ActivityId: id, Title: '培训班（更新）', Capacity: 3 });
      const { Data } = await business<ActivityDetailDto>(admin, `GetActivity/${id}`);
      expect(Data).toMatchObject({ Title: '培训班（更新）', Status: 1, Capacity: 3, SignUpCount: 2, ReadCount: 1, AudienceCount: 3 });
      expect((await mine('alice')).List[0]).toMatchObject({ IsRead: true, IsSignedUp: true, CanCancel: true });
    });

    it('reaches members who join the audience later: approved, or moved to the level', async () => {
      const carol = await addMember(t, admin, types, 'carol');
      tokens.carol = await loginMember(t, 'carol');
      expect(await unread('carol')).toBe(1);
      // bob moves to the activity's level.
      const moved = await business(admin, 'EditMemberInfo', {
        MemberId: ids.bob,
        MemberLevel: types.memberLevel,
        CompanyType: types.companyType,
        LegalPerson: '张三',
        MemberName: 'bob工程有限公司',
        Email: 'bob@example.com',
        OperatorPhone: '13812345678',
      });
      expect(moved.Code, moved.Message).toBe(200);
      expect((await mine('bob')).List.map((a) => a.ActivityId)).toEqual([id]);
      expect((await audience(id)).TotalCount).toBe(5);
      expect((await audience(id)).List.some((m) => m.MemberId === carol)).toBe(true);
    });

    it('ResendActivityMember makes the chosen notices unread again with a reminder time', async () => {
      clock.advance(HOUR);
      expect(await business(admin, 'ResendActivityMember', { ActivityId: id, MemberIds: [ids.alice] })).toEqual({
        Code: 200,
        Message: '已提醒1位会员；未配置邮件服务器，仅站内通知',
        Data: 1,
      });
      expect(await unread('alice')).toBe(1);
      const [alice] = (await audience(id, '&key=alice')).List;
      expect(alice).toMatchObject({ IsRead: false, ReadTime: '', RemindTime: '2024-06-01 13:00:00', IsSignedUp: true });
      expect((await mine('alice')).List[0]).toMatchObject({ IsRead: false, RemindTime: '2024-06-01 13:00:00', NoticeTime: '2024-06-01 13:00:00' });
      // Without MemberIds: every unread one of the audience.
      expect((await business(admin, 'ResendActivityMember', { ActivityId: id })).Data).toBe(5);
      expect(await business(admin, 'ResendActivityMember', { ActivityId: id, MemberIds: [999999] })).toMatchObject({
        Code: 400,
        Message: '所选会员不在本活动的通知范围内',
      });
      expect((await business(admin, 'EditMemberStatus', { MemberId: ids.dave, Status: 0 })).Code).toBe(200);
      expect(await business(admin, 'ResendActivityMember', { ActivityId: id, MemberIds: [ids.dave, ids.amy] })).toMatchObject({
        Code: 400,
        Message: '所选会员已停用，不能提醒：dave',
      });
      expect((await business(admin, 'ResendActivityMember', { ActivityId: id })).Data).toBe(4);
      // A disabled member has no session at all.
      expect(await publicCall(t, tokens.dave, 'POST', 'SignUpActivity', { ActivityId: id })).toEqual(MEMBER_SESSION_EXPIRED);
      expect((await business(admin, 'EditMemberStatus', { MemberId: ids.dave, Status: 1 })).Code).toBe(200);
      const audit = await t.app.services.database.db
        .selectFrom('audit_logs')
        .select(['detail', 'result'])
        .where('action', '=', 'activity:resend')
        .orderBy('id')
        .execute();
      expect(audit.map((a) => [a.result, a.detail])).toEqual([
        [1, `提醒1位会员：${ids.alice}`],
        [1, '提醒5位会员（全部未读）'],
        [0, '所选会员不在本活动的通知范围内'],
        [0, '所选会员已停用，不能提醒：dave'],
        [1, '提醒4位会员（全部未读）'],
      ]);
    });

    it('exports the audience, filtered, as .xlsx', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/XfSysBussiness/ExportActivityMembers?activityid=${id}&signedup=1`,
        headers: { token: admin },
      });
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('培训班（更新）-名单.xlsx'));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows = workbook.worksheets[0]!.getSheetValues()
        .slice(1)
        .map((r) => (r as unknown[]).slice(1));
      expect(rows[0]).toEqual(['账号', '会员名称', '会员等级', '邮箱', '阅读状态', '阅读时间', '提醒时间', '报名状态', '报名时间', '邮件状态', '失败原因']);
      expect(rows.slice(1).map((r) => [r[0], r[7], r[8], r[9]])).toEqual([
        ['alice', '已报名', '2024-06-01 12:00:00', '仅站内通知'],
        ['dave', '已报名', '2024-06-01 12:00:00', '仅站内通知'],
      ]);
    });

    it('refuses sign-up after the deadline, and once closed', async () => {
      clock.advance(15 * DAY);
      await signInAgain();
      expect(await member('amy', 'POST', 'SignUpActivity', { ActivityId: id })).toMatchObject({ Code: 400, Message: '报名已截止' });
      expect(await member('alice', 'POST', 'CancelActivitySignUp', { ActivityId: id })).toMatchObject({ Code: 400, Message: '报名已截止' });
      expect((await mine('amy')).List[0]).toMatchObject({ CanSignUp: false, CanCancel: false });
      expect((await business(admin, 'CloseActivity', { ActivityId: id })).Code).toBe(200);
      expect((await business(admin, 'CloseActivity', { ActivityId: id })).Message).toBe('只有已发布的活动可以关闭');
      expect(await member('amy', 'POST', 'SignUpActivity', { ActivityId: id })).toMatchObject({ Code: 400, Message: '活动未发布或已关闭，不能报名' });
      expect((await business(admin, 'ResendActivityMember', { ActivityId: id })).Message).toBe('只有已发布的活动可以发送提醒');
      expect((await business(admin, 'PublishActivity', { ActivityId: id })).Message).toBe('报名截止时间已过，不能发布');
      expect((await mine('amy')).List[0]).toMatchObject({ Status: 2 });
      expect((await business<ListDto<ActivityListItemDto>>(admin, 'GetActivityList?status=2')).Data.List.map((a) => a.ActivityId)).toEqual([id]);
      expect((await business<ListDto<ActivityListItemDto>>(admin, 'GetActivityList?title=更新&start=2024-06-20&end=2024-06-20')).Data.TotalCount).toBe(1);
      expect((await business<ListDto<ActivityListItemDto>>(admin, 'GetActivityList?start=2024-06-21')).Data.TotalCount).toBe(0);
      expect((await business(admin, 'GetActivityList?status=5')).Code).toBe(400);
    });

    it('DelActivity removes the activity with its notices', async () => {
      expect(await business(admin, 'DelActivity', { Ids: [id] })).toEqual({ Code: 200, Message: '操作成功', Data: 1 });
      expect(await counts()).toEqual({ activities: 0, notices: 0 });
      expect((await mine('alice')).TotalCount).toBe(0);
    });
  });

  describe('the last place', () => {
    it('goes to exactly one of many members signing up at once', async () => {
      const racers = ['racer1', 'racer2', 'racer3', 'racer4', 'racer5', 'racer6'];
      for (const account of racers) {
        await addMember(t, admin, types, account, { MemberLevel: otherLevel });
        tokens[account] = await loginMember(t, account);
      }
      const id = await save({
        Title: '名额有限的现场观摩',
        MemberLevels: [otherLevel],
        Capacity: 1,
        StartTime: '2024-07-20 09:00:00',
        EndTime: '2024-07-20 17:00:00',
        SignUpDeadline: '2024-07-15 18:00:00',
      });
      await publish(id);
      // Every racer has their notice before the race, so the race is only about the place.
      await Promise.all(racers.map((account) => unread(account)));
      const answers = await Promise.all(racers.map((account) => member(account, 'POST', 'SignUpActivity', { ActivityId: id })));
      expect(answers.filter((a) => a.Code === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.Code !== 200).map((a) => a.Message)).toEqual(Array(racers.length - 1).fill('报名人数已满'));
      expect((await business<ActivityDetailDto>(admin, `GetActivity/${id}`)).Data.SignUpCount).toBe(1);
      expect((await audience(id, '&signedup=1')).TotalCount).toBe(1);
    });

    it('is taken once by one member sending the same sign-up several times at once', async () => {
      const id = await save({
        Title: '不限名额的年会',
        AudienceAll: true,
        MemberLevels: [],
        Capacity: 0,
        StartTime: '2024-07-20 09:00:00',
        EndTime: '2024-07-20 17:00:00',
        SignUpDeadline: '2024-07-15 18:00:00',
      });
      await publish(id);
      await unread('racer1');
      const answers = await Promise.all([1, 2, 3, 4].map(() => member('racer1', 'POST', 'SignUpActivity', { ActivityId: id })));
      expect(answers.filter((a) => a.Code === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.Code !== 200).map((a) => a.Message)).toEqual(Array(3).fill('您已报名，请勿重复报名'));
      expect((await business<ActivityDetailDto>(admin, `GetActivity/${id}`)).Data.SignUpCount).toBe(1);
      // AudienceAll reaches every member, whatever the level.
      expect((await audience(id)).TotalCount).toBeGreaterThanOrEqual(10);
    });
  });

  it('refuses admins without the permissions (403), and anyone without an admin session (402)', async () => {
    const calls: [url: string, payload?: Record<string, unknown>][] = [
      ['GetActivityList'],
      ['GetActivity/1'],
      ['SaveActivityDetail', activity()],
      ['PublishActivity', { ActivityId: 1 }],
      ['CloseActivity', { ActivityId: 1 }],
      ['DelActivity', { Ids: [1] }],
      ['GetActivityMemberList?activityid=1'],
      ['ExportActivityMembers?activityid=1'],
      ['ResendActivityMember', { ActivityId: 1 }],
    ];
    const before = await counts();
    for (const [url, payload] of calls) {
      expect(await business(editor, url, payload), url).toEqual(FORBIDDEN);
      expect(await business(tokens.alice, url, payload), url).toEqual(ADMIN_SESSION_EXPIRED);
      expect(await business(undefined, url, payload), url).toEqual(ADMIN_SESSION_EXPIRED);
    }
    for (const [method, url] of [
      ['GET', 'GetMyActivityList'],
      ['GET', 'GetActivityUnreadCount'],
      ['GET', 'GetMyActivity/1'],
      ['POST', 'SignUpActivity'],
      ['POST', 'CancelActivitySignUp'],
    ] as const) {
      expect(await publicCall(t, admin, method, url, method === 'POST' ? { ActivityId: 1 } : undefined), url).toEqual(MEMBER_SESSION_EXPIRED);
    }
    expect(await counts()).toEqual(before);
  });
});
