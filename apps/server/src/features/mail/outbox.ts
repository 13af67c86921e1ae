import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import { formatCst } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import type { Services } from '../../http/app-types.js';

/**
 * The e-mail outbox: mail is written to the mail_outbox table in the transaction of whatever
 * caused it, and a worker the server starts sends it. A slow or refusing mail server therefore
 * never holds a request, and a restart loses nothing: rows stay pending until sent.
 *
 * A worker claims a row by a conditional update (locked_until), so several instances, or a
 * worker restarted after a kill, never send one row twice at the same time. A row whose
 * worker died mid-send is free again once its lock expires; delivery is therefore at least
 * once (a mail may exceptionally go twice, never not at all).
 *
 * A failed attempt leaves state 'failed' with the server's reason and the next attempt
 * scheduled with exponential backoff (1, 2, 4 … minutes); after MAX_ATTEMPTS it is given up
 * (next_attempt_at '').
 */

export interface OutgoingMail {
  recipient: string;
  subject: string;
  body: string;
  /** Files sent with it (an activity's calendar file). */
  attachments?: MailAttachment[];
  /**
   * The body holds a secret (an imported member's initial password): it is emptied once the
   * mail is sent or given up, so the table does not keep what only the member should.
   */
  secret?: boolean;
  /** An HTML part beside the plain-text body (a mailing); pictures in it are linked, not embedded. */
  html?: string;
  /** Extra headers (a mailing's List-Unsubscribe, List-Unsubscribe-Post and Message-ID). */
  headers?: Record<string, string>;
  /**
   * The SMTP envelope sender (MAIL FROM, the Return-Path), where returned mail goes: a mailing's
   * VERP-tagged bounce address. Without it the envelope is the From's, as for every other mail.
   */
  envelopeFrom?: string;
}

/** A file of a mail, as nodemailer takes it: text (a calendar file), or a picture in base64 (a check-in QR). */
export interface MailAttachment {
  filename: string;
  /** With its parameters, e.g. text/calendar; charset=utf-8; method=PUBLISH. */
  contentType: string;
  content: string;
  /** How `content` is written: base64 for a picture; text otherwise. */
  encoding?: 'base64';
}

export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
/** Longer than a send can take with the transport's timeouts below. */
const LOCK_MS = 2 * 60_000;
const BATCH = 20;
const POLL_MS = 5_000;
const ERROR_MAX = 500;
const INSERT_CHUNK = 500;

/** The delay before attempt n+1 after n failed attempts. */
export const retryDelay = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

/**
 * Why a send failed, as the back office shows it (the audience's 发送失败): the mail server's
 * answer on one line, cut to the column's length, and never the password of SMTP_URL, which a
 * server or a library may echo (a refused AUTH, a URL in a connection error).
 */
export function failureReason(error: unknown, smtpUrl: string | undefined): string {
  let reason = error instanceof Error ? error.message : String(error);
  for (const secret of smtpPassword(smtpUrl)) reason = reason.split(secret).join('***');
  return reason.replace(/\s+/g, ' ').trim().slice(0, ERROR_MAX);
}

/** The password of an SMTP URL, as written (percent-encoded) and decoded. */
function smtpPassword(smtpUrl: string | undefined): string[] {
  const password = smtpUrl && URL.canParse(smtpUrl) ? new URL(smtpUrl).password : '';
  if (!password) return [];
  try {
    return [...new Set([decodeURIComponent(password), password])];
  } catch {
    return [password];
  }
}

/** Whether mail is sent at all: only with SMTP_URL configured. */
export const mailEnabled = (services: Pick<Services, 'config'>) => services.config.smtpUrl !== undefined;

