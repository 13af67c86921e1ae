import { timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { activityMessages, ActivityStatus, Code, formatCst, MemberStatus, type CheckInMemberListQuery, type PagingQuery } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { containing } from '../../db/like.js';
import { toCheckInMemberDto } from './dto.js';
import { inAudience } from './notices.js';
import { noticeCounts, summaryColumns, toAttendance, toSummary, type ActivitySummary, type Attendance } from './service.js';
import { checkVenueCode, currentVenueCode, type VenueCodeCheck } from './venue-codes.js';

/**
 * Check-in at the door (活动签到). Staff scan a member's QR (its token), type the code printed
 * under it, or pick the member from a search; in a window the activity sets, members check
 * themselves in by scanning the venue's QR (its key) in their own signed-in session.
 *
 * A check-in is one conditional update (`checked_in_at = ''`): of several staff scanning the
 * same QR at once, on any number of instances, exactly one records it and the others are told
 * 已签到 with its time (Code 409, the member in Data). Anything refused writes nothing.
 *
 * Staff may check members in from the activity's day (00:00 China time) until it ends; a
 * member may only while the window is open. Only members signed up, still enabled and still in
 * the activity's audience are admitted.
 */

type Db = Kysely<DB>;

/** A signed-up member as the door sees them. */
export interface CheckInMember {
  memberId: number;
  account: string;
  memberName: string;
  contact: string;
  levelName: string;
  checkInCode: string;
  signedUpAt: string;
  checkedInAt: string;
  checkedInBy: string;
  /** That staff member's name ('' for self check-in, or an account since removed). */
  checkedInByName: string;
}

/** Notices (`n`) with who they are (`m` the member, `t` its level). */
function noticesWithMembers(db: Db) {
  return (
    db
      .selectFrom('activity_notices as n')
      .innerJoin('members as m', 'm.id', 'n.member_id')
      .leftJoin('type_items as t', 't.id', 'm.member_level_id')
      // The staff member who checked the member in, by the account stored with the check-in.
      .leftJoin('admin_users as au', 'au.account', 'n.checked_in_by')
      .select([
        'n.id',
        'n.member_id',
        'm.account',
        'm.member_name',
        'm.daily_operator',
        't.name as level_name',
        'n.check_in_code',
        'n.signed_up_at',
        'n.checked_in_at',
        'n.checked_in_by',
        'au.full_name as checked_in_by_name',
      ])
  );
}

/** The sign-ups of one activity with who they are. */
const signUpsQuery = (db: Db, activityId: number) => noticesWithMembers(db).where('n.activity_id', '=', activityId).where('n.signed_up_at', '!=', '');

type SignUpRow = Awaited<ReturnType<ReturnType<typeof signUpsQuery>['executeTakeFirstOrThrow']>>;

const toCheckInMember = (r: SignUpRow): CheckInMember => ({
  memberId: r.member_id,
  account: r.account,
  memberName: r.member_name,
  contact: r.daily_operator,
  levelName: r.level_name ?? '',
  checkInCode: r.check_in_code ?? '',
  signedUpAt: r.signed_up_at,
  checkedInAt: r.checked_in_at,
  checkedInBy: r.checked_in_by,
  checkedInByName: r.checked_in_by_name ?? '',
});

/** An activity at the door: what staff see above the scanner, polled for its counts. */
export interface CheckInActivity extends ActivitySummary {
  attendance: Attendance;
  selfCheckInStart: string;
  selfCheckInEnd: string;
  /** 动态签到码: the QR carries the current code (venue-codes.ts), and the key stays on the server. */
  selfCheckInRotating: boolean;
  /** The static venue QR's key; '' when there is no window, or when the code rotates. */
  selfCheckInKey: string;
}

function doorQuery(db: Db, activityId?: number) {
  return db
    .selectFrom('activities as a')
    .leftJoin(noticeCounts(db, activityId), 'c.activity_id', 'a.id')
    .select([
      ...summaryColumns,
      'a.self_check_in_start',
      'a.self_check_in_end',
      'a.self_check_in_key',
      'a.self_check_in_rotating',
      'c.offered',
      'c.checked_in',
      'c.waiting',
    ])
    .where('a.status', '!=', ActivityStatus.Draft);
}

type DoorRow = Awaited<ReturnType<ReturnType<typeof doorQuery>['executeTakeFirstOrThrow']>>;

const toCheckInActivity = (r: DoorRow): CheckInActivity => ({
  ...toSummary(r),
  attendance: toAttendance(r),
  selfCheckInStart: r.self_check_in_start,
  selfCheckInEnd: r.self_check_in_end,
  selfCheckInRotating: r.self_check_in_rotating === 1,
  selfCheckInKey: r.self_check_in_rotating === 1 ? '' : r.self_check_in_key,
});

/** How long after its end an activity stays on the check-in page's list, for late corrections (undo). */
const LISTED_AFTER_END_DAYS = 7;

/** GetCheckInActivityList: announced activities not ended more than a week ago, the soonest first. */
export async function listDoorActivities(db: Db, q: PagingQuery, now: number): Promise<{ items: CheckInActivity[]; total: number }> {
  const query = doorQuery(db).where('a.end_time', '>=', formatCst(now - LISTED_AFTER_END_DAYS * 86_400_000));
  const { limit, offset } = pageWindow(q);
  const [rows, { total }] = await Promise.all([
    query.orderBy('a.start_time').orderBy('a.id').limit(limit).offset(offset).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toCheckInActivity), total };
}

/** GetCheckInActivity/{id}: one announced activity with its live counts. */
export async function doorActivity(db: Db, id: number): Promise<CheckInActivity> {
  const row = await doorQuery(db, id).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(activityMessages.notFound);
  return toCheckInActivity(row);
}

/** GetCheckInMemberList: the sign-ups, found by part of the company name, account or the code; not checked in first. */
export async function listDoorMembers(db: Db, q: CheckInMemberListQuery): Promise<{ items: CheckInMember[]; total: number }> {
  await doorActivity(db, q.activityid);
  let query = signUpsQuery(db, q.activityid);
  if (q.key) {
    const key = q.key;
    query = query.where((eb) =>
      eb.or([
        containing('m.member_name', key),
        containing('m.account', key),
        containing('m.daily_operator', key),
        eb('n.check_in_code', '=', key.toUpperCase()),
      ]),
    );
  }
  if (q.checkedin !== undefined) query = query.where('n.checked_in_at', q.checkedin === 1 ? '!=' : '=', '');
  const { limit, offset } = pageWindow(q);
  const [rows, { total }] = await Promise.all([
    query
      .orderBy(sql`case when n.checked_in_at = '' then 0 else 1 end`)
      .orderBy('m.member_name')
      .orderBy('n.member_id')
      .limit(limit)
      .offset(offset)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toCheckInMember), total };
}

/** Whom staff check in: the QR's token, the typed code, or a member picked from the list. */
export type DoorPass = { token: string } | { code: string } | { memberId: number };

/**
 * A notice as the door reads it, in one query: who the member is, whether they may still come
 * (enabled, in the audience now), and the activity's state, times and self check-in window.
 */
function passQuery(db: Db) {
  return noticesWithMembers(db)
    .innerJoin('activities as a', 'a.id', 'n.activity_id')
    .select([
      'n.activity_id',
      'm.status as member_status',
      'a.status',
      'a.title',
      'a.start_time',
      'a.end_time',
      'a.self_check_in_start',
      'a.self_check_in_end',
      'a.self_check_in_key',
      'a.self_check_in_rotating',
      sql<number>`case when ${inAudience} then 1 else 0 end`.as('in_audience'),
    ]);
}

type PassRow = Awaited<ReturnType<ReturnType<typeof passQuery>['executeTakeFirstOrThrow']>>;

/** Code 404 for an activity that does not exist for the door (none, or a draft): asked only when a pass finds nothing of it. */
async function refuseUnknownActivity(db: Db, activityId: number): Promise<void> {
  const activity = await db.selectFrom('activities').select('status').where('id', '=', activityId).executeTakeFirst();
  if (!activity || activity.status === ActivityStatus.Draft) throw notFound(activityMessages.notFound);
}

/** The notice a pass names, refused with what is wrong with it: an unknown activity; a forged, another activity's or mistyped pass. */
async function noticeOfPass(db: Db, activityId: number, pass: DoorPass): Promise<PassRow> {
  const query = passQuery(db);
  const row = await (
    'token' in pass
      ? query.where('n.check_in_token', '=', pass.token)
      : ('code' in pass ? query.where('n.check_in_code', '=', pass.code) : query.where('n.member_id', '=', pass.memberId)).where(
          'n.activity_id',
          '=',
          activityId,
        )
  ).executeTakeFirst();
  if (row?.activity_id === activityId) {
    if (row.status === ActivityStatus.Draft) throw notFound(activityMessages.notFound);
    return row;
  }
  await refuseUnknownActivity(db, activityId);
  if (row) throw badRequest(activityMessages.checkInOtherActivity(row.title));
  throw badRequest(
    'token' in pass ? activityMessages.checkInTokenInvalid : 'code' in pass ? activityMessages.checkInCodeUnknown : activityMessages.checkInNotSignedUp,
  );
}

/** Who checks a member in: a staff member's account and name, or the member themself (SELF). */
export interface Checker {
  account: string;
  name: string;
}
const SELF: Checker = { account: '', name: '' };

/**
 * The single write of every check-in: the notice, signed up and not yet checked in, is checked
 * in now by `by` ('' for the member themself). Answers the member; the loser of a race, or a
 * second scan, gets Code 409 已签到 with the first check-in's time and the member in Data.
 */
async function recordCheckIn(db: Db, notice: PassRow, by: Checker, now: number): Promise<CheckInMember> {
  const at = formatCst(now);
  const recorded = await db
    .updateTable('activity_notices')
    .set({ checked_in_at: at, checked_in_by: by.account })
    .where('id', '=', notice.id)
    .where('signed_up_at', '!=', '')
    .where('checked_in_at', '=', '')
    .executeTakeFirst();
  if (Number(recorded.numUpdatedRows) === 1) return { ...toCheckInMember(notice), checkedInAt: at, checkedInBy: by.account, checkedInByName: by.name };
  const current = await signUpsQuery(db, notice.activity_id).where('n.id', '=', notice.id).executeTakeFirst();
  // Cancelled or removed between the read and the update.
  if (!current) throw badRequest(activityMessages.checkInNotSignedUp);
  const found = toCheckInMember(current);
  throw new AppError(Code.Conflict, activityMessages.checkedInAlready(found.checkedInAt), toCheckInMemberDto(found));
}

/**
 * CheckInActivityMember: staff check a member in by QR, code or choice: one read and one
 * write. Refused, with the reason and nothing written: an unknown activity; a forged, mistyped
 * or other activity's pass; a member not signed up, disabled or no longer in the audience;
 * before the activity's day or after its end.
 */
export async function checkIn(db: Db, activityId: number, pass: DoorPass, by: Checker, now: number): Promise<CheckInMember> {
  const at = formatCst(now);
  const notice = await noticeOfPass(db, activityId, pass);
  if (notice.signed_up_at === '') throw badRequest(activityMessages.checkInNotSignedUp);
  if (notice.member_status !== MemberStatus.Enabled) throw badRequest(activityMessages.checkInMemberDisabled);
  if (Number(notice.in_audience) !== 1) throw badRequest(activityMessages.checkInOutsideAudience);
  const day = notice.start_time.slice(0, 10);
  if (at < `${day} 00:00:00`) throw badRequest(activityMessages.checkInNotYet(day));
  if (at > notice.end_time) throw badRequest(activityMessages.checkInEnded);
  return recordCheckIn(db, notice, by, now);
}

/** UndoActivityCheckIn: a check-in made by mistake is taken back (the member may check in again). */
export async function undoCheckIn(db: Db, activityId: number, memberId: number): Promise<CheckInMember> {
  await doorActivity(db, activityId);
  const undone = await db
    .updateTable('activity_notices')
    .set({ checked_in_at: '', checked_in_by: '' })
    .where('activity_id', '=', activityId)
    .where('member_id', '=', memberId)
    .where('checked_in_at', '!=', '')
    .executeTakeFirst();
  if (Number(undone.numUpdatedRows) === 0) throw badRequest(activityMessages.notCheckedIn);
  const member = await signUpsQuery(db, activityId).where('n.member_id', '=', memberId).executeTakeFirstOrThrow();
  return toCheckInMember(member);
}

/** The venue key a member scanned is the activity's, compared in constant time. */
function sameKey(given: string, key: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return key !== '' && a.length === b.length && timingSafeEqual(a, b);
}

/** The venue QR a member scanned: the static key, or with 动态签到码 a code of this window or the last (the static key then refused). */
const scannedVenue = (given: string, notice: PassRow, now: number): VenueCodeCheck =>
  notice.self_check_in_rotating === 1 ? checkVenueCode(given, notice.self_check_in_key, now) : sameKey(given, notice.self_check_in_key) ? 'valid' : 'invalid';

/**
 * GetVenueCheckInCode: what the venue's rotating QR carries now. The static key is refused
 * while the code rotates, so a QR printed before rotation was switched on lets no one in.
 */
export async function venueCode(db: Db, activityId: number, now: number): Promise<{ code: string; changesInMs: number }> {
  const row = await db
    .selectFrom('activities')
    .select(['status', 'self_check_in_start', 'self_check_in_key', 'self_check_in_rotating'])
    .where('id', '=', activityId)
    .executeTakeFirst();
  if (!row || row.status === ActivityStatus.Draft) throw notFound(activityMessages.notFound);
  if (row.self_check_in_start === '') throw badRequest(activityMessages.selfCheckInOff);
  if (row.self_check_in_rotating !== 1) throw badRequest(activityMessages.venueCodeStatic);
  return currentVenueCode(row.self_check_in_key, now);
}

/**
 * SelfCheckInActivity: a signed-up member checks in with the venue's QR, inside the window the
 * activity sets: its static key, or with 动态签到码 the code of this window or the last.
 * Answers the time recorded; a second scan gets 409 with the first time.
 */
export async function selfCheckIn(db: Db, memberId: number, activityId: number, key: string, now: number): Promise<string> {
  const at = formatCst(now);
  const notice = await passQuery(db).where('n.activity_id', '=', activityId).where('n.member_id', '=', memberId).executeTakeFirst();
  if (!notice || notice.status === ActivityStatus.Draft) await refuseUnknownActivity(db, activityId);
  if (!notice || notice.self_check_in_start === '') throw badRequest(notice ? activityMessages.selfCheckInOff : activityMessages.notSignedUp);
  const scanned = scannedVenue(key, notice, now);
  if (scanned !== 'valid') throw badRequest(scanned === 'expired' ? activityMessages.selfCheckInCodeExpired : activityMessages.selfCheckInKeyInvalid);
  if (!notice.signed_up_at) throw badRequest(activityMessages.notSignedUp);
  if (Number(notice.in_audience) !== 1) throw badRequest(activityMessages.checkInOutsideAudience);
  if (at < notice.self_check_in_start) throw badRequest(activityMessages.selfCheckInNotYet(notice.self_check_in_start.slice(0, 16)));
  if (at > notice.self_check_in_end) throw badRequest(activityMessages.selfCheckInOver(notice.self_check_in_end.slice(0, 16)));
  return (await recordCheckIn(db, notice, SELF, now)).checkedInAt;
}
