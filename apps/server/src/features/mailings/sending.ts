import type { Kysely } from 'kysely';
import { formatCst, mailingMessages } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/envelope.js';
import { enqueueMails, nudgeOutbox } from '../mail/outbox.js';
import { mailingMail } from './mailing-mail.js';
import { render, usesActivity, type RenderedMail } from './merge-fields.js';
import { mergeValues } from './merge-values.js';
import { mailingById, type Mailing } from './mailings.js';
import { countSegment, reachable, segmentMembers, usableAddress } from './segments.js';
import { trackingOn } from './opens.js';
import { deliverToSite } from './site-channel.js';
import { unsubscribePageUrl } from './unsubscribe.js';

/**
 * Sending a mailing: its recipients are written once, one row per member (unique per mailing),
 * in the transaction that moves it from draft to sent; the dispatch job then hands them to the
 * outbox at the configured rate (dispatch.ts). The move is a conditional update of the state,
 * so a second SendMailing (a double click, two instances) finds nothing to move and is refused.
 */

/** Refuses what would send nothing or the wrong thing: activity variables without one activity, an empty segment. */
async function checkSendable(db: Kysely<DB>, m: Mailing): Promise<void> {
  if (usesActivity(m.subject, m.body) && m.segment.ActivityId === 0) throw badRequest(mailingMessages.activityVariableNeedsActivity);
  if ((await countSegment(db, m.segment, m.category, m.channels)).recipients === 0) throw badRequest(mailingMessages.emptySegment);
}

/**
 * Writes the recipients of a mailing just moved to sent. A recipient with no address to mail (no
 * e-mail channel, or reached by the site only) is handed at once: the dispatch job has nothing to
 * queue for them.
 */
async function materialise(trx: Kysely<DB>, m: Mailing, at: string): Promise<void> {
  const byMail = m.channels.includes('email');
  await trx
    .insertInto('mailing_recipients')
    .columns(['mailing_id', 'member_id', 'email'])
    .expression(
      reachable(trx, m.segment, m.category, m.channels).select((eb) => [
        eb.val(m.id).as('mailing_id'),
        'm.id',
        // An address that kept bouncing is not mailed: the site channel alone reaches that member.
        byMail ? eb.case().when(usableAddress(eb)).then(eb.ref('m.email')).else('').end().as('email') : eb.val('').as('email'),
      ]),
    )
    .onConflict((oc) => oc.columns(['mailing_id', 'member_id']).doNothing())
    .execute();
  await trx.updateTable('mailing_recipients').set({ handed_at: at }).where('mailing_id', '=', m.id).where('email', '=', '').execute();
}

/** Moves a draft (or a scheduled mailing whose time came) to sent and writes its recipients, in one transaction; false when another got there first. */
async function release(database: Database, m: Mailing, from: 'draft' | 'scheduled', baseUrl: string, now: number): Promise<boolean> {
  const at = formatCst(now);
  return database.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('mailings')
      .set({ state: 'sent', sent_at: at, updated_at: at, track_opens: (await trackingOn(trx)) ? 1 : 0, ...(baseUrl ? { base_url: baseUrl } : {}) })
      .where('id', '=', m.id)
      .where('state', '=', from)
      .executeTakeFirst();
    if (moved.numUpdatedRows === 0n) return false;
    await materialise(trx, m, at);
    if (m.channels.includes('site')) await deliverToSite(trx, m, baseUrl || m.base_url, at, now);
    return true;
  });
}

