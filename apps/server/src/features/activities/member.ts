import { sql, type Kysely } from 'kysely';
import { activityMessages, ActivityStatus, formatCst, MemberStatus, type ActivityAttachment } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { inAudience } from './notices.js';
import { parseAttachments, summaryColumns, toSummary, type ActivitySummary } from './service.js';

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
}

export interface MyActivityDetail extends MyActivity {
  description: string;
  attachments: ActivityAttachment[];
}

/** The member's notices of activities members may see (published or closed; drafts never). */
function myQuery(db: Db, memberId: number) {
  return db
    .selectFrom('activity_notices as n')
    .innerJoin('activities as a', 'a.id', 'n.activity_id')
    .select([...summaryColumns, 'n.read_at', 'n.reminded_at', 'n.signed_up_at', 'n.created_at'])
    .where('n.member_id', '=', memberId)
    .where('a.status', '!=', ActivityStatus.Draft);
}

type MyRow = Awaited<ReturnType<ReturnType<typeof myQuery>['executeTakeFirstOrThrow']>>;

function toMine(r: MyRow, at: string): MyActivity {
  const open = r.status === ActivityStatus.Published && at <= r.sign_up_deadline;
  const signedUp = r.signed_up_at !== '';
  return {
    ...toSummary(r),
    readAt: r.read_at,
    remindedAt: r.reminded_at,
    signedUpAt: r.signed_up_at,
    noticeAt: r.reminded_at > r.created_at ? r.reminded_at : r.created_at,
    canSignUp: open && !signedUp && (r.capacity === 0 || r.sign_up_count < r.capacity),
    canCancel: open && signedUp,
  };
}

/** GetMyActivityList: unread first, then the latest notice (publication or reminder) first. */
export async function listMine(db: Db, memberId: number, q: { unread?: number; pageindex: number; pagesize: number }, now: number): Promise<{ items: MyActivity[]; total: number }> {
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
    query.clearSelect().select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
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

/** GetMyActivity/{id}: the member's activity in full; opening it marks it read (the first time only, so re-reading writes nothing). */
export async function openMine(db: Db, memberId: number, id: number, now: number): Promise<MyActivityDetail> {
  const at = formatCst(now);
  const row = await myQuery(db, memberId).select(['a.description', 'a.attachments']).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(activityMessages.notFound);
  if (row.read_at === '') {
    await db.updateTable('activity_notices').set({ read_at: at }).where('member_id', '=', memberId).where('activity_id', '=', id).where('read_at', '=', '').execute();
    row.read_at = at;
  }
  return { ...toMine(row, at), description: row.description, attachments: parseAttachments(row.attachments) };
}

/** Whether the member is in the activity's audience now (they may have moved level since the notice). */
async function inAudienceNow(db: Db, memberId: number, activityId: number): Promise<boolean> {
  const row = await db.selectFrom(['members as m', 'activities as a']).select('m.id').where('m.id', '=', memberId).where('a.id', '=', activityId).where(inAudience).executeTakeFirst();
  return row !== undefined;
}

/** SignUpActivity: refused with the reason, nothing written; otherwise one place taken. */
export async function signUp(db: Db, memberId: number, activityId: number, now: number): Promise<void> {
  const at = formatCst(now);
  const [activity, notice, member] = await Promise.all([
    db.selectFrom('activities').select(['status', 'sign_up_deadline', 'capacity', 'sign_up_count']).where('id', '=', activityId).executeTakeFirst(),
    db.selectFrom('activity_notices').select(['signed_up_at']).where('activity_id', '=', activityId).where('member_id', '=', memberId).executeTakeFirst(),
    db.selectFrom('members').select('status').where('id', '=', memberId).executeTakeFirst(),
  ]);
  if (!activity || activity.status === ActivityStatus.Draft) throw notFound(activityMessages.notFound);
  if (!notice || !(await inAudienceNow(db, memberId, activityId))) throw badRequest(activityMessages.outsideAudience);
  if (member?.status !== MemberStatus.Enabled) throw badRequest(activityMessages.memberDisabled);
  if (activity.status !== ActivityStatus.Published) throw badRequest(activityMessages.notOpen);
  if (at > activity.sign_up_deadline) throw badRequest(activityMessages.deadlinePassed);
  if (notice.signed_up_at !== '') throw badRequest(activityMessages.alreadySignedUp);
  await db.transaction().execute(async (trx) => {
    // The place first: on PostgreSQL this row lock orders racing sign-ups of one activity.
    const place = await trx
      .updateTable('activities')
      .set((eb) => ({ sign_up_count: eb('sign_up_count', '+', 1) }))
      .where('id', '=', activityId)
      .where('status', '=', ActivityStatus.Published)
      .where('sign_up_deadline', '>=', at)
      .where((eb) => eb.or([eb('capacity', '=', 0), eb('sign_up_count', '<', eb.ref('capacity'))]))
      .executeTakeFirst();
    if (Number(place.numUpdatedRows) === 0) throw badRequest(activityMessages.full);
    const mine = await trx
      .updateTable('activity_notices')
      .set({ signed_up_at: at })
      .where('activity_id', '=', activityId)
      .where('member_id', '=', memberId)
      .where('signed_up_at', '=', '')
      .executeTakeFirst();
    // The same member's second request, racing the first: it rolls its place back.
    if (Number(mine.numUpdatedRows) === 0) throw badRequest(activityMessages.alreadySignedUp);
  });
}

/** CancelActivitySignUp: until the deadline, while published; the place is given back. */
export async function cancelSignUp(db: Db, memberId: number, activityId: number, now: number): Promise<void> {
  const at = formatCst(now);
  const activity = await db.selectFrom('activities').select(['status', 'sign_up_deadline']).where('id', '=', activityId).executeTakeFirst();
  if (!activity || activity.status === ActivityStatus.Draft) throw notFound(activityMessages.notFound);
  if (activity.status !== ActivityStatus.Published) throw badRequest(activityMessages.notOpen);
  if (at > activity.sign_up_deadline) throw badRequest(activityMessages.deadlinePassed);
  await db.transaction().execute(async (trx) => {
    // The activity row first, as in signUp: the same lock order, so the two never deadlock.
    const place = await trx
      .updateTable('activities')
      .set((eb) => ({ sign_up_count: eb('sign_up_count', '-', 1) }))
      .where('id', '=', activityId)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('activity_notices').select('id').where('activity_id', '=', activityId).where('member_id', '=', memberId).where('signed_up_at', '!=', '')),
      )
      .executeTakeFirst();
    if (Number(place.numUpdatedRows) === 0) throw badRequest(activityMessages.notSignedUp);
    const mine = await trx
      .updateTable('activity_notices')
      .set({ signed_up_at: '' })
      .where('activity_id', '=', activityId)
      .where('member_id', '=', memberId)
      .where('signed_up_at', '!=', '')
      .executeTakeFirst();
    if (Number(mine.numUpdatedRows) === 0) throw badRequest(activityMessages.notSignedUp);
  });
}
