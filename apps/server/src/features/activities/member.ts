import { sql, type Kysely } from 'kysely';
import { activityMessages, ActivityStatus, formatCst, type ActivityAttachment, type FormField, type MyActivityListQuery } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { giveCheckInKeys } from './check-in-keys.js';
import { answerSignUpForm, signUpFields, type SignUpAnswers } from './sign-up-form.js';
import { parseAttachments, summaryColumns, toSummary, type ActivitySummary } from './service.js';
import { memberStanding, refuseUnlessOpen } from './standing.js';
import { queuePlace } from './queue.js';
import { changingPlaces, confirmOffer, lockActivity, promoteWaiting, releaseSignUp, takePlace, type PromotionMail } from './waitlist.js';

/**
 * The member's side of the notices: the list with unread marks, opening one (which marks it
 * read), the unread count for the header, and sign-up.
 *
 * Sign-up takes a place with one conditional update of the activity's counter
 * (`sign_up_count < capacity`). On PostgreSQL the first of two racing updates locks the row and
 * the second, re-checking its condition after the first commits, finds no place left; SQLite
 * runs one writer at a time. Either way two members can never both take the last place, and
 * the notice's own conditional update stops one member from counting twice.
 */

type Db = Kysely<DB>;

export interface MyActivity extends ActivitySummary {
  readAt: string;
  remindedAt: string;
  signedUpAt: string;
  noticeAt: string;
  canSignUp: boolean;
  canCancel: boolean;
  canJoinWaitlist: boolean;
  waitlistedAt: string;
  /** Place in the queue (1 first); 0 when not waiting. */
  waitlistPosition: number;
  offerUntil: string;
  checkedInAt: string;
}

export interface MyActivityDetail extends MyActivity {
  description: string;
  attachments: ActivityAttachment[];
  /** The check-in QR's token and typed code; '' unless signed up. */
  checkInToken: string;
  checkInCode: string;
  selfCheckInStart: string;
  selfCheckInEnd: string;
  /** The sign-up form's fields (sign-up-form.ts); empty without one. */
  signUpFields: FormField[];
}

/** The member's notices of activities members may see (published or closed; drafts never). */
function myQuery(db: Db, memberId: number) {
  return db
    .selectFrom('activity_notices as n')
    .innerJoin('activities as a', 'a.id', 'n.activity_id')
    .select([
      ...summaryColumns,
      'n.read_at',
      'n.reminded_at',
      'n.signed_up_at',
      'n.created_at',
      'n.waitlisted_at',
      'n.offer_until',
      'n.checked_in_at',
      queuePlace.as('queue_place'),
    ])
    .where('n.member_id', '=', memberId)
    .where('a.status', '!=', ActivityStatus.Draft);
}

type MyRow = Awaited<ReturnType<ReturnType<typeof myQuery>['executeTakeFirstOrThrow']>>;

function toMine(r: MyRow, at: string): MyActivity {
  const open = r.status === ActivityStatus.Published && at <= r.sign_up_deadline;
  const signedUp = r.signed_up_at !== '';
  const room = r.capacity === 0 || r.sign_up_count < r.capacity;
  return {
    ...toSummary(r),
    readAt: r.read_at,
    remindedAt: r.reminded_at,
    signedUpAt: r.signed_up_at,
    noticeAt: r.reminded_at > r.created_at ? r.reminded_at : r.created_at,
    canSignUp: open && !signedUp && r.offer_until === '' && room,
    canCancel: open && signedUp && r.checked_in_at === '',
    canJoinWaitlist: open && !signedUp && r.waitlisted_at === '' && !room,
    waitlistedAt: r.waitlisted_at,
    // PostgreSQL counts in bigint, which its driver hands over as text.
    waitlistPosition: Number(r.queue_place),
    offerUntil: r.offer_until,
    checkedInAt: r.checked_in_at,
  };
}

