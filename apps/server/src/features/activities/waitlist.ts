import type { Kysely } from 'kysely';
import { activityMessages, ActivityStatus, formatCst, MemberStatus } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { giveCheckInKeys } from './check-in-keys.js';
import { offerMail } from './mail.js';
import type { MailContext } from '../mail/context.js';
import { inAudience } from './notices.js';
import { enqueueMails, nudgeOutbox } from '../mail/outbox.js';
import { queuePlace, waitingNotice } from './queue.js';
import { answerSignUpForm, type SignUpAnswers } from './sign-up-form.js';
import { memberStanding, refuseUnlessOpen } from './standing.js';

/**
 * The waitlist. A member of a full activity joins it; when a place frees (a cancellation, a
 * staff removal, capacity raised, an offer left unconfirmed) the first waiting member still in
 * the audience is promoted: the place is held for them (counted in sign_up_count) until
 * offer_until, their notice becomes unread again and, with SMTP, they are e-mailed. They
 * confirm (signed up) or decline, or let it lapse; a lapsed offer leaves the list and the place
 * goes to the next.
 *
 * A notice is waiting while waitlisted_at is set and offer_until is not, holds an offer while
 * both are, and leaves the list (both '') when signed up, declined or lapsed.
 *
 * Race safety is the sign-up's: every change of places starts with a conditional update of the
 * activity row, which on PostgreSQL locks it until the transaction ends, so a promotion, a join
 * and a cancellation of one activity take turns and each reads the list after the lock; SQLite
 * runs one writing transaction at a time. A member's own row then changes only under its own
 * condition (still waiting, offer still open), so a member leaving the list while being
 * promoted is either promoted or gone, never both.
 */

type Db = Kysely<DB>;

/** Who the promotion e-mails go to the site as; null without SMTP (the in-app notice only). */
export type PromotionMail = MailContext | null;

/**
 * Locks the activity's row for the rest of the transaction with an update that changes
 * nothing (PostgreSQL; SQLite's transaction already writes alone). Every change of an
 * activity's places starts here or with the conditional update of sign-up, so the statements
 * after it read the notices as the previous change of places left them. Answers whether the
 * activity exists.
 */
export async function lockActivity(trx: Db, activityId: number): Promise<boolean> {
  const locked = await trx
    .updateTable('activities')
    .set((eb) => ({ sign_up_count: eb.ref('sign_up_count') }))
    .where('id', '=', activityId)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) === 1;
}

const ownNotice = (trx: Db, activityId: number, memberId: number) =>
  trx.updateTable('activity_notices').where('activity_id', '=', activityId).where('member_id', '=', memberId);

/** Counts one place of the activity free again, once the notice that held it has let it go. */
async function placeFreed(trx: Db, activityId: number, released: { numUpdatedRows: bigint }): Promise<boolean> {
  if (Number(released.numUpdatedRows) === 0) return false;
  await trx
    .updateTable('activities')
    .set((eb) => ({ sign_up_count: eb('sign_up_count', '-', 1) }))
    .where('id', '=', activityId)
    .where('sign_up_count', '>', 0)
    .execute();
  return true;
}

/**
 * Gives back the place of a signed-up member not checked in (a cancellation, a staff removal),
 * in the caller's transaction, which holds the activity's lock. The member's row changes under
 * its own condition, so a check-in at the same moment either comes first (nothing is given
 * back) or finds the sign-up gone. Answers whether there was a place to give back.
 */
export const releaseSignUp = async (trx: Db, activityId: number, memberId: number) =>
  placeFreed(
    trx,
    activityId,
    await ownNotice(trx, activityId, memberId)
      .set({ signed_up_at: '', sign_up_response_id: 0 })
      .where('signed_up_at', '!=', '')
      .where('checked_in_at', '=', '')
      .executeTakeFirst(),
  );

