import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCst, type ActivityMemberDto, type ListDto } from '@portal/shared';
import { activityBody } from '../../../test/activities.js';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { readCalendar } from '../../../test/calendar.js';
import { eventuallyValue } from '../../../test/eventually.js';
import { engines, envelope, type TestApp } from '../../../test/harness.js';
import { startMailServer } from '../../../test/mail-server.js';
import { addMember, freshAddress, loginMember, publicCall, seedTypeChoices, type TypeChoices } from '../../../test/members.js';

/**
 * An activity's calendar file (.ics): downloaded by a member of its audience and by staff,
 * attached to the sign-up confirmation, and sent as a cancellation when a published activity is
 * deleted; every file read back with ical.js. The mail goes through a real SMTP server on
 * loopback.
 */

const HOUR = 60 * 60_000;
const SITE = 'https://www.example.org.cn';
const TITLE = '工程质量风险管理培训班, 第一期; 北京';

describe.each(engines)('activity calendar files on %s', (engine) => {
  // 2024-06-01 10:00 CST; the activity is on the 20th, 09:00 to 17:00, sign-up closes on the 15th.
  const clock = testClock();
  let mailServer: Awaited<ReturnType<typeof startMailServer>>;
  let t: TestApp;
  let admin: string;
  let editor: string;
  let types: TypeChoices;
  const tokens: Record<string, string> = {};

  // Escapes (comma, semicolon, backslash), two paragraphs, and a line long enough to fold.
  const activity = (overrides: Record<string, unknown> = {}) =>
    activityBody(types, {
      Title: TITLE,
      Description: `<p>培训<strong>安排</strong>：上午讲座，下午观摩</p><p>请携带证件\\工作证；${'风险管理'.repeat(30)}</p>`,
      ...overrides,
    });
  const business = <T = unknown>(token: string | undefined, url: string, payload?: Record<string, unknown>) =>
    adminCall<T>(t, token, payload ? 'POST' : 'GET', `/api/XfSysBussiness/${url}`, payload);
  const save = async (overrides: Record<string, unknown> = {}) => {
    const answer = await business<number>(admin, 'SaveActivityDetail', activity(overrides));
    expect(answer.Code, answer.Message).toBe(200);
    return answer.Data;
  };
  const publish = async (id: number) => expect((await business(admin, 'PublishActivity', { ActivityId: id })).Code).toBe(200);
  const memberFile = (account: string | undefined, id: number) =>
    t.app.inject({
      method: 'GET',
      url: `/api/XfWebApi/GetMyActivityCalendar/${id}`,
      headers: { ...freshAddress(), ...(account ? { token: tokens[account] } : {}) },
    });
  const staffFile = (token: string, id: number) => t.app.inject({ method: 'GET', url: `/api/XfSysBussiness/GetActivityCalendar/${id}`, headers: { token } });
  const memberCalendar = async (account: string, id: number) => {
    const res = await memberFile(account, id);
    expect(res.headers['content-type'], res.body).toBe('text/calendar; charset=utf-8');
    return readCalendar(res.body);
  };
  /** Mails queued with this subject (written in the transaction of what caused them). */
  const outboxCount = async (subject: string) => {
    const { n } = await t.app.services.database.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('subject', '=', subject)
      .executeTakeFirstOrThrow();
    return Number(n);
  };

  const mailsTo = (address: string, subject: string) => mailServer.received.filter((m) => m.to.includes(address) && m.subject === subject);

  beforeAll(async () => {
    mailServer = await startMailServer();
    t = await createAdminTestApp(engine, { now: clock.now }, { smtpUrl: `smtp://127.0.0.1:${mailServer.port}`, publicBaseUrl: SITE });
    admin = await loginAdmin(t);
    await createAdmin(t, admin, 'cal_editor', '内容编辑');
    editor = await loginAdmin(t, 'cal_editor');
    types = await seedTypeChoices(t);
    const otherLevel = (
      await t.app.services.database.db
        .insertInto('type_items')
        .values({ type: 2, name: '会员单位', sort_number: 1, status: 1, created_at: '2024-06-01 10:00:00' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (const account of ['ann', 'ben']) await addMember(t, admin, types, account);
    await addMember(t, admin, types, 'out', { MemberLevel: otherLevel });
    for (const account of ['ann', 'ben', 'out']) tokens[account] = await loginMember(t, account);
  });
  afterAll(async () => {
    await t.close();
    await mailServer.close();
  });

  it('hands a member of the audience the activity as an iCalendar file, and staff the same file', async () => {
    const id = await save();
    await publish(id);
    const res = await memberFile('ann', id);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="activity-${id}.ics"; filename*=UTF-8''${encodeURIComponent(`${TITLE}.ics`)}`);
    const url = `${SITE}/member/activity/${id}`;
    expect(readCalendar(res.body)).toEqual({
      method: 'PUBLISH',
      timeZones: ['Asia/Shanghai'],
      uid: `activity-${id}@www.example.org.cn`,
      sequence: 0,
      status: 'CONFIRMED',
      summary: TITLE,
      location: '北京市西城区三里河路9号',
      description: `培训安排：上午讲座，下午观摩\n请携带证件\\工作证；${'风险管理'.repeat(30)}\n\n活动详情：${url}`,
      url,
      startZone: 'Asia/Shanghai',
      endZone: 'Asia/Shanghai',
      // 09:00 and 17:00 in Beijing.
      start: '2024-06-20T01:00:00.000Z',
      end: '2024-06-20T09:00:00.000Z',
      stamp: '2024-06-01T02:00:00.000Z',
      organizer: 'mailto:office@cpirma.org.cn',
    });
    // The long description was folded, and the escapes are on the wire.
    expect(res.body).toMatch(/\r\n [^\r\n]/);
    expect(res.body).toContain('SUMMARY:工程质量风险管理培训班\\, 第一期\\; 北京');
    expect(res.body).toContain('DTSTART;TZID=Asia/Shanghai:20240620T090000\r\n');

    const staff = await staffFile(admin, id);
    expect(staff.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(readCalendar(staff.body)).toEqual(readCalendar(res.body));
  });

  it('keeps the UID and raises SEQUENCE with every save once announced; a draft’s saves do not count', async () => {
    const id = await save({ Title: '年度会员大会' });
    await save({ ActivityId: id, Title: '年度会员大会' });
    expect(readCalendar((await staffFile(admin, id)).body).sequence).toBe(0);
    await publish(id);
    const first = await memberCalendar('ann', id);
    expect(first.sequence).toBe(0);
    clock.advance(HOUR);
    await save({
      ActivityId: id,
      Title: '年度会员大会（改期）',
      Place: '上海市浦东新区世纪大道100号',
      StartTime: '2024-06-21 09:00:00',
      EndTime: '2024-06-21 12:00:00',
    });
    const moved = await memberCalendar('ann', id);
    expect(moved).toMatchObject({
      uid: first.uid,
      sequence: 1,
      summary: '年度会员大会（改期）',
      location: '上海市浦东新区世纪大道100号',
      start: '2024-06-21T01:00:00.000Z',
      end: '2024-06-21T04:00:00.000Z',
      stamp: '2024-06-01T03:00:00.000Z',
    });
    await save({ ActivityId: id, Title: '年度会员大会（改期）', Capacity: 50 });
    expect((await memberCalendar('ben', id)).sequence).toBe(2);
    // Closed, it still takes place: an edit still moves the calendars on.
    expect((await business(admin, 'CloseActivity', { ActivityId: id })).Code).toBe(200);
    await save({ ActivityId: id, Title: '年度会员大会（改期）', Capacity: 60 });
    expect((await memberCalendar('ann', id)).sequence).toBe(3);
  });

  it('refuses the file outside the audience, for a draft, to staff without the permission, and without a session', async () => {
    const id = await save({ Title: '理事单位专场' });
    const draftAnswer = envelope(await memberFile('ann', id));
    expect(draftAnswer).toEqual({ Code: 404, Message: '活动不存在或已删除', Data: null });
    await publish(id);
    expect(envelope(await memberFile('out', id))).toEqual({ Code: 404, Message: '活动不存在或已删除', Data: null });
    expect(envelope(await memberFile('ann', 999999))).toEqual({ Code: 404, Message: '活动不存在或已删除', Data: null });
    expect(envelope(await memberFile(undefined, id))).toMatchObject({ Code: 401 });
    expect(envelope(await staffFile(editor, id))).toEqual({ Code: 403, Message: '当前操作没有权限', Data: null });
    expect(envelope(await staffFile(tokens.ann!, id))).toMatchObject({ Code: 402 });
    expect(envelope(await staffFile(admin, 999999))).toEqual({ Code: 404, Message: '活动不存在或已删除', Data: null });
    // Staff may look at a draft's file before publishing it.
    const draft = await save({ Title: '尚未发布的活动' });
    expect(readCalendar((await staffFile(admin, draft)).body).summary).toBe('尚未发布的活动');
  });

  it('mails the sign-up confirmation with the calendar file attached', async () => {
    const id = await save({ Title: '工地安全观摩' });
    await publish(id);
    await save({ ActivityId: id, Title: '工地安全观摩', Capacity: 10 });
    const signedUp = await publicCall(t, tokens.ann, 'POST', 'SignUpActivity', { ActivityId: id });
    expect(signedUp).toEqual({ Code: 200, Message: '报名成功', Data: null });
    const [mail] = await eventuallyValue(async () => {
      const found = mailsTo('ann@example.com', '【报名成功】工地安全观摩');
      return found.length > 0 && found;
    });
    expect(mail!.text).toContain('ann工程有限公司：');
    expect(mail!.text).toContain('您已成功报名活动「工地安全观摩」。');
    expect(mail!.text).toContain('活动时间：2024-06-20 09:00 至 2024-06-20 17:00');
    expect(mail!.text).toContain(`查看详情或取消报名：${SITE}/member/activity/${id}`);
    // Beside the calendar file, the check-in QR to show at the door (waitlist.test.ts reads it back).
    expect(mail!.text).toMatch(/签到码：[A-Z2-9]{6}/);
    expect(mail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['工地安全观摩.ics', 'text/calendar'],
      ['签到二维码.png', 'image/png'],
    ]);
    const attached = readCalendar(mail!.attachments[0]!.content);
    expect(attached).toMatchObject({
      method: 'PUBLISH',
      uid: `activity-${id}@www.example.org.cn`,
      sequence: 1,
      summary: '工地安全观摩',
      start: '2024-06-20T01:00:00.000Z',
    });
    expect(attached).toEqual(await memberCalendar('ann', id));
    // The confirmation is the notice's latest e-mail: the back office sees it delivered.
    const ann = await eventuallyValue(async () => {
      const [row] = (await business<ListDto<ActivityMemberDto>>(admin, `GetActivityMemberList?activityid=${id}&key=ann`)).Data.List;
      return row?.MailState === 'sent' && row;
    });
    expect(ann).toMatchObject({ IsSignedUp: true, MailTime: formatCst(clock.now()) });
    // A refused sign-up mails nothing.
    expect((await publicCall(t, tokens.ann, 'POST', 'SignUpActivity', { ActivityId: id })).Message).toBe('您已报名，请勿重复报名');
    expect(await outboxCount('【报名成功】工地安全观摩')).toBe(1);
  });

  it('sends those signed up the cancellation when an announced activity is deleted: METHOD:CANCEL, the same UID, SEQUENCE one further', async () => {
    const id = await save({ Title: '取消的研讨会' });
    await publish(id);
    await save({ ActivityId: id, Title: '取消的研讨会' });
    expect((await publicCall(t, tokens.ann, 'POST', 'SignUpActivity', { ActivityId: id })).Code).toBe(200);
    const before = await memberCalendar('ann', id);
    // ben is in the audience but not signed up; a draft deleted beside it was never announced.
    const draft = await save({ Title: '取消的研讨会（草稿）' });
    expect(await business(admin, 'DelActivity', { Ids: [id, draft] })).toEqual({ Code: 200, Message: '操作成功', Data: 2 });
    expect(await outboxCount('【活动取消】取消的研讨会')).toBe(1);
    expect(await outboxCount('【活动取消】取消的研讨会（草稿）')).toBe(0);
    const [mail] = await eventuallyValue(async () => {
      const found = mailsTo('ann@example.com', '【活动取消】取消的研讨会');
      return found.length > 0 && found;
    });
    expect(mail!.text).toContain('很抱歉，您报名的活动「取消的研讨会」已取消。');
    const cancelled = readCalendar(mail!.attachments[0]!.content);
    expect(cancelled).toMatchObject({
      method: 'CANCEL',
      status: 'CANCELLED',
      uid: before.uid,
      sequence: before.sequence + 1,
      summary: '取消的研讨会',
      start: before.start,
    });
    expect(mailsTo('ben@example.com', '【活动取消】取消的研讨会')).toEqual([]);
    expect(envelope(await memberFile('ann', id))).toMatchObject({ Code: 404 });
  });

  it('sends no cancellation for an activity that has ended', async () => {
    const id = await save({ Title: '已结束的培训' });
    await publish(id);
    expect((await publicCall(t, tokens.ann, 'POST', 'SignUpActivity', { ActivityId: id })).Code).toBe(200);
    clock.advance(20 * 24 * HOUR);
    admin = await loginAdmin(t);
    expect((await business(admin, 'DelActivity', { Ids: [id] })).Data).toBe(1);
    expect(await outboxCount('【活动取消】已结束的培训')).toBe(0);
  });
});
