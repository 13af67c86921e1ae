import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailingDto, MemberMailingDto, SegmentCountDto } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { startMailServer, type Received } from '../../../test/mail-server.js';
import { addMember, seedTypeChoices } from '../../../test/members.js';
import { smtpTransport, workOutbox } from '../mail/outbox.js';
import { readBounceMailbox } from './bounces.js';
import { runDispatch } from './dispatch.js';

const SITE = 'https://www.example.org.cn';
const BOUNCES = 'bounces@example.org.cn';
const VERP = /^bounces\+(\d+)-([0-9a-f]{16})@example\.org\.cn$/;

/**
 * A report as a mail server writes it into the bounce mailbox (RFC 3464, as Postfix words it):
 * delivered to the envelope sender of the returned mail, the returned message's headers after
 * the per-recipient fields, the diagnostic folded over two lines.
 */
function deliveryReport(o: { deliveredTo: string; finalRecipient: string; action: string; status: string; diagnostic: string; returned: Received }): string {
  const returnedHeaders = Object.entries(o.returned.headers).map(([name, value]) => `${name}: ${value}`);
  return [
    'Return-Path: <>',
    `Delivered-To: ${o.deliveredTo}`,
    `X-Original-To: ${o.deliveredTo}`,
    'From: MAILER-DAEMON@mx.example.com (Mail Delivery System)',
    `To: ${o.deliveredTo}`,
    'Subject: Undelivered Mail Returned to Sender',
    'Date: Mon, 17 Jun 2024 10:05:00 +0800 (CST)',
    'Message-ID: <20240617020500.4F2A1@mx.example.com>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status;',
    '\tboundary="4F2A1.1718589900/mx.example.com"',
    '',
    '--4F2A1.1718589900/mx.example.com',
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.example.com.',
    "I'm sorry to have to inform you that your message could not be delivered.",
    '',
    '--4F2A1.1718589900/mx.example.com',
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.com',
    'X-Postfix-Queue-ID: 4F2A1',
    'Arrival-Date: Mon, 17 Jun 2024 10:04:58 +0800 (CST)',
    '',
    `Final-Recipient: rfc822; ${o.finalRecipient}`,
    `Original-Recipient: rfc822;${o.finalRecipient}`,
    `Action: ${o.action}`,
    `Status: ${o.status}`,
    'Remote-MTA: dns; mail.example.com',
    `Diagnostic-Code: smtp; ${o.diagnostic.replace(': ', ':\r\n    ')}`,
    '',
    '--4F2A1.1718589900/mx.example.com',
    'Content-Description: Undelivered Message Headers',
    'Content-Type: text/rfc822-headers',
    '',
    ...returnedHeaders,
    '',
    '--4F2A1.1718589900/mx.example.com--',
    '',
  ].join('\r\n');
}