/** GetMyActivityList: unread first, then the latest notice (publication or reminder) first. */
export async function listMine(db: Db, memberId: number, q: MyActivityListQuery, now: number): Promise<{ items: MyActivity[]; total: number }> {
  let query = myQuery(db, memberId);
  if (q.unread === 1) query = query.where('n.read_at', '=', '');
  const { limit, offset } = pageWindow(q);
  const [rows, { total }] = await Promise.all([
    query
      .orderBy(sql`case when n.read_at = '' then 0 else 1 end`)
      .orderBy(sql`case when n.reminded_at > n.created_at then n.reminded_at else n.created_at end`, 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const at = formatCst(now);
  return { items: rows.map((r) => toMine(r, at)), total };
}

/** GetActivityUnreadCount: the number beside the account in the header. */
export async function unreadCount(db: Db, memberId: number): Promise<number> {
  const { n } = await myQuery(db, memberId)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('n.read_at', '=', '')
    .executeTakeFirstOrThrow();
  return n;
}

/**
 * GetMyActivity/{id}: the member's activity in full; opening it marks it read (the first time
 * only, so re-reading writes nothing). A sign-up from before check-in existed is given its
 * check-in keys here, the first time it is opened.
 */
export async function openMine(db: Db, memberId: number, id: number, now: number): Promise<MyActivityDetail> {
  const at = formatCst(now);
  const read = () =>
    myQuery(db, memberId)
      .select(['a.description', 'a.attachments', 'a.self_check_in_start', 'a.self_check_in_end', 'a.sign_up_form_id', 'n.check_in_token', 'n.check_in_code'])
      .where('a.id', '=', id)
      .executeTakeFirst();
  let row = await read();
  if (!row) throw notFound(activityMessages.notFound);
  if (row.signed_up_at !== '' && !row.check_in_token) {
    await db.transaction().execute(async (trx) => {
      await lockActivity(trx, id);
      await giveCheckInKeys(trx, id, memberId);
    });
    row = (await read())!;
  }
  if (row.read_at === '') {
    await db
      .updateTable('activity_notices')
      .set({ read_at: at })
      .where('member_id', '=', memberId)
      .where('activity_id', '=', id)
      .where('read_at', '=', '')
      .execute();
    row.read_at = at;
  }
  const signedUp = row.signed_up_at !== '';
  return {
    ...toMine(row, at),
    description: row.description,
    attachments: parseAttachments(row.attachments),
    checkInToken: signedUp ? (row.check_in_token ?? '') : '',
    checkInCode: signedUp ? (row.check_in_code ?? '') : '',
    selfCheckInStart: row.self_check_in_start,
    selfCheckInEnd: row.self_check_in_end,
    signUpFields: (await signUpFields(db, row.sign_up_form_id)).fields,
  };
}

/**
 * SignUpActivity: refused with the reason, nothing written; otherwise one place taken, the
 * answers to the sign-up form stored (sign-up-form.ts) and the check-in keys given, in one
 * transaction. A member holding a place offered from the waitlist confirms it instead, keeping
 * the answers given on joining; a waiting member who finds a place free takes it with the
 * answers sent now, and leaves the list.
 */
export async function signUp(database: Database, answers: SignUpAnswers, activityId: number, now: number): Promise<void> {
  const { db } = database;
  const { memberId } = answers.member;
  const at = formatCst(now);
  const standing = await memberStanding(db, memberId, activityId);
  refuseUnlessOpen(standing, now);
  if (standing.signed_up_at !== '') throw badRequest(activityMessages.alreadySignedUp);
  if (standing.offer_until) return confirmOffer(db, memberId, activityId, now);
  await db.transaction().execute(async (trx) => {
    // The place first: on PostgreSQL this row lock orders racing sign-ups of one activity.
    const place = await takePlace(trx, activityId).where('sign_up_deadline', '>=', at).executeTakeFirst();
    if (Number(place.numUpdatedRows) === 0) throw badRequest(activityMessages.full);
    const response = await answerSignUpForm(trx, database, activityId, answers, at);
    const mine = await trx
      .updateTable('activity_notices')
      .set({ signed_up_at: at, waitlisted_at: '', sign_up_response_id: response })
      .where('activity_id', '=', activityId)
      .where('member_id', '=', memberId)
      .where('signed_up_at', '=', '')
      .where('offer_until', '=', '')
      .executeTakeFirst();
    // The same member's second request, racing the first: it rolls its place back.
    if (Number(mine.numUpdatedRows) === 0) throw badRequest(activityMessages.alreadySignedUp);
    await giveCheckInKeys(trx, activityId, memberId);
  });
}

/**
 * CancelActivitySignUp: until the deadline, while published, and not once checked in; the
 * place is given back and offered to the first on the waitlist in the same transaction.
 */
export async function cancelSignUp(database: Database, memberId: number, activityId: number, mail: PromotionMail, now: number): Promise<void> {
  const at = formatCst(now);
  const activity = await database.db.selectFrom('activities').select(['status', 'sign_up_deadline']).where('id', '=', activityId).executeTakeFirst();
  if (!activity || activity.status === ActivityStatus.Draft) throw notFound(activityMessages.notFound);
  if (activity.status !== ActivityStatus.Published) throw badRequest(activityMessages.notOpen);
  if (at > activity.sign_up_deadline) throw badRequest(activityMessages.deadlinePassed);
  await changingPlaces(database, mail, async (trx) => {
    // The activity row first, as in signUp: the same lock order, so the two never deadlock.
    await lockActivity(trx, activityId);
    if (!(await releaseSignUp(trx, activityId, memberId))) {
      const mine = await trx
        .selectFrom('activity_notices')
        .select('checked_in_at')
        .where('activity_id', '=', activityId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      throw badRequest(mine?.checked_in_at ? activityMessages.cancelCheckedIn : activityMessages.notSignedUp);
    }
    return { result: undefined, promoted: await promoteWaiting(trx, activityId, mail, now) };
  });
}