/** Gives back a place held for the member (declined, removed or lapsed at `before`), in the caller's locked transaction. */
async function releaseOffer(trx: Db, activityId: number, memberId: number, before?: string): Promise<boolean> {
  let offer = ownNotice(trx, activityId, memberId).set({ waitlisted_at: '', offer_until: '', sign_up_response_id: 0 }).where('offer_until', '!=', '');
  if (before !== undefined) offer = offer.where('offer_until', '<', before);
  return placeFreed(trx, activityId, await offer.executeTakeFirst());
}

/** Takes a waiting member (no offer) off the list. Answers whether they were on it. */
async function leaveQueue(trx: Db, activityId: number, memberId: number): Promise<boolean> {
  const left = await ownNotice(trx, activityId, memberId)
    .set({ waitlisted_at: '', sign_up_response_id: 0 })
    .where('waitlisted_at', '!=', '')
    .where('offer_until', '=', '')
    .executeTakeFirst();
  return Number(left.numUpdatedRows) === 1;
}

/**
 * Takes one place of a published activity with room (no limit, or fewer taken than its capacity)
 * by one conditional update of its counter, which on PostgreSQL also locks the row: two racing
 * for the last place cannot both get it. Callers add their own conditions (sign-up's deadline,
 * promotion's start).
 */
export const takePlace = (trx: Db, activityId: number) =>
  trx
    .updateTable('activities')
    .set((eb) => ({ sign_up_count: eb('sign_up_count', '+', 1) }))
    .where('id', '=', activityId)
    .where('status', '=', ActivityStatus.Published)
    .where((eb) => eb.or([eb('capacity', '=', 0), eb('sign_up_count', '<', eb.ref('capacity'))]));

/** The time a promoted member must confirm by: `hours` from now, but never past the activity's start. */
const offerDeadline = (now: number, hours: number, start: string) => {
  const until = formatCst(now + hours * 3_600_000);
  return until < start ? until : start;
};

/**
 * Offers the activity's free places to the first waiting members still in its audience, in the
 * caller's transaction (which has just freed a place or raised the capacity, and so holds the
 * activity's lock). Promotion stops when the activity starts or is no longer published. With
 * mail, each promoted member's e-mail is queued in the same transaction; the caller nudges
 * the outbox once it has committed. Answers how many were promoted.
 */
export async function promoteWaiting(trx: Db, activityId: number, mail: PromotionMail, now: number): Promise<number> {
  const at = formatCst(now);
  const promoted: number[] = [];
  for (;;) {
    const next = await trx
      .selectFrom('activity_notices as n')
      .innerJoin('activities as a', 'a.id', 'n.activity_id')
      .innerJoin('members as m', 'm.id', 'n.member_id')
      .select('n.id')
      .where('n.activity_id', '=', activityId)
      .where(waitingNotice)
      .where('m.status', '=', MemberStatus.Enabled)
      .where(inAudience)
      .orderBy('n.waitlisted_at')
      .orderBy('n.id')
      .limit(1)
      .executeTakeFirst();
    if (!next) break;
    const place = await takePlace(trx, activityId).where('start_time', '>', at).returning(['confirm_hours', 'start_time']).executeTakeFirst();
    if (!place) break;
    // The activity is locked: the row read above is still waiting. Unread again, it tops the member's list.
    await trx
      .updateTable('activity_notices')
      .set({ offer_until: offerDeadline(now, place.confirm_hours, place.start_time), read_at: '', reminded_at: at })
      .where('id', '=', next.id)
      .execute();
    promoted.push(next.id);
  }
  if (mail && promoted.length > 0) await mailOffers(trx, promoted, mail, now);
  return promoted.length;
}

