import { createHmac, timingSafeEqual } from 'node:crypto';
import { readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { formatCst } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { siteSecret } from '../../db/site-secret.js';
import type { Services } from '../../http/app-types.js';
import { schedulePeriodic } from '../../ops/periodic-job.js';
import { readDeliveryReport, type DeliveryReport } from './dsn.js';
import { readUnsubscribeToken } from './unsubscribe.js';

/**
 * Returned mail of mailings (退信). A mailing's mail goes out with the bounce address
 * (MAIL_BOUNCE_ADDRESS) as its envelope sender, tagged with its recipient (VERP):
 * `bounces+<recipient>-<mac>@domain`, the mac the first 16 hex digits of an HMAC of the recipient
 * under the site's key for bounces (site_secrets). So a returned mail names its recipient even when
 * the report is mangled, and nobody who did not receive the mail can forge one. Not the unsubscribe
 * link's expiring token: it is too long for a local part (64 characters at most) and its base64
 * does not survive the servers that change a local part's case; hex does.
 *
 * The mail server delivers the bounce address to a Maildir (MAIL_BOUNCE_MAILDIR). A job takes each
 * new message by renaming it from new/ to cur/ with the Seen flag (`:2,S`): a rename is atomic, so
 * of two instances only the one whose rename succeeds reads it, and a message is read once. A hard
 * bounce (dsn.ts) marks its recipient 退信 with the report's status and diagnostic; the first
 * recorded stays, so the same report twice changes nothing.
 *
 * Which recipient: the VERP tag of the address the report was delivered to, when there is one (a
 * tag that does not verify is a forgery, ignored); otherwise the returned message's Message-ID
 * (`<mailing-<mailing>-<member>@…>`) with its List-Unsubscribe token, signed for that member,
 * and the report's Final-Recipient the address it was sent to. The Message-ID alone is guessable.
 */

const FIRST_MS = 30_000;
const EVERY_MS = 60_000;
const BATCH = 200;
const MAC_HEX = 16;

const bounceKey = siteSecret('mail-bounce');

const macOf = async (db: Kysely<DB>, recipientId: number, now: number) =>
  createHmac('sha256', await bounceKey(db, now))
    .update(`mail-bounce:${recipientId}`)
    .digest('hex')
    .slice(0, MAC_HEX);

/** The envelope sender of a mailing recipient's mail: the bounce address tagged with the recipient. */
export async function bounceSender(db: Kysely<DB>, bounceAddress: string, recipientId: number, now: number): Promise<string> {
  const at = bounceAddress.lastIndexOf('@');
  return `${bounceAddress.slice(0, at)}+${recipientId}-${await macOf(db, recipientId, now)}${bounceAddress.slice(at)}`;
}

const VERP_TAG = /\+(\d{1,10})-([0-9a-f]{16})@/i;

/** The recipient a VERP tag names; 'forged' for a tag the site did not make; undefined without one. */
async function taggedRecipient(db: Kysely<DB>, deliveredTo: readonly string[], now: number): Promise<number | 'forged' | undefined> {
  const tag = deliveredTo.map((address) => VERP_TAG.exec(address)).find((match) => match !== null);
  if (!tag) return undefined;
  const id = Number(tag[1]);
  const expected = Buffer.from(await macOf(db, id, now));
  const given = Buffer.from(tag[2]!.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : 'forged';
}

/** The recipient the returned message's Message-ID names, if its List-Unsubscribe token is that member's and Final-Recipient its address. */
async function returnedRecipient(db: Kysely<DB>, report: DeliveryReport, finalRecipient: string, now: number): Promise<number | undefined> {
  const messageId = /^Message-ID:\s*<mailing-(\d{1,10})-(\d{1,10})@/im.exec(report.text);
  const token = /^List-Unsubscribe:[^\n]*?[?&]t=([\w.-]+)>/im.exec(report.text);
  if (!messageId || !token) return undefined;
  const memberId = Number(messageId[2]);
  const claim = await readUnsubscribeToken(db, token[1]!, now).catch(() => undefined);
  if (claim?.memberId !== memberId) return undefined;
  const row = await db
    .selectFrom('mailing_recipients')
    .select(['id', 'email'])
    .where('mailing_id', '=', Number(messageId[1]))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row && row.email.toLowerCase() === finalRecipient.toLowerCase() ? row.id : undefined;
}

export type BounceOutcome = 'bounced' | 'repeated' | 'not-a-bounce' | 'unmatched' | 'forged' | 'unreadable';

/** What one returned message does: a hard bounce of a mailing's recipient is recorded, once. */
export async function processReturnedMail(db: Kysely<DB>, raw: Buffer, now: number): Promise<BounceOutcome> {
  const report = await readDeliveryReport(raw).catch(() => 'unreadable' as const);
  if (report === 'unreadable') return report;
  if (!report?.hardBounce) return 'not-a-bounce';
  const tagged = await taggedRecipient(db, report.deliveredTo, now);
  if (tagged === 'forged') return 'forged';
  const recipientId = tagged ?? (await returnedRecipient(db, report, report.hardBounce.finalRecipient, now));
  if (recipientId === undefined) return 'unmatched';
  const marked = await db
    .updateTable('mailing_recipients')
    .set({ bounced_at: formatCst(now), bounce_reason: report.hardBounce.reason })
    .where('id', '=', recipientId)
    .where('mail_id', 'is not', null)
    .where('bounced_at', '=', '')
    .executeTakeFirst();
  return marked.numUpdatedRows > 0n ? 'bounced' : 'repeated';
}

type BounceLog = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** One round over the Maildir's new messages; answers how many had each outcome. */
export async function readBounceMailbox(
  services: Pick<Services, 'database' | 'config' | 'now'>,
  log: BounceLog,
): Promise<Partial<Record<BounceOutcome, number>>> {
  const maildir = services.config.mailBounceMaildir;
  const outcomes: Partial<Record<BounceOutcome, number>> = {};
  if (!maildir) return outcomes;
  const names = (await readdir(path.join(maildir, 'new'))).filter((name) => !name.startsWith('.')).slice(0, BATCH);
  for (const name of names) {
    const fresh = path.join(maildir, 'new', name);
    const seen = path.join(maildir, 'cur', `${name.split(':')[0]}:2,S`);
    try {
      await rename(fresh, seen);
    } catch (error) {
      // Another instance took it first.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    let outcome: BounceOutcome;
    try {
      outcome = await processReturnedMail(services.database.db, await readFile(seen), services.now());
    } catch (error) {
      // The database away: the message goes back to new/ for the next round.
      await rename(seen, fresh).catch(() => undefined);
      throw error;
    }
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    // Set aside in cur/ for a person to look at; the file's name, never an address, in the log.
    if (outcome === 'unreadable' || outcome === 'forged' || outcome === 'unmatched') log.warn({ file: name, outcome }, 'returned mail not recorded');
  }
  return outcomes;
}

/** The bounce job, with MAIL_BOUNCE_MAILDIR only, every minute in the worker that runs background jobs. */
export function scheduleBounceMailbox(services: Services, log: BounceLog): { stop: () => Promise<void> } | undefined {
  if (!services.config.mailBounceMaildir) return undefined;
  return schedulePeriodic('bounce mailbox', () => readBounceMailbox(services, log), { firstMs: FIRST_MS, everyMs: EVERY_MS }, log);
}
