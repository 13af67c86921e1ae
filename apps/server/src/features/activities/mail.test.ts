import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCst, type ActivityMemberDto, type ListDto } from '@portal/shared';
import { buildApp } from '../../app.js';
import { adminCall, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { eventually, eventuallyValue } from '../../../test/eventually.js';
import { createTestApp, engines, type TestApp } from '../../../test/harness.js';
import { startMailServer } from '../../../test/mail-server.js';
import { addMember, seedTypeChoices } from '../../../test/members.js';
import { MAX_ATTEMPTS, retryDelay } from '../mail/outbox.js';

/**
 * The e-mail of activity notices against a real SMTP server (smtp-server, listening on
 * loopback inside the test): what arrives, what a refusing server leaves behind, and that
 * mail queued before a restart still goes.
 */

describe.each(engines)('activity e-mail on %s', (engine) => {
  const clock = testClock();
  let refusal: string | null = null;
  let mailServer: Awaited<ReturnType<typeof startMailServer>>;
  let t: TestApp;
  let admin: string;
  let level: number;

  beforeAll(async () => {
    mailServer = await startMailServer({ refuse: () => refusal });
    t = await createAdminTestApp(engine, { now: clock.now }, { smtpUrl: `smtp://127.0.0.1:${mailServer.port}`, publicBaseUrl: 'https://www.example.org.cn' });
    admin = await loginAdmin(t);
    const types = await seedTypeChoices(t);
    level = types.memberLevel;
    await addMember(t, admin, types, 'mailed', { Email: 'mailed@example.com' });
    await addMember(t, admin, types, 'refused', { Email: 'refused@example.com' });
  });
  afterAll(async () => {
    await t.close();
    await mailServer.close();
  });

  const business = <T = unknown>(url: string, payload?: Record<string, unknown>) =>
    adminCall<T>(t, admin, payload ? 'POST' : 'GET', `/api/XfSysBussiness/${url}`, payload);
  const audience = async (id: number) => (await business<ListDto<ActivityMemberDto>>(`GetActivityMemberList?activityid=${id}`)).Data.List;
  const saveAndPublish = async (title: string) => {
    const saved = await business<number>('SaveActivityDetail', {
      Title: title,
      Place: '上海市浦东新区世纪大道100号',
      StartTime: '2024-06-20 09:00:00',
      EndTime: '2024-06-20 17:00:00',
      SignUpDeadline: '2024-06-15 18:00:00',
      MemberLevels: [level],
    });
    expect(saved.Code, saved.Message).toBe(200);
    expect((await business('PublishActivity', { ActivityId: saved.Data })).Code).toBe(200);
    return saved.Data;
  };

  it('mails each member of the audience the title, time, place and link', async () => {
    const id = await saveAndPublish('年度会员大会');
    const mails = await eventuallyValue(async () => mailServer.received.length >= 2 && mailServer.received);
    const mail = mails.find((m) => m.to.includes('mailed@example.com'))!;
    expect(mail.subject).toBe('【活动通知】年度会员大会');
    expect(mail.text).toContain('mailed工程有限公司：');
    expect(mail.text).toContain('「年度会员大会」');
    expect(mail.text).toContain('活动时间：2024-06-20 09:00 至 2024-06-20 17:00');
    expect(mail.text).toContain('活动地点：上海市浦东新区世纪大道100号');
    expect(mail.text).toContain('报名截止：2024-06-15 18:00');
    expect(mail.text).toContain(`https://www.example.org.cn/member/activity/${id}`);
    const states = await eventuallyValue(async () => {
      const list = await audience(id);
      return list.every((m) => m.MailState === 'sent') && list;
    });
    expect(states.map((m) => [m.Account, m.MailState, m.MailTime, m.MailError])).toEqual([
      ['mailed', 'sent', '2024-06-01 10:00:00', ''],
      ['refused', 'sent', '2024-06-01 10:00:00', ''],
    ]);
  });

  it('leaves a refused mail failed with the reason and a retry scheduled, then retries it', async () => {
    mailServer.received.length = 0;
    refusal = '550 mailbox unavailable';
    const id = await saveAndPublish('工地安全观摩');
    const failed = await eventuallyValue(async () => {
      const list = await audience(id);
      return list.every((m) => m.MailState === 'failed') && list;
    });
    expect(failed[0]).toMatchObject({ MailState: 'failed', MailTime: '2024-06-01 10:00:00', MailRetryTime: formatCst(clock.now() + retryDelay(1)) });
    expect(failed[0]!.MailError).toContain('mailbox unavailable');
    const rows = await t.app.services.database.db
      .selectFrom('mail_outbox')
      .select(['state', 'attempts', 'next_attempt_at'])
      .where('state', '=', 'failed')
      .execute();
    expect(rows).toEqual([
      { state: 'failed', attempts: 1, next_attempt_at: '2024-06-01 10:01:00' },
      { state: 'failed', attempts: 1, next_attempt_at: '2024-06-01 10:01:00' },
    ]);
    expect(mailServer.received).toHaveLength(0);

    // The server accepts again; once the retry is due, the worker's next round sends the same rows.
    refusal = null;
    clock.advance(retryDelay(1));
    const retried = await eventuallyValue(async () => {
      const after = await t.app.services.database.db.selectFrom('mail_outbox').select(['state', 'attempts', 'last_error']).where('attempts', '=', 2).execute();
      return after.length === 2 && after.every((r) => r.state === 'sent') && after;
    });
    expect(retried.every((r) => r.last_error === '')).toBe(true);
    expect((await audience(id)).map((m) => m.MailState)).toEqual(['sent', 'sent']);
    expect(mailServer.received.map((m) => m.subject)).toEqual(['【活动通知】工地安全观摩', '【活动通知】工地安全观摩']);
    expect(retryDelay(2)).toBe(2 * retryDelay(1));
    expect(retryDelay(MAX_ATTEMPTS)).toBeGreaterThan(retryDelay(MAX_ATTEMPTS - 1));
  });

  it('sends mail left pending by a server that was killed, when the next one starts', async () => {
    // A server without SMTP configured holds the database first, so nothing sends the rows early.
    const first = await createTestApp(engine, { seedDemo: false });
    const { db } = first.app.services.database;
    const at = formatCst();
    const row = { subject: '【活动通知】重启前的邮件', body: '正文', attempts: 0, last_error: '', sent_at: '', created_at: at, updated_at: at };
    await db
      .insertInto('mail_outbox')
      .values([
        { ...row, recipient: 'pending@example.com', state: 'pending', next_attempt_at: at, locked_until: '' },
        // Claimed by a worker that died while sending: its lock has run out.
        { ...row, recipient: 'claimed@example.com', state: 'pending', next_attempt_at: at, locked_until: formatCst(Date.now() - 1000) },
      ])
      .execute();
    await first.app.close();
    mailServer.received.length = 0;
    const second = await buildApp({ ...first.config, smtpUrl: `smtp://127.0.0.1:${mailServer.port}` }, { logger: false });
    try {
      await eventually(() => mailServer.received.length >= 2);
      expect(mailServer.received.map((m) => m.to[0]).sort()).toEqual(['claimed@example.com', 'pending@example.com']);
      const states = await eventuallyValue(async () => {
        const rows = await second.services.database.db.selectFrom('mail_outbox').select('state').execute();
        return rows.every((r) => r.state === 'sent') && rows;
      });
      expect(states).toHaveLength(2);
    } finally {
      await second.close();
      fs.rmSync(first.config.dataDir, { recursive: true, force: true });
    }
  });
});