/** Queues mails (in the caller's transaction); answers their ids in order. */
export async function enqueueMails(db: Kysely<DB>, mails: readonly OutgoingMail[], now: number): Promise<number[]> {
  const at = formatCst(now);
  const ids: number[] = [];
  for (let i = 0; i < mails.length; i += INSERT_CHUNK) {
    const rows = await db
      .insertInto('mail_outbox')
      .values(
        mails.slice(i, i + INSERT_CHUNK).map((m) => ({
          recipient: m.recipient,
          subject: m.subject,
          body: m.body,
          attachments: JSON.stringify(m.attachments ?? []),
          secret: m.secret ? 1 : 0,
          html: m.html ?? '',
          headers: JSON.stringify(m.headers ?? {}),
          envelope_from: m.envelopeFrom ?? '',
          state: 'pending',
          attempts: 0,
          next_attempt_at: at,
          locked_until: '',
          last_error: '',
          sent_at: '',
          created_at: at,
          updated_at: at,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** What sends one mail: nodemailer's transport, or anything with its sendMail. */
export interface MailTransport {
  sendMail(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    attachments: MailAttachment[];
    html?: string;
    headers?: Record<string, string>;
    /** Replaces the envelope nodemailer derives from From and To. */
    envelope?: { from: string; to: string };
  }): Promise<unknown>;
  close?(): void;
}

/**
 * The mail server, through pooled connections: a connection of its own per mail cost about 100 ms
 * against a server on loopback (3 ms pooled), which held a mailing to about 9 mails a second.
 * The pool keeps at most 2 connections, each replaced after 100 mails; close() ends them.
 */
export function smtpTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 2,
    maxMessages: 100,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
}

const sender = (services: Pick<Services, 'config'>) => services.config.mailFrom ?? `"${services.config.site.name}" <${services.config.site.email}>`;

/** A secret mail's body, emptied once no attempt will read it again. */
const forgotten = (mail: { secret: number }) => (mail.secret === 1 ? { body: '' } : {});

/** A mail's HTML part and extra headers, only when it has them: other mails go exactly as before. */
function richParts(mail: { html: string; headers: string }): { html?: string; headers?: Record<string, string> } {
  const headers = JSON.parse(mail.headers) as Record<string, string>;
  return { ...(mail.html ? { html: mail.html } : {}), ...(Object.keys(headers).length > 0 ? { headers } : {}) };
}

/** The envelope of a mail with its own sender (a mailing's bounce address); none otherwise. */
const envelopeOf = (mail: { envelope_from: string; recipient: string }) =>
  mail.envelope_from ? { envelope: { from: mail.envelope_from, to: mail.recipient } } : {};

/** One round: claims the due rows and sends them one by one. Answers how many were sent and failed. */
export async function workOutbox(services: Pick<Services, 'database' | 'config' | 'now'>, transport: MailTransport): Promise<{ sent: number; failed: number }> {
  const { db } = services.database;
  const at = formatCst(services.now());
  const due = await db
    .selectFrom('mail_outbox')
    .select(['id', 'locked_until'])
    .where('next_attempt_at', '!=', '')
    .where('next_attempt_at', '<=', at)
    .where('locked_until', '<=', at)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(BATCH)
    .execute();
  const outcome = { sent: 0, failed: 0 };
  for (const row of due) {
    const claimed = await db
      .updateTable('mail_outbox')
      .set({ locked_until: formatCst(services.now() + LOCK_MS) })
      .where('id', '=', row.id)
      .where('locked_until', '=', row.locked_until)
      .where('next_attempt_at', '!=', '')
      .returning(['recipient', 'subject', 'body', 'attachments', 'attempts', 'secret', 'html', 'headers', 'envelope_from'])
      .executeTakeFirst();
    if (!claimed) continue;
    const attempts = claimed.attempts + 1;
    try {
      const attachments = JSON.parse(claimed.attachments) as MailAttachment[];
      await transport.sendMail({
        from: sender(services),
        to: claimed.recipient,
        subject: claimed.subject,
        text: claimed.body,
        attachments,
        ...richParts(claimed),
        ...envelopeOf(claimed),
      });
      const done = formatCst(services.now());
      await db
        .updateTable('mail_outbox')
        .set({ state: 'sent', attempts, sent_at: done, next_attempt_at: '', locked_until: '', last_error: '', updated_at: done, ...forgotten(claimed) })
        .where('id', '=', row.id)
        .execute();
      outcome.sent += 1;
    } catch (error) {
      const failedAt = services.now();
      const next = attempts >= MAX_ATTEMPTS ? '' : formatCst(failedAt + retryDelay(attempts));
      const reason = failureReason(error, services.config.smtpUrl);
      await db
        .updateTable('mail_outbox')
        .set({
          state: 'failed',
          attempts,
          next_attempt_at: next,
          locked_until: '',
          last_error: reason,
          updated_at: formatCst(failedAt),
          ...(next === '' ? forgotten(claimed) : {}),
        })
        .where('id', '=', row.id)
        .execute();
      outcome.failed += 1;
    }
  }
  return outcome;
}

export interface MailOutbox {
  /** Work now rather than at the next poll (new mail was queued). */
  nudge(): void;
  /** Stops polling and waits for a round in progress, so it ends before the database closes. */
  stop(): Promise<void>;
}

const outboxes = new WeakMap<Database, MailOutbox>();

/** Tells the outbox of this database, if one runs here, that mail was queued. */
export function nudgeOutbox(database: Database): void {
  outboxes.get(database)?.nudge();
}

/**
 * Starts the worker: a round at once (mail left from before a restart goes first), then every
 * few seconds, whenever nudged and straight after a full round, one round at a time, without
 * keeping the process alive.
 * Without SMTP_URL nothing is started.
 */
export function startMailOutbox(services: Services, log: { error: (obj: object, msg: string) => void }, transport?: MailTransport): MailOutbox {
  if (!mailEnabled(services) && !transport) return { nudge: () => undefined, stop: async () => undefined };
  const mailer = transport ?? smtpTransport(services.config.smtpUrl!);
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const round = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = workOutbox(services, mailer)
      // A full batch may have left more due (a mailing handed a thousand at once): another round
      // at once, not at the next poll, so the outbox keeps up with the rate 群发设置 allows.
      .then((done) => {
        if (done.sent + done.failed >= BATCH) again = true;
      })
      .catch((error: Error) => log.error({ err: { type: error.name, message: error.message } }, 'mail outbox round failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          round();
        }
      });
  };
  const first = setTimeout(round, 0);
  first.unref();
  const every = setInterval(round, POLL_MS).unref();
  const outbox: MailOutbox = {
    nudge: round,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
      mailer.close?.();
      outboxes.delete(services.database);
    },
  };
  outboxes.set(services.database, outbox);
  return outbox;
}