describe.each(engines)('退信 of a mailing on %s', (engine) => {
  const clock = testClock(Date.UTC(2024, 5, 17, 2, 0, 0));
  let mailServer: Awaited<ReturnType<typeof startMailServer>>;
  let maildir: string;
  let t: TestApp;
  let admin: string;
  const ids: Record<string, number> = {};
  const warnings: object[] = [];
  const log = { error: (obj: object) => warnings.push(obj), warn: (obj: object) => warnings.push(obj) };

  beforeAll(async () => {
    mailServer = await startMailServer();
    maildir = fs.mkdtempSync(path.join(os.tmpdir(), 'bounces-'));
    for (const sub of ['new', 'cur', 'tmp']) fs.mkdirSync(path.join(maildir, sub));
    t = await createAdminTestApp(
      engine,
      { now: clock.now, backgroundJobs: false },
      { smtpUrl: `smtp://127.0.0.1:${mailServer.port}`, publicBaseUrl: SITE, mailBounceAddress: BOUNCES, mailBounceMaildir: maildir },
    );
    admin = await loginAdmin(t);
    const types = await seedTypeChoices(t);
    for (const account of ['alpha', 'beta']) ids[account] = await addMember(t, admin, types, account);
    await t.app.services.database.db.updateTable('members').set({ region: '江苏' }).execute();
  });
  afterAll(async () => {
    await t.close();
    await mailServer.close();
    fs.rmSync(maildir, { recursive: true, force: true });
  });

  const business = <T = unknown>(url: string, payload?: Record<string, unknown>) =>
    adminCall<T>(t, admin, payload ? 'POST' : 'GET', `/api/XfSysBussiness/${url}`, payload);
  const records = async (mailingId: number) =>
    (
      await business<{ List: { MemberId: number; State: string; StateName: string; Error: string }[] }>(
        `GetMailingRecipients?mailingid=${mailingId}&pageindex=1&pagesize=10`,
      )
    ).Data.List;
  const stateOf = async (member: string, mailingId = ids.mailing!) => (await records(mailingId)).find((r) => r.MemberId === ids[member])!;
  let delivered = 0;
  /** A message the mail server delivers into the mailbox, then a round of the job. */
  const deliver = async (message: string) => {
    fs.writeFileSync(path.join(maildir, 'new', `1718589900.V801I${(delivered += 1)}.mx.example.com`), message);
    return readBounceMailbox(t.app.services, log);
  };
  /** The newest mail the member received. */
  const received = (member: string) => mailServer.received.findLast((m) => m.to[0] === `${member}@example.com`)!;
  const hardBounce = (member: string, deliveredTo = received(member).envelopeFrom) =>
    deliveryReport({
      deliveredTo,
      finalRecipient: `${member}@example.com`,
      action: 'failed',
      status: '5.1.1',
      diagnostic: `550 5.1.1 <${member}@example.com>: Recipient address rejected: User unknown in virtual mailbox table`,
      returned: received(member),
    });

  const segment = { Regions: ['江苏'] };
  /** A mailing to the segment sent, its recipients handed to the outbox and mailed; answers its id and what the outbox did. */
  const mailOut = async (channels: string[]) => {
    const saved = await business<number>('SaveMailing', {
      MailingId: 0,
      Category: 'notice',
      Subject: '年会通知',
      Body: '<p>您好</p>',
      Segment: segment,
      Channels: channels,
    });
    expect(await business('SendMailing', { MailingId: saved.Data })).toMatchObject({ Code: 200, Data: 'sent' });
    await runDispatch(t.app.services);
    const transport = smtpTransport(`smtp://127.0.0.1:${mailServer.port}`);
    try {
      return { mailingId: saved.Data, outbox: await workOutbox(t.app.services, transport) };
    } finally {
      transport.close?.();
    }
  };

  it('sends a mailing from a bounce address tagged per recipient', async () => {
    const sent = await mailOut(['email']);
    ids.mailing = sent.mailingId;
    expect(sent.outbox).toEqual({ sent: 2, failed: 0 });

    const tags = ['alpha', 'beta'].map((member) => VERP.exec(received(member).envelopeFrom));
    expect(tags.every((tag) => tag !== null)).toBe(true);
    // One recipient's tag is not another's.
    expect(tags[0]![1]).not.toBe(tags[1]![1]);
    // The From people see stays the site's.
    expect(received('beta').headers.from).toContain(t.app.services.config.site.email);
  });

  it('marks the recipient a returned report names 退信, with its status and diagnostic, once', async () => {
    expect(await deliver(hardBounce('beta'))).toEqual({ bounced: 1 });
    // Taken from new/ into cur/, seen.
    expect(fs.readdirSync(path.join(maildir, 'new'))).toEqual([]);
    expect(fs.readdirSync(path.join(maildir, 'cur'))).toEqual(['1718589900.V801I1.mx.example.com:2,S']);

    const bounced = {
      State: 'bounced',
      StateName: '退信',
      Error: '5.1.1 550 5.1.1 <beta@example.com>: Recipient address rejected: User unknown in virtual mailbox table',
    };
    expect(await stateOf('beta')).toMatchObject(bounced);
    expect(await stateOf('alpha')).toMatchObject({ State: 'sent', StateName: '已发送', Error: '' });
    const mailing = await business<MailingDto>(`GetMailing?mailingid=${ids.mailing}`);
    expect(mailing.Data.Counts).toMatchObject({ Recipients: 2, Sent: 1, Failed: 0, Bounced: 1 });
    // The member's own history says the same, with the reason.
    const history = await business<{ List: MemberMailingDto[] }>(`GetMemberMailings?memberid=${ids.beta}&pageindex=1&pagesize=10`);
    expect(history.Data.List).toEqual([expect.objectContaining({ MailingId: ids.mailing, State: 'bounced', StateName: '退信', Error: bounced.Error })]);

    // The same report again (a mail server retrying its delivery) changes nothing.
    clock.advance(60_000);
    const before = await t.app.services.database.db.selectFrom('mailing_recipients').selectAll().where('member_id', '=', ids.beta!).executeTakeFirstOrThrow();
    expect(await deliver(hardBounce('beta'))).toEqual({ repeated: 1 });
    expect(await t.app.services.database.db.selectFrom('mailing_recipients').selectAll().where('member_id', '=', ids.beta!).executeTakeFirstOrThrow()).toEqual(
      before,
    );
    expect(warnings).toEqual([]);
  });

  it('takes no delay, no other mail and no forged tag for a bounce', async () => {
    const alpha = received('alpha');
    const delay = deliveryReport({
      deliveredTo: alpha.envelopeFrom,
      finalRecipient: 'alpha@example.com',
      action: 'delayed',
      status: '4.4.1',
      diagnostic: '421 4.4.1 mail.example.com: Connection timed out',
      returned: alpha,
    });
    expect(await deliver(delay)).toEqual({ 'not-a-bounce': 1 });
    const autoReply = [
      `Delivered-To: ${alpha.envelopeFrom}`,
      'From: alpha@example.com',
      `To: ${alpha.envelopeFrom}`,
      'Subject: 自动回复：年会通知',
      'Content-Type: text/plain; charset=utf-8',
      '',
      '我正在休假，6月20日返回。',
      '',
    ].join('\r\n');
    expect(await deliver(autoReply)).toEqual({ 'not-a-bounce': 1 });

    // A report to alpha's id with a made-up mac, with everything else a real report of alpha's has.
    const forged = hardBounce('alpha', alpha.envelopeFrom.replace(/-[0-9a-f]{16}@/, '-0123456789abcdef@'));
    expect(await deliver(forged)).toEqual({ forged: 1 });
    expect(await stateOf('alpha')).toMatchObject({ State: 'sent' });
    // Set aside with a warning that names the file, never an address.
    expect(warnings).toEqual([{ file: `1718589900.V801I${delivered}.mx.example.com`, outcome: 'forged' }]);
    expect(fs.readdirSync(path.join(maildir, 'new'))).toEqual([]);
    expect(fs.readdirSync(path.join(maildir, 'cur'))).toHaveLength(delivered);
  });

  it('without a tag, finds the recipient by the returned Message-ID and its signed unsubscribe token', async () => {
    // A Message-ID names a mailing and member anyone could guess: without the mail's own token it is not enough.
    const alpha = received('alpha');
    const unsigned = { ...alpha, headers: { ...alpha.headers, 'list-unsubscribe': `<${SITE}/api/XfWebApi/Unsubscribe?t=notice.${ids.alpha}.1.x>` } };
    const guessed = deliveryReport({
      deliveredTo: BOUNCES,
      finalRecipient: 'alpha@example.com',
      action: 'failed',
      status: '5.2.1',
      diagnostic: '550 5.2.1 <alpha@example.com>: Mailbox disabled',
      returned: unsigned,
    });
    expect(await deliver(guessed)).toEqual({ unmatched: 1 });
    expect(await stateOf('alpha')).toMatchObject({ State: 'sent' });

    expect(await deliver(hardBounce('alpha', BOUNCES))).toEqual({ bounced: 1 });
    expect(await stateOf('alpha')).toMatchObject({ State: 'bounced', Error: expect.stringMatching(/^5\.1\.1 550 5\.1\.1 <alpha@example.com>/) });
  });

  it('stops mailing an address that came back 3 times (无有效邮箱), and mails a new one', async () => {
    const count = async () => (await business<SegmentCountDto>('CountMailingSegment', { Category: 'notice', Segment: segment, Channels: ['email'] })).Data;
    expect(await count()).toMatchObject({ WithAddress: 2, NoAddress: 0 });
    for (const bounces of [2, 3]) {
      expect((await mailOut(['email'])).outbox).toEqual({ sent: 2, failed: 0 });
      expect(await deliver(hardBounce('beta'))).toEqual({ bounced: 1 });
      expect(await count()).toMatchObject(bounces < 3 ? { WithAddress: 2, NoAddress: 0, Recipients: 2 } : { WithAddress: 1, NoAddress: 1, Recipients: 1 });
    }
    // With 站内信 as well, the site alone reaches beta; by e-mail only alpha is mailed.
    const both = await mailOut(['email', 'site']);
    expect(both.outbox).toEqual({ sent: 1, failed: 0 });
    expect(await stateOf('beta', both.mailingId)).toMatchObject({ State: 'site' });
    expect(await stateOf('alpha', both.mailingId)).toMatchObject({ State: 'sent' });

    await t.app.services.database.db.updateTable('members').set({ email: 'beta.new@example.com' }).where('id', '=', ids.beta!).execute();
    expect(await count()).toMatchObject({ WithAddress: 2, NoAddress: 0, Recipients: 2 });
  });
});