async function mailOffers(trx: Db, noticeIds: number[], mail: MailContext, now: number): Promise<void> {
  const rows = await trx
    .selectFrom('activity_notices as n')
    .innerJoin('activities as a', 'a.id', 'n.activity_id')
    .innerJoin('members as m', 'm.id', 'n.member_id')
    .select(['n.id', 'n.offer_until', 'm.email', 'm.member_name', 'a.id as activity_id', 'a.title', 'a.place', 'a.start_time', 'a.end_time'])
    .where('n.id', 'in', noticeIds)
    .where('m.email', '!=', '')
    .execute();
  const ids = await enqueueMails(
    trx,
    rows.map((r) => offerMail(mail, r)),
    now,
  );
  for (const [i, row] of rows.entries()) await trx.updateTable('activity_notices').set({ mail_id: ids[i] }).where('id', '=', row.id).execute();
}

/** Runs a change of places in one transaction; with mail, the outbox is nudged once it committed and promoted someone. */
export async function changingPlaces<T>(database: Database, mail: PromotionMail, work: (trx: Db) => Promise<{ result: T; promoted: number }>): Promise<T> {
  const { result, promoted } = await database.db.transaction().execute(work);
  if (mail && promoted > 0) nudgeOutbox(database);
  return result;
}

/** The member's place in the queue (1 first); 0 when not waiting. */
export async function waitlistPosition(db: Db, activityId: number, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('activity_notices as n')
    .select(queuePlace.as('place'))
    .where('n.activity_id', '=', activityId)
    .where('n.member_id', '=', memberId)
    .executeTakeFirst();
  return Number(row?.place ?? 0);
}

/**
 * JoinActivityWaitlist: only while sign-up is open and the activity is full (a free place
 * means sign up instead). The activity row is locked first, so a place freed at the same moment
 * is either seen here (refused: sign up) or, freed after, offered to this member by the
 * promotion that follows it. The answers to the sign-up form are given now, so a place offered
 * later is confirmed in one step. Answers the member's place in the queue.
 */
export async function joinWaitlist(database: Database, answers: SignUpAnswers, activityId: number, now: number): Promise<number> {
  const { db } = database;
  const { memberId } = answers.member;
  const standing = await memberStanding(db, memberId, activityId);
  refuseUnlessOpen(standing, now);
  if (standing.capacity === 0) throw badRequest(activityMessages.waitlistNoLimit);
  if (standing.signed_up_at !== '') throw badRequest(activityMessages.alreadySignedUp);
  await db.transaction().execute(async (trx) => {
    const full = await trx
      .updateTable('activities')
      .set((eb) => ({ sign_up_count: eb.ref('sign_up_count') }))
      .where('id', '=', activityId)
      .where('capacity', '>', 0)
      .where('sign_up_count', '>=', (eb) => eb.ref('capacity'))
      .executeTakeFirst();
    if (Number(full.numUpdatedRows) === 0) throw badRequest(activityMessages.waitlistNotFull);
    const at = formatCst(now);
    const response = await answerSignUpForm(trx, database, activityId, answers, at);
    const joined = await ownNotice(trx, activityId, memberId)
      .set({ waitlisted_at: at, sign_up_response_id: response })
      .where('signed_up_at', '=', '')
      .where('waitlisted_at', '=', '')
      .executeTakeFirst();
    if (Number(joined.numUpdatedRows) === 0) throw badRequest(activityMessages.alreadyWaitlisted);
  });
  return waitlistPosition(db, activityId, memberId);
}

/**
 * LeaveActivityWaitlist: a waiting member leaves the queue; one holding an offer declines it,
 * and the place goes to the next. Answers whether an offer was declined.
 */
export function leaveWaitlist(database: Database, memberId: number, activityId: number, mail: PromotionMail, now: number): Promise<boolean> {
  return changingPlaces(database, mail, async (trx) => {
    if (!(await lockActivity(trx, activityId))) throw notFound(activityMessages.notFound);
    if (await releaseOffer(trx, activityId, memberId)) return { result: true, promoted: await promoteWaiting(trx, activityId, mail, now) };
    if (!(await leaveQueue(trx, activityId, memberId))) throw badRequest(activityMessages.notWaitlisted);
    return { result: false, promoted: 0 };
  });
}

