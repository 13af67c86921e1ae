import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCst, type ActivityMemberDto, type ListDto } from '@portal/shared';
import { buildApp } from '../../app.js';
import { adminCall, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { createTestApp, engines, type TestApp } from '../../../test/harness.js';
import { addMember, seedTypeChoices } from '../../../test/members.js';
import { MAX_ATTEMPTS, retryDelay } from './outbox.js';

/**
 * The e-mail of activity notices against a real SMTP server (smtp-server, listening on
 * loopback inside the test): what arrives, what a refusing server leaves behind, and that
 * mail queued before a restart still goes.
 */

interface Received {
  to: string[];
  subject: string;
  text: string;
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) of a header. */
const decodeWords = (header: string) =>
  header.replace(/\s*=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8'),
  );

/** The plain-text body of a single-part message, decoded from base64 or quoted-printable. */
function parseMessage(raw: string, to: string[]): Received {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1')
        : Buffer.from(body, 'utf8');
  return { to, subject: decodeWords(header('Subject')), text: bytes.toString('utf8').replace(/\r\n/g, '\n') };
}

/** A mail server on loopback that keeps what it receives, or refuses every recipient. */
async function startMailServer(refuse: () => string | null): Promise<{ port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const reason = refuse();
      if (!reason) return callback();
      const error = Object.assign(new Error(reason), { responseCode: 550 });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(parseMessage(Buffer.concat(chunks).toString('latin1'), session.envelope.rcptTo.map((r) => r.address)));
        callback();
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Waits (up to 15 s) until `check` answers a truthy value. */
async function eventually<T>(check: () => Promise<T | undefined | false>, what: string): Promise<T> {
  const until = Date.now() + 15_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(engines)('activity e-mail on %s', (engine) => {
  const clock = testClock();
  let refusal: string | null = null;
  let mailServer: Awaited<ReturnType<typeof startMailServer>>;
  let t: TestApp;
  let admin: string;
  let level: number;

  beforeAll(async () => {
    mailServer = await startMailServer(() => refusal);
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

  const business = <T = unknown>(url: string, payload?: Record<string, unknown>) => adminCall<T>(t, admin, payload ? 'POST' : 'GET', `/api/XfSysBussiness/${url}`, payload);
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
    const mails = await eventually(async () => mailServer.received.length >= 2 && mailServer.received, 'two mails');
    const mail = mails.find((m) => m.to.includes('mailed@example.com'))!;
    expect(mail.subject).toBe('【活动通知】年度会员大会');
    expect(mail.text).toContain('mailed工程有限公司：');
    expect(mail.text).toContain('「年度会员大会」');
    expect(mail.text).toContain('活动时间：2024-06-20 09:00 至 2024-06-20 17:00');
    expect(mail.text).toContain('活动地点：上海市浦东新区世纪大道100号');
    expect(mail.text).toContain('报名截止：2024-06-15 18:00');
    expect(mail.text).toContain(`https://www.example.org.cn/member/activity/${id}`);
    const states = await eventually(async () => {
      const list = await audience(id);
      return list.every((m) => m.MailState === 'sent') && list;
    }, 'sent states');
    expect(states.map((m) => [m.Account, m.MailState, m.MailTime, m.MailError])).toEqual([
      ['mailed', 'sent', '2024-06-01 10:00:00', ''],
      ['refused', 'sent', '2024-06-01 10:00:00', ''],
    ]);
  });

  it('leaves a refused mail failed with the reason and a retry scheduled, then retries it', async () => {
    mailServer.received.length = 0;
    refusal = '550 mailbox unavailable';
    const id = await saveAndPublish('工地安全观摩');
    const failed = await eventually(async () => {
      const list = await audience(id);
      return list.every((m) => m.MailState === 'failed') && list;
    }, 'failed states');
    expect(failed[0]).toMatchObject({ MailState: 'failed', MailTime: '2024-06-01 10:00:00', MailRetryTime: formatCst(clock.now() + retryDelay(1)) });
    expect(failed[0]!.MailError).toContain('mailbox unavailable');
    const rows = await t.app.services.database.db.selectFrom('mail_outbox').select(['state', 'attempts', 'next_attempt_at']).where('state', '=', 'failed').execute();
    expect(rows).toEqual([
      { state: 'failed', attempts: 1, next_attempt_at: '2024-06-01 10:01:00' },
      { state: 'failed', attempts: 1, next_attempt_at: '2024-06-01 10:01:00' },
    ]);
    expect(mailServer.received).toHaveLength(0);

    // The server accepts again; once the retry is due, the worker's next round sends the same rows.
    refusal = null;
    clock.advance(retryDelay(1));
    const retried = await eventually(async () => {
      const after = await t.app.services.database.db.selectFrom('mail_outbox').select(['state', 'attempts', 'last_error']).where('attempts', '=', 2).execute();
      return after.length === 2 && after.every((r) => r.state === 'sent') && after;
    }, 'retried mails sent');
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
      await eventually(async () => mailServer.received.length >= 2, 'mail after the restart');
      expect(mailServer.received.map((m) => m.to[0]).sort()).toEqual(['claimed@example.com', 'pending@example.com']);
      const states = await eventually(async () => {
        const rows = await second.services.database.db.selectFrom('mail_outbox').select('state').execute();
        return rows.every((r) => r.state === 'sent') && rows;
      }, 'sent rows');
      expect(states).toHaveLength(2);
    } finally {
      await second.close();
      fs.rmSync(first.config.dataDir, { recursive: true, force: true });
    }
  });
});