/** SendMailing: now (SendAt blank) or at SendAt, not in the past; by e-mail only with a mail server. Answers the mailing's state. */
export async function sendMailing(
  database: Database,
  id: number,
  sendAt: string,
  site: { baseUrl: string; mailEnabled: boolean },
  now: number,
): Promise<'sent' | 'scheduled'> {
  const m = await mailingById(database.db, id);
  const { baseUrl } = site;
  if (m.channels.includes('email') && !site.mailEnabled) throw badRequest(mailingMessages.mailDisabled);
  if (m.state === 'sent') throw badRequest(mailingMessages.alreadySent);
  if (m.state === 'scheduled') throw badRequest(mailingMessages.alreadyScheduled);
  if (sendAt && sendAt < formatCst(now)) throw badRequest(mailingMessages.scheduleInPast);
  await checkSendable(database.db, m);
  if (sendAt) {
    const done = await database.db
      .updateTable('mailings')
      .set({ state: 'scheduled', scheduled_at: sendAt, base_url: baseUrl, updated_at: formatCst(now) })
      .where('id', '=', id)
      .where('state', '=', 'draft')
      .executeTakeFirst();
    if (done.numUpdatedRows === 0n) throw badRequest(mailingMessages.alreadySent);
    return 'scheduled';
  }
  if (!(await release(database, m, 'draft', baseUrl, now))) throw badRequest(mailingMessages.alreadySent);
  return 'sent';
}

/** CancelMailingSchedule: a scheduled mailing back to draft, before its time comes. */
export async function cancelSchedule(db: Kysely<DB>, id: number, now: number): Promise<void> {
  await mailingById(db, id);
  const done = await db
    .updateTable('mailings')
    .set({ state: 'draft', scheduled_at: '', updated_at: formatCst(now) })
    .where('id', '=', id)
    .where('state', '=', 'scheduled')
    .executeTakeFirst();
  if (done.numUpdatedRows === 0n) throw badRequest(mailingMessages.notScheduled);
}

/** The scheduled mailings whose time has come go out (the dispatch job's first step); answers how many. */
export async function releaseScheduled(database: Database, now: number): Promise<number> {
  const due = await database.db.selectFrom('mailings').select('id').where('state', '=', 'scheduled').where('scheduled_at', '<=', formatCst(now)).execute();
  let released = 0;
  for (const { id } of due) if (await release(database, await mailingById(database.db, id), 'scheduled', '', now)) released += 1;
  return released;
}

/** A mailing (or a template, as a mailing of its category) as one member would read it now. */
export async function previewFor(
  db: Kysely<DB>,
  what: Pick<Mailing, 'subject' | 'body' | 'category'> & { activityId: number },
  memberId: number,
  baseUrl: string,
  now: number,
  /** Instead of the member's own unsubscribe link (a test mail's dead one). */
  unsubscribe?: string,
): Promise<RenderedMail> {
  const values = (await mergeValues(db, [memberId], { baseUrl, category: what.category, activityId: what.activityId }, now)).get(memberId)?.values;
  if (!values) throw badRequest(mailingMessages.memberNotFound);
  return render(what.subject, what.body, unsubscribe ? { ...values, 退订链接: unsubscribe } : values);
}

/**
 * TestMailing: the mailing as the member (or the segment's first) would get it, to the address
 * the staff give, marked 【测试】. Its unsubscribe link is a dead one (退订链接无效 when opened):
 * a tester clicking it must not opt the sample member out.
 */
export async function testMailing(
  database: Database,
  id: number,
  to: { address: string; memberId: number },
  links: { baseUrl: string; siteEmail: string },
  now: number,
): Promise<void> {
  const { db } = database;
  const m = await mailingById(db, id);
  const memberId = to.memberId || (await segmentMembers(db, m.segment).select('m.id').orderBy('m.id').executeTakeFirst())?.id;
  if (!memberId) throw badRequest(mailingMessages.emptySegment);
  const deadToken = 'test';
  const rendered = await previewFor(db, { ...m, activityId: m.segment.ActivityId }, memberId, links.baseUrl, now, unsubscribePageUrl(links.baseUrl, deadToken));
  const mail = mailingMail(
    { ...rendered, subject: `【测试】${rendered.subject}` },
    { email: to.address, memberId, mailingId: id },
    { ...links, unsubscribeToken: deadToken },
  );
  await enqueueMails(db, [{ ...mail, headers: { ...mail.headers, 'Message-ID': `<mailing-${id}-test-${now}@${new URL(links.baseUrl).hostname}>` } }], now);
  nudgeOutbox(database);
}
