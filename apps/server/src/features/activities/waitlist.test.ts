import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityMemberDto, ListDto, MyActivityDto } from '@portal/shared';
import { activityScene, type ActivityScene } from '../../../test/activities.js';
import { atOnce, sharingInstances } from '../../../test/concurrency.js';
import { engines, type TestApp } from '../../../test/harness.js';
import jsQRModule from 'jsqr';
import { decodePng } from '../../../test/png.js';
import { runOfferLapses } from './job.js';

// jsqr is a CommonJS module typed as an ES default export: at run time the default is the function itself.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

/**
 * The waitlist: joining a full activity, promotion when a place frees (a cancellation, a staff
 * removal, capacity raised, an offer declined or lapsed), confirmation within ConfirmHours,
 * and promotion under concurrent cancellations, on both engines.
 */
describe.each(engines)('the waitlist on %s', (engine) => {
  let s: ActivityScene;

  beforeAll(async () => {
    s = await activityScene(engine, { smtpUrl: 'smtp://127.0.0.1:9' });
    await s.addMembers('alice', 'bob', 'carol', 'dave', 'erin');
  });
  afterAll(() => s.close());

  const mineInList = async (account: string, id: number) =>
    (await s.member<ListDto<MyActivityDto>>(account, 'GetMyActivityList?pagesize=100')).Data.List.find((a) => a.ActivityId === id)!;
  const audience = async (id: number) => (await s.business<ListDto<ActivityMemberDto>>(`GetActivityMemberList?activityid=${id}&pagesize=100`)).Data.List;
  const waitingOrder = async (id: number) =>
    (await audience(id))
      .filter((m) => m.WaitlistPosition > 0)
      .sort((a, b) => a.WaitlistPosition - b.WaitlistPosition)
      .map((m) => m.Account);
  const offers = async (id: number) => (await audience(id)).filter((m) => m.OfferUntil !== '').map((m) => [m.Account, m.OfferUntil]);
  const join = (account: string, id: number) => s.member<number>(account, 'JoinActivityWaitlist', { ActivityId: id });
  const signUp = (account: string, id: number) => s.member(account, 'SignUpActivity', { ActivityId: id });
  const cancel = (account: string, id: number, on?: TestApp) => s.member(account, 'CancelActivitySignUp', { ActivityId: id }, on);
  const confirm = (account: string, id: number) => s.member(account, 'ConfirmActivityPlace', { ActivityId: id });
  const outbox = (subject: string) =>
    s.t.app.services.database.db.selectFrom('mail_outbox').select(['recipient', 'body']).where('subject', '=', subject).orderBy('id').execute();

  describe('one place, three members wanting it', () => {
    let id: number;

    it('takes waiting members only when full, and tells each their place', async () => {
      s.moveTo('2024-06-01 10:00:00');
      id = await s.publish({ Title: '现场观摩会', Capacity: 1, ConfirmHours: 2 });
      expect(await join('bob', id)).toMatchObject({ Code: 400, Message: '仍有名额，请直接报名' });
      expect((await signUp('alice', id)).Code).toBe(200);
      expect(await join('alice', id)).toMatchObject({ Code: 400, Message: '您已报名，请勿重复报名' });
      expect(await mineInList('bob', id)).toMatchObject({ CanSignUp: false, CanJoinWaitlist: true, IsWaitlisted: false, WaitlistPosition: 0 });
      expect(await join('bob', id)).toEqual({ Code: 200, Message: '已加入候补名单，当前排第1位', Data: 1 });
      s.clock.advance(60_000);
      expect(await join('carol', id)).toEqual({ Code: 200, Message: '已加入候补名单，当前排第2位', Data: 2 });
      expect(await join('bob', id)).toMatchObject({ Code: 400, Message: '您已在候补名单中' });
      expect(await mineInList('carol', id)).toMatchObject({ CanJoinWaitlist: false, IsWaitlisted: true, WaitlistPosition: 2, OfferUntil: '' });
      expect(await waitingOrder(id)).toEqual(['bob', 'carol']);
      expect(await s.detail(id)).toMatchObject({ SignUpCount: 1, OfferCount: 0, WaitlistCount: 2, ConfirmHours: 2 });
      expect(await s.member('dave', 'LeaveActivityWaitlist', { ActivityId: id })).toMatchObject({ Code: 400, Message: '您不在候补名单中' });
    });

    it('refuses the waitlist where it makes no sense', async () => {
      const unlimited = await s.publish({ Title: '不限名额的年会' });
      expect(await join('bob', unlimited)).toMatchObject({ Code: 400, Message: '本活动不限名额，请直接报名' });
      const otherLevel = await s.t.app.services.database.db
        .insertInto('type_items')
        .values({ type: 2, name: '会员单位', sort_number: 1, status: 1, created_at: '2024-06-01 10:00:00' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const elsewhere = await s.publish({ Title: '其他等级的活动', Capacity: 1, MemberLevels: [otherLevel.id] });
      expect(await join('bob', elsewhere)).toMatchObject({ Code: 400, Message: '您不在本活动的通知范围内，不能报名' });
      expect(await join('bob', 999_999)).toMatchObject({ Code: 404, Message: '活动不存在或已删除' });
      expect(await s.member('bob', 'JoinActivityWaitlist', { ActivityId: 'x' })).toMatchObject({ Code: 400 });
      expect(await s.business('SaveActivityDetail', { ...(await s.detail(id)), ActivityId: id, ConfirmHours: 0 })).toMatchObject({
        Code: 400,
        Message: '确认时限应为1-168之间的整数（小时）',
      });
      expect(await s.business('SaveActivityDetail', { ...(await s.detail(id)), ActivityId: id, ConfirmHours: 169 })).toMatchObject({
        Code: 400,
        Message: '确认时限应为1-168之间的整数（小时）',
      });
    });

    it('a cancellation offers the place to the first in line, in the app and by e-mail, for ConfirmHours', async () => {
      s.moveTo('2024-06-02 09:00:00');
      const unread = async () => (await s.member<number>('bob', 'GetActivityUnreadCount')).Data;
      expect((await s.mine('bob', id)).IsRead).toBe(true);
      const before = await unread();
      expect(await cancel('alice', id)).toMatchObject({ Code: 200, Message: '已取消报名' });
      expect(await offers(id)).toEqual([['bob', '2024-06-02 11:00:00']]);
      expect(await waitingOrder(id)).toEqual(['carol']);
      // The offer is a notice of its own: unread again, at the top of bob's list.
      expect(await unread()).toBe(before + 1);
      expect(await mineInList('bob', id)).toMatchObject({
        IsRead: false,
        IsWaitlisted: true,
        WaitlistPosition: 0,
        OfferUntil: '2024-06-02 11:00:00',
        CanSignUp: false,
      });
      // The place is held: nobody else can take it meanwhile.
      expect(await s.detail(id)).toMatchObject({ SignUpCount: 1, OfferCount: 1, WaitlistCount: 1 });
      expect(await signUp('dave', id)).toMatchObject({ Code: 400, Message: '报名人数已满' });
      const [mail] = await outbox('【候补成功】现场观摩会');
      expect(mail?.recipient).toBe('bob@example.com');
      expect(mail?.body).toContain('请于 2024-06-02 11:00 前确认参加');
      expect(mail?.body).toContain(`/member/activity/${id}`);
    });

    it('a place confirmed in time is a sign-up with its check-in code', async () => {
      s.clock.advance(60 * 60_000);
      expect(await confirm('carol', id)).toMatchObject({ Code: 400, Message: '没有为您保留的名额' });
      expect(await confirm('bob', id)).toEqual({ Code: 200, Message: '已确认参加，报名成功', Data: null });
      const bob = await s.mine('bob', id);
      expect(bob).toMatchObject({ IsSignedUp: true, IsWaitlisted: false, OfferUntil: '', SignUpTime: '2024-06-02 10:00:00', CanCancel: true });
      expect(bob.CheckInCode).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
      // Signed up, bob is mailed the confirmation with the calendar file and the check-in QR, which reads back as his token.
      const [confirmation] = await s.t.app.services.database.db
        .selectFrom('mail_outbox')
        .select(['recipient', 'body', 'attachments'])
        .where('subject', '=', '【报名成功】现场观摩会')
        .where('recipient', '=', 'bob@example.com')
        .execute();
      expect(confirmation?.body).toContain(`签到码：${bob.CheckInCode}`);
      const attached = JSON.parse(confirmation!.attachments) as { filename: string; content: string; encoding?: string }[];
      expect(attached.map((a) => a.filename)).toEqual(['现场观摩会.ics', '签到二维码.png']);
      const qr = decodePng(Buffer.from(attached[1]!.content, 'base64'));
      expect(jsQR(new Uint8ClampedArray(qr.pixels), qr.width, qr.height)?.data).toBe(bob.CheckInToken);
      // A reminder to a member signed up carries the code and QR again.
      expect((await s.business('ResendActivityMember', { ActivityId: id, MemberIds: [s.ids.bob] })).Code).toBe(200);
      const [reminder] = await s.t.app.services.database.db
        .selectFrom('mail_outbox')
        .select(['body', 'attachments'])
        .where('subject', '=', '【活动通知】现场观摩会')
        .where('recipient', '=', 'bob@example.com')
        .orderBy('id', 'desc')
        .execute();
      expect(reminder?.body).toContain(`签到码：${bob.CheckInCode}`);
      expect((JSON.parse(reminder!.attachments) as { filename: string }[]).map((a) => a.filename)).toEqual(['签到二维码.png']);
      expect(await s.detail(id)).toMatchObject({ SignUpCount: 1, OfferCount: 0, WaitlistCount: 1 });
    });

    it('an offer left unconfirmed lapses after ConfirmHours and passes to the next, by the job or on reading', async () => {
      await s.business('SaveActivityDetail', { ...(await s.detail(id)), ActivityId: id, Capacity: 2 });
      // Raising the capacity offered the new place to carol at once.
      expect(await offers(id)).toEqual([['carol', '2024-06-02 12:00:00']]);
      expect(await join('dave', id)).toMatchObject({ Code: 200, Data: 1 });
      expect(await join('erin', id)).toMatchObject({ Code: 200, Data: 2 });
      s.moveTo('2024-06-02 12:00:00');
      expect(await runOfferLapses(s.t.app.services)).toBe(0);
      s.moveTo('2024-06-02 12:00:01');
      expect(await confirm('carol', id)).toMatchObject({ Code: 400, Message: '保留的名额已过期，已顺延给下一位候补会员' });
      expect(await runOfferLapses(s.t.app.services)).toBe(1);
      expect(await runOfferLapses(s.t.app.services)).toBe(0);
      expect(await offers(id)).toEqual([['dave', '2024-06-02 14:00:01']]);
      expect(await mineInList('carol', id)).toMatchObject({ IsWaitlisted: false, OfferUntil: '', CanJoinWaitlist: true });
      // Without the job: the next read of the activity lapses dave's offer and offers erin the place.
      s.moveTo('2024-06-02 14:00:02');
      expect(await waitingOrder(id)).toEqual([]);
      expect(await offers(id)).toEqual([['erin', '2024-06-02 16:00:02']]);
      expect(await s.detail(id)).toMatchObject({ SignUpCount: 2, OfferCount: 1, WaitlistCount: 0 });
    });

    it('an offer declined passes on; staff removing a sign-up frees its place for the next', async () => {
      expect(await join('carol', id)).toMatchObject({ Code: 200, Data: 1 });
      expect(await s.member('erin', 'LeaveActivityWaitlist', { ActivityId: id })).toMatchObject({ Code: 200, Message: '已放弃保留的名额' });
      expect(await offers(id)).toEqual([['carol', '2024-06-02 16:00:02']]);
      expect(await confirm('carol', id)).toMatchObject({ Code: 200 });
      expect(await join('alice', id)).toMatchObject({ Code: 200, Data: 1 });
      expect(await join('dave', id)).toMatchObject({ Code: 200, Data: 2 });
      const audited = () =>
        s.t.app.services.database.db.selectFrom('audit_logs').select(['id', 'detail', 'result']).where('action', '=', 'activity:edit').orderBy('id').execute();
      const before = (await audited()).length;
      const removed = await s.business('RemoveActivitySignUp', { ActivityId: id, MemberId: s.ids.bob });
      expect(removed).toEqual({ Code: 200, Message: '已移出该会员', Data: null });
      expect(await offers(id)).toEqual([['alice', '2024-06-02 16:00:02']]);
      expect(await s.business('RemoveActivitySignUp', { ActivityId: id, MemberId: s.ids.dave })).toMatchObject({ Code: 200 });
      expect(await waitingOrder(id)).toEqual([]);
      expect(await s.business('RemoveActivitySignUp', { ActivityId: id, MemberId: s.ids.dave })).toMatchObject({
        Code: 400,
        Message: '该会员未报名，也不在候补名单中',
      });
      expect((await audited()).slice(before).map((a) => [a.result, a.detail])).toEqual([
        [1, `移出会员${s.ids.bob}（报名）`],
        [1, `移出会员${s.ids.dave}（候补）`],
        [0, '该会员未报名，也不在候补名单中'],
      ]);
      expect(await s.business('SaveActivityDetail', { ...(await s.detail(id)), ActivityId: id, Capacity: 1 })).toMatchObject({
        Code: 400,
        Message: '人数上限不能少于已报名人数（当前2人）',
      });
    });

    it('passes over a waiting member who left the audience, and offers no place once the activity has begun', async () => {
      expect(await join('dave', id)).toMatchObject({ Code: 200, Data: 1 });
      expect(await join('erin', id)).toMatchObject({ Code: 200, Data: 2 });
      await s.t.app.services.database.db.updateTable('members').set({ member_level_id: 0 }).where('id', '=', s.ids.dave!).execute();
      expect(await cancel('carol', id)).toMatchObject({ Code: 200 });
      expect((await offers(id)).map(([account]) => account)).toEqual(['alice', 'erin']);
      expect(await s.member('erin', 'LeaveActivityWaitlist', { ActivityId: id })).toMatchObject({ Code: 200 });
      expect((await offers(id)).map(([account]) => account)).toEqual(['alice']);
      await s.t.app.services.database.db.updateTable('members').set({ member_level_id: s.types.memberLevel }).where('id', '=', s.ids.dave!).execute();
      expect(await confirm('alice', id)).toMatchObject({ Code: 200 });
      s.moveTo('2024-06-20 09:00:01');
      expect(await s.business('RemoveActivitySignUp', { ActivityId: id, MemberId: s.ids.alice })).toMatchObject({ Code: 200 });
      expect(await offers(id)).toEqual([]);
      expect(await waitingOrder(id)).toEqual(['dave']);
    });
  });

  it('promotes exactly as many as places freed when several cancel at once', async () => {
    s.moveTo('2024-06-03 10:00:00');
    const holders = ['holder1', 'holder2', 'holder3', 'holder4', 'holder5', 'holder6'];
    const waiting = ['waiter1', 'waiter2', 'waiter3', 'waiter4', 'waiter5', 'waiter6', 'waiter7', 'waiter8'];
    await s.addMembers(...holders, ...waiting);
    const id = await s.publish({ Title: '名额紧张的研讨会', Capacity: holders.length });
    for (const account of holders) expect((await signUp(account, id)).Code).toBe(200);
    for (const account of waiting) {
      expect((await join(account, id)).Code).toBe(200);
      s.clock.advance(1000);
    }
    const leaving = holders.slice(0, 4);
    const instances = await sharingInstances(s.t, { now: s.clock.now, backgroundJobs: false });
    try {
      // Every member's session exists before the race, so the race is only about the places.
      for (const account of leaving) await s.mine(account, id);
      const answers = await atOnce(instances.apps, leaving.length, (app, i) => cancel(leaving[i]!, id, app));
      expect(answers.map((a) => a.Code)).toEqual(leaving.map(() => 200));
    } finally {
      await instances.close();
    }
    expect((await offers(id)).map(([account]) => account).sort()).toEqual(waiting.slice(0, leaving.length).sort());
    expect(await waitingOrder(id)).toEqual(waiting.slice(leaving.length));
    expect(await s.detail(id)).toMatchObject({ SignUpCount: holders.length, OfferCount: leaving.length, WaitlistCount: waiting.length - leaving.length });
  });

  it('lifting the limit offers a place to everyone waiting', async () => {
    const id = await s.publish({ Title: '扩容的讲座', Capacity: 1 });
    expect((await signUp('alice', id)).Code).toBe(200);
    for (const account of ['bob', 'carol']) expect((await join(account, id)).Code).toBe(200);
    await s.business('SaveActivityDetail', { ...(await s.detail(id)), ActivityId: id, Capacity: 0 });
    expect((await offers(id)).map(([account]) => account).sort()).toEqual(['bob', 'carol']);
    expect(await s.detail(id)).toMatchObject({ SignUpCount: 3, OfferCount: 2, WaitlistCount: 0 });
  });
});
