import type { Kysely } from 'kysely';
import { formatCst, type MailingCategory } from '@portal/shared';
import { withKeyLocked } from '../../db/key-lock.js';
import type { DB } from '../../db/schema.js';
import type { Services } from '../../http/app-types.js';
import { schedulePeriodic } from '../../ops/periodic-job.js';
import { enqueueMails, nudgeOutbox } from '../mail/outbox.js';
import { readSettings, writeSettings } from '../site/settings.js';
import { bounceSender } from './bounces.js';
import { openPixel } from './opens.js';
import { mailingMail } from './mailing-mail.js';
import { render } from './merge-fields.js';
import { mergeValues } from './merge-values.js';
import { mailingById } from './mailings.js';
import { releaseScheduled } from './sending.js';

/**
 * The dispatch job hands mailing recipients to the outbox, at most `PerMinute` in any minute
 * (site_settings mailings.perMinute, 群发设置), so a mailing to thousands does not flood the
 * mail server or get the site's address throttled as a spammer. A round (every 10 s) hands a
 * sixth of the minute's rate, so the rate is kept evenly rather than spent in the minute's first
 * round, in batches of 50 each in a transaction of its own, the event loop let go between them:
 * on SQLite every query blocks it, and a batch of 200 held the site's reads up to 60 ms
 * (bench/mailings.ts measures /home while a mailing drains).
 *
 * Exactly once: a recipient is claimed by a conditional update of handed_at ('' → now) in the
 * transaction that queues its mail and records mail_id, so it is queued once or not at all. The
 * round holds the key 'mailings:dispatch' (db/key-lock.ts) from counting the last minute's
 * hand-offs to its commit, so instances running side by side share one budget; on PostgreSQL
 * they take turns, on SQLite the write lock does the same.
 */

const FIRST_MS = 5_000;
const EVERY_MS = 10_000;
const MINUTE_MS = 60_000;
const DEFAULT_PER_MINUTE = 60;
const BATCH = 50;

export async function dispatchRate(db: Kysely<DB>): Promise<number> {
  const s = await readSettings(db, ['mailings.perMinute']);
  return Number(s['mailings.perMinute']) || DEFAULT_PER_MINUTE;
}

export async function saveDispatchRate(db: Kysely<DB>, perMinute: number | undefined, now: number): Promise<number> {
  if (perMinute !== undefined) await writeSettings(db, { 'mailings.perMinute': String(perMinute) }, now);
  return dispatchRate(db);
}

/** One round: the scheduled mailings due go out, then up to a round's share of the rate, within the minute's budget, are queued. Answers how many. */
export async function runDispatch(services: Pick<Services, 'database' | 'config' | 'now'>): Promise<number> {
  const { database } = services;
  await releaseScheduled(database, services.now());
  const perRound = Math.ceil(((await dispatchRate(database.db)) * EVERY_MS) / MINUTE_MS);
  let handed = 0;
  for (;;) {
    const batch = await dispatchBatch(services, Math.min(perRound - handed, BATCH));
    handed += batch.handed;
    // Nothing more waiting, the minute's budget spent, or the round's share handed.
    if (batch.claimed === 0 || handed >= perRound) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (handed > 0) nudgeOutbox(database);
  return handed;
}

/** Queues up to `most` waiting recipients in one transaction, within the minute's budget: how many rows it claimed, and how many mails it queued. */
async function dispatchBatch(services: Pick<Services, 'database' | 'config' | 'now'>, most: number): Promise<{ claimed: number; handed: number }> {
  const { database, config, now } = services;
  return withKeyLocked(database, 'mailings:dispatch', async (trx) => {
    const at = now();
    const perMinute = await dispatchRate(trx);
    const recent = await trx
      .selectFrom('mailing_recipients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('handed_at', '>', formatCst(at - MINUTE_MS))
      .executeTakeFirstOrThrow();
    const budget = Math.min(perMinute - Number(recent.n), most);
    if (budget <= 0) return { claimed: 0, handed: 0 };
    const waiting = await trx
      .selectFrom('mailing_recipients')
      .select(['id', 'mailing_id', 'member_id', 'email'])
      .where('handed_at', '=', '')
      .orderBy('id')
      .limit(budget)
      .execute();
    const mailings = new Map<number, Awaited<ReturnType<typeof mailingById>>>();
    let count = 0;
    for (const r of waiting) {
      const claimed = await trx
        .updateTable('mailing_recipients')
        .set({ handed_at: formatCst(at) })
        .where('id', '=', r.id)
        .where('handed_at', '=', '')
        .executeTakeFirst();
      // No address: reached by the site channel only, nothing to mail.
      if (claimed.numUpdatedRows === 0n || !r.email) continue;
      const m = mailings.get(r.mailing_id) ?? (await mailingById(trx, r.mailing_id));
      mailings.set(m.id, m);
      const category = m.category as MailingCategory;
      const { values, unsubscribeToken } = (await mergeValues(trx, [r.member_id], { baseUrl: m.base_url, category, activityId: m.segment.ActivityId }, at)).get(
        r.member_id,
      )!;
      const mail = mailingMail(
        render(m.subject, m.body, values),
        { email: r.email, memberId: r.member_id, mailingId: m.id },
        {
          unsubscribeToken,
          siteEmail: config.site.email,
          baseUrl: m.base_url,
          openPixel: m.track_opens ? await openPixel(trx, m.base_url, r.id, at) : undefined,
        },
      );
      // Returned mail comes back to the bounce address, tagged with this recipient (bounces.ts).
      const envelopeFrom = config.mailBounceAddress ? await bounceSender(trx, config.mailBounceAddress, r.id, at) : undefined;
      const [mailId] = await enqueueMails(trx, [{ ...mail, envelopeFrom }], at);
      await trx.updateTable('mailing_recipients').set({ mail_id: mailId! }).where('id', '=', r.id).execute();
      count += 1;
    }
    return { claimed: waiting.length, handed: count };
  });
}

export function scheduleDispatch(services: Services, log: { error: (obj: object, msg: string) => void }): { stop: () => Promise<void> } {
  return schedulePeriodic('mailing dispatch', () => runDispatch(services), { firstMs: FIRST_MS, everyMs: EVERY_MS }, log);
}
