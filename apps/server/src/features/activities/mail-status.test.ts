import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCst, type ActivityMemberDto, type ListDto } from '@portal/shared';
import { activityBody } from '../../../test/activities.js';
import { adminCall, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { startMailServer } from '../../../test/mail-server.js';
import { addMember, loginMember, publicCall, seedTypeChoices, type TypeChoices } from '../../../test/members.js';
import { readSheet } from '../../../test/xlsx.js';
import { retryDelay, smtpTransport, workOutbox } from '../mail/outbox.js';

/**
 * What the back office is told of the activities' e-mail: without a mail server, that the
 * notices are in the member area only (the publish and remind messages, each member of the
 * audience, the export); with one, each mail's state (待发送, 已发送 with its time, 发送失败 with
 * the server's reason, never the SMTP password, and the next attempt).
 */

/** The audience of an activity as the drawer lists it. */
const audienceOf = async (t: TestApp, admin: string, id: number) =>
  (await adminCall<ListDto<ActivityMemberDto>>(t, admin, 'GET', `/api/XfSysBussiness/GetActivityMemberList?activityid=${id}&pagesize=100`)).Data.List;

/** The audience export's rows under its header: account and the two mail columns. */
async function exportedMail(t: TestApp, admin: string, id: number): Promise<unknown[][]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/XfSysBussiness/ExportActivityMembers?activityid=${id}`, headers: { token: admin } });
  const [header, ...rows] = await readSheet(res.rawPayload);
  const at = (name: string) => header!.indexOf(name);
  return rows.map((r) => [r[at('账号')], r[at('邮件状态')], r[at('失败原因')] ?? '']);
}

/** An activity of the members' level, published; answers its id and the publish answer. */
async function publishFor(t: TestApp, admin: string, types: TypeChoices, title: string) {
  const saved = await adminCall<number>(t, admin, 'POST', '/api/XfSysBussiness/SaveActivityDetail', activityBody(types, { Title: title }));
  expect(saved.Code, saved.Message).toBe(200);
  return { id: saved.Data, published: await adminCall<number>(t, admin, 'POST', '/api/XfSysBussiness/PublishActivity', { ActivityId: saved.Data }) };
}

describe.each(engines)('activity mail status on %s', (engine) => {
  describe('without a mail server', () => {
    let t: TestApp;
    let admin: string;
    let types: TypeChoices;

    beforeAll(async () => {
      t = await createAdminTestApp(engine, { now: testClock().now });
      admin = await loginAdmin(t);
      types = await seedTypeChoices(t);
      for (const account of ['nomail1', 'nomail2']) await addMember(t, admin, types, account);
    });
    afterAll(() => t.close());

    it('says the notices are in the member area only: publishing, reminding, each member and the export', async () => {
      const { id, published } = await publishFor(t, admin, types, '站内通知的活动');
      expect(published).toEqual({ Code: 200, Message: '已发布，已通知2位会员；未配置邮件服务器，仅站内通知', Data: 2 });
      expect((await audienceOf(t, admin, id)).map((m) => [m.Account, m.MailState, m.MailTime, m.MailError, m.MailRetryTime])).toEqual([
        ['nomail1', 'inapp', '', '', ''],
        ['nomail2', 'inapp', '', '', ''],
      ]);
      const reminded = await adminCall(t, admin, 'POST', '/api/XfSysBussiness/ResendActivityMember', { ActivityId: id });
      expect(reminded).toEqual({ Code: 200, Message: '已提醒2位会员；未配置邮件服务器，仅站内通知', Data: 2 });
      expect(await exportedMail(t, admin, id)).toEqual([
        ['nomail1', '仅站内通知', ''],
        ['nomail2', '仅站内通知', ''],
      ]);
      // Signing up queues no confirmation: nothing would send it.
      const member = await loginMember(t, 'nomail1');
      expect((await publicCall(t, member, 'POST', 'SignUpActivity', { ActivityId: id })).Code).toBe(200);
      const queued = await t.app.services.database.db.selectFrom('mail_outbox').select('id').execute();
      expect(queued).toEqual([]);
    });
  });

  describe('with a mail server that asks for a password', () => {
    const PASSWORD = 'S3cret/pass';
    const clock = testClock();
    let authRefusal: string | null = null;
    let mailServer: Awaited<ReturnType<typeof startMailServer>>;
    let t: TestApp;
    let admin: string;
    let types: TypeChoices;
    /** Sends what is due, as the outbox worker's round would (the worker is off: each state stays until then). */
    const workRound = async () => {
      const transport = smtpTransport(t.config.smtpUrl!);
      try {
        return await workOutbox(t.app.services, transport);
      } finally {
        transport.close?.();
      }
    };

    beforeAll(async () => {
      mailServer = await startMailServer({ auth: { user: 'portal', password: PASSWORD, refuse: () => authRefusal } });
      const smtpUrl = `smtp://portal:${encodeURIComponent(PASSWORD)}@127.0.0.1:${mailServer.port}`;
      t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false }, { smtpUrl });
      admin = await loginAdmin(t);
      types = await seedTypeChoices(t);
      for (const account of ['mailed1', 'mailed2']) await addMember(t, admin, types, account);
    });
    afterAll(async () => {
      await t.close();
      await mailServer.close();
    });

    it('shows each mail queued, then sent with its time', async () => {
      const { id, published } = await publishFor(t, admin, types, '邮件通知的活动');
      expect(published).toEqual({ Code: 200, Message: '已发布，已通知2位会员', Data: 2 });
      expect((await audienceOf(t, admin, id)).map((m) => [m.MailState, m.MailTime, m.MailRetryTime])).toEqual([
        ['pending', '', ''],
        ['pending', '', ''],
      ]);
      expect(await exportedMail(t, admin, id)).toEqual([
        ['mailed1', '待发送', ''],
        ['mailed2', '待发送', ''],
      ]);
      clock.advance(60_000);
      expect(await workRound()).toEqual({ sent: 2, failed: 0 });
      expect((await audienceOf(t, admin, id)).map((m) => [m.MailState, m.MailTime, m.MailError])).toEqual([
        ['sent', '2024-06-01 10:01:00', ''],
        ['sent', '2024-06-01 10:01:00', ''],
      ]);
      expect(mailServer.received.map((m) => m.subject)).toEqual(['【活动通知】邮件通知的活动', '【活动通知】邮件通知的活动']);
    });

    it('shows a failure with the server’s reason on one line, the password hidden, and the next attempt', async () => {
      // A server that echoes the credentials it refused: the reason is shown, the password never.
      authRefusal = `Authentication failed\n   for portal:${PASSWORD} (${encodeURIComponent(PASSWORD)})`;
      const { id, published } = await publishFor(t, admin, types, '发送失败的活动');
      expect(published.Message).toBe('已发布，已通知2位会员');
      expect(await workRound()).toEqual({ sent: 0, failed: 2 });
      const failedAt = formatCst(clock.now());
      const audience = await audienceOf(t, admin, id);
      expect(audience.map((m) => [m.MailState, m.MailTime, m.MailRetryTime])).toEqual([
        ['failed', failedAt, formatCst(clock.now() + retryDelay(1))],
        ['failed', failedAt, formatCst(clock.now() + retryDelay(1))],
      ]);
      for (const m of audience) {
        expect(m.MailError).toMatch(/^Invalid login: 535 Authentication failed for portal:\*\*\* \(\*\*\*\)$/);
        expect(m.MailError).not.toContain('S3cret');
      }
      const stored = await t.app.services.database.db.selectFrom('mail_outbox').select('last_error').where('state', '=', 'failed').execute();
      expect(stored.every((r) => !r.last_error.includes('S3cret'))).toBe(true);
      expect((await exportedMail(t, admin, id)).map((r) => r[1])).toEqual(['发送失败', '发送失败']);
      expect((await exportedMail(t, admin, id))[0]![2]).toBe(audience[0]!.MailError);

      // The server takes the password again; the retry, once due, goes.
      authRefusal = null;
      clock.advance(retryDelay(1));
      expect(await workRound()).toEqual({ sent: 2, failed: 0 });
      expect((await audienceOf(t, admin, id)).map((m) => [m.MailState, m.MailError, m.MailRetryTime])).toEqual([
        ['sent', '', ''],
        ['sent', '', ''],
      ]);
    });
  });
});