/**
 * ConfirmActivityPlace: the promoted member takes the held place before it lapses and is
 * signed up, with their check-in keys. The place is already counted; the activity is locked
 * so a lapse cannot give it away meanwhile and the check-in code is chosen free of the others'.
 */
export async function confirmOffer(db: Db, memberId: number, activityId: number, now: number): Promise<void> {
  const at = formatCst(now);
  const standing = await memberStanding(db, memberId, activityId);
  if (!standing.offer_until) throw badRequest(activityMessages.noOffer);
  if (standing.offer_until < at) throw badRequest(activityMessages.offerExpired);
  await db.transaction().execute(async (trx) => {
    await lockActivity(trx, activityId);
    const confirmed = await ownNotice(trx, activityId, memberId)
      .set({ signed_up_at: at, waitlisted_at: '', offer_until: '' })
      .where('offer_until', '>=', at)
      .executeTakeFirst();
    if (Number(confirmed.numUpdatedRows) === 0) throw badRequest(activityMessages.offerExpired);
    await giveCheckInKeys(trx, activityId, memberId);
  });
}

/** What staff took a member off (RemoveActivitySignUp): a sign-up, a held place, or a place in the queue. */
export type Removed = 'signUp' | 'offer' | 'waitlist';

/**
 * RemoveActivitySignUp: staff take a member off the activity, whatever they had: a sign-up (not
 * once checked in), a held place, or a place in the queue. A place given back goes to the next
 * on the list.
 */
export function removeMember(database: Database, activityId: number, memberId: number, mail: PromotionMail, now: number): Promise<Removed> {
  return changingPlaces(database, mail, async (trx) => {
    if (!(await lockActivity(trx, activityId))) throw notFound(activityMessages.notFound);
    const freed: Removed | null = (await releaseSignUp(trx, activityId, memberId))
      ? 'signUp'
      : (await releaseOffer(trx, activityId, memberId))
        ? 'offer'
        : null;
    if (freed) return { result: freed, promoted: await promoteWaiting(trx, activityId, mail, now) };
    if (await leaveQueue(trx, activityId, memberId)) return { result: 'waitlist', promoted: 0 };
    const mine = await trx
      .selectFrom('activity_notices')
      .select('checked_in_at')
      .where('activity_id', '=', activityId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    throw badRequest(mine?.checked_in_at ? activityMessages.removeCheckedIn : activityMessages.removeNothing);
  });
}

/** Lapsed offers handled per call, oldest first; the job's next run or the next read takes the rest. */
const BATCH = 200;

/**
 * Offers not confirmed in time lapse: the member leaves the list, the place goes to the next.
 * Run by the periodic job (job.ts) and before the activity calls read (of one activity, or of
 * all), so a lapse takes effect on time even where the job runs late or on another instance.
 * Each lapse is its own transaction under the activity's lock, so two instances lapsing the
 * same offer give its place back once. Answers how many lapsed.
 */
export async function lapseOffers(database: Database, mail: PromotionMail, now: number, activityId?: number): Promise<number> {
  const at = formatCst(now);
  let query = database.db.selectFrom('activity_notices').select(['activity_id', 'member_id']).where('offer_until', '!=', '').where('offer_until', '<', at);
  if (activityId !== undefined) query = query.where('activity_id', '=', activityId);
  const due = await query.orderBy('offer_until').limit(BATCH).execute();
  let lapsed = 0;
  for (const offer of due) {
    const released = await changingPlaces(database, mail, async (trx) => {
      await lockActivity(trx, offer.activity_id);
      if (!(await releaseOffer(trx, offer.activity_id, offer.member_id, at))) return { result: false, promoted: 0 };
      return { result: true, promoted: await promoteWaiting(trx, offer.activity_id, mail, now) };
    });
    if (released) lapsed += 1;
  }
  return lapsed;
}
