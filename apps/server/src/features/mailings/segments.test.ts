import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SegmentCountDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { startMailServer } from '../../../test/mail-server.js';
import { activityBody } from '../../../test/activities.js';
import { addMember, seedTypeChoices } from '../../../test/members.js';
import { menuEntries, offeredAgain } from '../../../test/menu-offers.js';
import { roleWith } from '../../../test/review.js';
import { ensureSystemSeed } from '../system/seed.js';
import { smtpTransport, workOutbox } from '../mail/outbox.js';
import { runDispatch } from './dispatch.js';

describe.each(engines)('会员通知的发送范围、定时与权限 on %s', (engine) => {
  const clock = testClock(Date.UTC(2024, 5, 17, 2, 0, 0));
  let mailServer: Awaited<ReturnType<typeof startMailServer>>;
  let t: TestApp;
  let admin: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    mailServer = await startMailServer({ refuse: () => null });
    t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false }, { smtpUrl: `smtp://127.0.0.1:${mailServer.port}` });
    admin = await loginAdmin(t);
    const types = await seedTypeChoices(t);
    for (const account of ['one', 'two', 'three', 'four']) ids[account] = await addMember(t, admin, types, account);
    ids.level = types.memberLevel;
    const { db } = t.app.services.database;
    const at = '2024-06-10 10:00:00';
    const activity = await business<number>('SaveActivityDetail', activityBody(types));
    expect(activity.Code, activity.Message).toBe(200);
    ids.activity = activity.Data;
    // two: 宽限期; three: another level; four: signed up to activity 7 and checked in, answered form 5, voted in election 3.
    await db.updateTable('members').set({ membership_state: 2 }).where('id', '=', ids.two!).execute();
    await db.updateTable('members').set({ member_level_id: 9999 }).where('id', '=', ids.three!).execute();
    await db
      .insertInto('activity_notices')
      .values([
        { activity_id: ids.activity!, member_id: ids.four!, read_at: '', reminded_at: '', signed_up_at: at, mail_id: null, created_at: at, checked_in_at: at },
        { activity_id: ids.activity!, member_id: ids.one!, read_at: '', reminded_at: '', signed_up_at: at, mail_id: null, created_at: at, checked_in_at: '' },
      ])
      .execute();
    await db.insertInto('form_responses').values({ form_id: 5, form_version: 1, member_id: ids.four!, answers: '{}', created_at: at }).execute();
    await db
      .insertInto('election_voters')
      .values({ election_id: 3, member_id: ids.four!, member_name: 'four', account: 'four', level_id: ids.level!, membership_state: 1, voted: 1 })
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await mailServer.close();
  });

  const business = <T = unknown>(url: string, payload?: Record<string, unknown>, token = admin) =>
    adminCall<T>(t, token, payload ? 'POST' : 'GET', `/api/XfSysBussiness/${url}`, payload);
  const reach = async (Segment: Record<string, unknown>) =>
    (await business<SegmentCountDto>('CountMailingSegment', { Category: 'notice', Segment, Channels: ['email'] })).Data.Recipients;

  it('narrows by level, standing, activity, form and election', async () => {
    expect(await reach({})).toBe(4);
    expect(await reach({ LevelIds: [ids.level] })).toBe(3);
    expect(await reach({ States: [2] })).toBe(1);
    expect(await reach({ ActivityId: ids.activity })).toBe(2);
    expect(await reach({ ActivityId: ids.activity, Attended: true })).toBe(1);
    expect(await reach({ FormId: 5 })).toBe(1);
    expect(await reach({ ElectionId: 3 })).toBe(1);
    expect(await reach({ ElectionId: 3, States: [2] })).toBe(0);
    expect((await business('CountMailingSegment', { Segment: { States: [4] } })).Message).toBe('会籍状态只能是1（有效）、2（宽限期）或3（已过期）');
  });

  it('sends a scheduled mailing when its time comes, and records the mail server’s refusal', async () => {
    const saved = await business<number>('SaveMailing', { MailingId: 0, Subject: '年会通知', Body: '<p>{{公司名称}}：年会见。</p>', Segment: { FormId: 5 } });
    expect(await business('SendMailing', { MailingId: saved.Data, SendAt: '2024-06-17 12:00:00' })).toMatchObject({ Code: 200, Data: 'scheduled' });
    expect((await business('SaveMailing', { MailingId: saved.Data, Subject: '改' })).Message).toBe('该通知已发送或已定时，不能修改；请先取消定时');
    expect(await runDispatch(t.app.services)).toBe(0);
    clock.advance(2 * 3_600_000);
    admin = await loginAdmin(t);
    expect(await runDispatch(t.app.services)).toBe(1);
    const refusing = await startMailServer({ refuse: () => '550 mailbox unavailable' });
    try {
      const transport = smtpTransport(`smtp://127.0.0.1:${refusing.port}`);
      expect(await workOutbox(t.app.services, transport)).toEqual({ sent: 0, failed: 1 });
      transport.close?.();
    } finally {
      await refusing.close();
    }
    const recipients = await business<{ List: { State: string; StateName: string; Error: string }[] }>(
      `GetMailingRecipients?mailingid=${saved.Data}&pageindex=1&pagesize=10`,
    );
    expect(recipients.Data.List).toMatchObject([{ State: 'failed', StateName: '发送失败' }]);
    expect(recipients.Data.List[0]!.Error).toContain('mailbox unavailable');
  });

  it('lets a role with 群发通知 only read, not send', async () => {
    await roleWith(t, admin, '通知查看', ['mailing:list']);
    await createAdmin(t, admin, 'reader1', '通知查看');
    const reader = await loginAdmin(t, 'reader1');
    expect((await business('GetMailingList?pageindex=1&pagesize=10', undefined, reader)).Code).toBe(200);
    expect(await business('SendMailing', { MailingId: 1 }, reader)).toMatchObject({ Code: 403, Message: '当前操作没有权限' });
    expect((await business('SaveMailTemplate', { TemplateId: 0, Name: 'x', Subject: 'x', Body: 'x' }, reader)).Code).toBe(403);
  });

  it('reaches an existing install: 群发通知, 通知模板 and 短信 are added under 会员通知 once', async () => {
    const { before, after } = await offeredAgain(t, 'mailing:');
    expect(before.map((m) => m.perms)).toEqual(['mailing:list', 'mailing:edit', 'mailing:send', 'mailing:template', 'mailing:sms']);
    expect(after.map((m) => [m.perms, m.menu_type])).toEqual([
      ['mailing:list', 2],
      ['mailing:edit', 3],
      ['mailing:send', 3],
      ['mailing:template', 2],
      ['mailing:sms', 2],
    ]);
    expect(after[0]?.parent_id).toBe(before[0]?.parent_id);
    await ensureSystemSeed(t.app.services, t.app.log);
    expect(await menuEntries(t, 'mailing:')).toEqual(after);
  });
});
