import { sql, type Kysely } from 'kysely';
import {
  activityMessages,
  ActivityStatus,
  ApplyState,
  formatCst,
  MemberStatus,
  type ActivityMemberFilter,
  type MailState,
  type PagingQuery,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { containing } from '../../db/like.js';
import { checkInPassMail } from './check-in-mail.js';
import { activityMail } from './mail.js';
import type { MailContext } from '../mail/context.js';
import { enqueueMails, nudgeOutbox } from '../mail/outbox.js';
import { systemMailText } from '../mail/system-mails.js';
import { queuePlace } from './queue.js';

/**
 * Notices: one row per member of an activity's audience, holding that member's read time,
 * reminder time and sign-up time.
 *
 * Who is in the audience is decided when the notices are delivered: enabled, approved members
 * whose level is one of the activity's (or every such member). Delivery runs when an activity
 * is published or edited, and again whenever a member's notices or an activity's audience are
 * read (reconcile on read): a member approved or moved to a level later, while the activity is
 * still open (published, not yet ended), finds the notice then, and the back office sees them
 * in the audience. Nothing in the members feature has to remember to call us. A member who
 * leaves the audience keeps the notices already delivered, but can no longer sign up.
 */

type Db = Kysely<DB>;

/** The SQL condition "member m is in the audience of activity a". */
export const inAudience = sql<boolean>`(a.audience_all = 1 or exists (select 1 from activity_levels l where l.activity_id = a.id and l.level_id = m.member_level_id))`;

/** The (activity, member) pairs of open activities' audiences that have no notice yet. */
function missingNotices(db: Db, scope: { activityId?: number; memberId?: number }, at: string) {
  let pairs = db
    .selectFrom(['activities as a', 'members as m'])
    .select((eb) => ['a.id as activity_id', 'm.id as member_id', eb.val(at).as('created_at')])
    .where('a.status', '=', ActivityStatus.Published)
    .where('a.end_time', '>', at)
    .where('m.apply_state', '=', ApplyState.Approved)
    .where('m.status', '=', MemberStatus.Enabled)
    .where(inAudience)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('activity_notices as n').select('n.id').whereRef('n.activity_id', '=', 'a.id').whereRef('n.member_id', '=', 'm.id'))),
    );
  if (scope.activityId !== undefined) pairs = pairs.where('a.id', '=', scope.activityId);
  if (scope.memberId !== undefined) pairs = pairs.where('m.id', '=', scope.memberId);
  return pairs;
}

/**
 * Delivers the missing notices of open activities, to one member or for one activity; with
 * SMTP configured each new notice also queues an e-mail. A read looks first, so the usual
 * case (nothing missing) takes no write lock: members' page views never queue behind SQLite's
 * one writer. Concurrent deliveries of the same pair are harmless: the unique (activity,
 * member) index keeps one and the other is skipped.
 */
export async function deliverNotices(
  database: Database,
  scope: { activityId?: number; memberId?: number },
  mail: MailContext | null,
  now: number,
): Promise<number> {
  const at = formatCst(now);
  const anyMissing = await missingNotices(database.db, scope, at).limit(1).executeTakeFirst();
  if (!anyMissing) return 0;
  const delivered = await database.db.transaction().execute(async (trx) => {
    const rows = await trx
      .insertInto('activity_notices')
      .columns(['activity_id', 'member_id', 'created_at'])
      .expression(missingNotices(trx, scope, at))
      .onConflict((oc) => oc.columns(['activity_id', 'member_id']).doNothing())
      .returning(['id', 'activity_id', 'member_id'])
      .execute();
    if (mail && rows.length > 0)
      await mailNotices(
        trx,
        rows.map((r) => r.id),
        mail,
        now,
      );
    return rows.length;
  });
  if (mail && delivered > 0) nudgeOutbox(database);
  return delivered;
}

/** Queues the activity's e-mail for each notice whose member has an address, and links it to the notice. */
async function mailNotices(trx: Db, noticeIds: number[], mail: MailContext, now: number): Promise<void> {
  for (let i = 0; i < noticeIds.length; i += CHUNK) await mailChunk(trx, noticeIds.slice(i, i + CHUNK), mail, now);
}

/** Ids per statement: well under both engines' limits on bound parameters. */
const CHUNK = 500;

async function mailChunk(trx: Db, noticeIds: number[], mail: MailContext, now: number): Promise<void> {
  const rows = await trx
    .selectFrom('activity_notices as n')
    .innerJoin('activities as a', 'a.id', 'n.activity_id')
    .innerJoin('members as m', 'm.id', 'n.member_id')
    .select([
      'n.id',
      'n.signed_up_at',
      'n.check_in_token',
      'n.check_in_code',
      'm.email',
      'm.member_name',
      'a.id as activity_id',
      'a.title',
      'a.place',
      'a.start_time',
      'a.end_time',
      'a.sign_up_deadline',
    ])
    .where('n.id', 'in', noticeIds)
    .where('m.email', '!=', '')
    .execute();
  const text = await systemMailText(trx, 'activity-notice');
  const mails = await Promise.all(rows.map(async (r) => activityMail(mail, text, r, await checkInPassMail(r))));
  const ids = await enqueueMails(trx, mails, now);
  for (const [i, row] of rows.entries()) await trx.updateTable('activity_notices').set({ mail_id: ids[i] }).where('id', '=', row.id).execute();
}

/** The audience of one activity (GetActivityMemberList, the export), as rows of the query below. */
export function audienceQuery(db: Db, filter: ActivityMemberFilter) {
  let query = db
    .selectFrom('activity_notices as n')
    .innerJoin('members as m', 'm.id', 'n.member_id')
    .leftJoin('type_items as t', 't.id', 'm.member_level_id')
    .leftJoin('mail_outbox as o', 'o.id', 'n.mail_id')
    .select([
      'n.member_id',
      'm.account',
      'm.member_name',
      't.name as level_name',
      'm.email',
      'n.read_at',
      'n.reminded_at',
      'n.signed_up_at',
      'o.state as mail_state',
      'o.last_error',
      'o.sent_at',
      'o.updated_at as mail_updated_at',
      'o.next_attempt_at',
      'n.checked_in_at',
      'n.offer_until',
      'n.sign_up_response_id',
      queuePlace.as('queue_place'),
    ])
    .where('n.activity_id', '=', filter.activityid);
  if (filter.isread !== undefined) query = query.where('n.read_at', filter.isread === 1 ? '!=' : '=', '');
  if (filter.signedup !== undefined) query = query.where('n.signed_up_at', filter.signedup === 1 ? '!=' : '=', '');
  if (filter.key) query = query.where((eb) => eb.or([containing('m.member_name', filter.key!), containing('m.account', filter.key!)]));
  return query;
}

export type AudienceRow = Awaited<ReturnType<ReturnType<typeof audienceQuery>['executeTakeFirstOrThrow']>>;

export interface AudienceMember {
  memberId: number;
  account: string;
  memberName: string;
  levelName: string;
  email: string;
  readAt: string;
  remindedAt: string;
  signedUpAt: string;
  mailState: MailState;
  mailError: string;
  mailTime: string;
  mailRetryAt: string;
  checkedInAt: string;
  /** Place on the waitlist (1 first); 0 when not waiting. */
  waitlistPosition: number;
  offerUntil: string;
  /** The response to the sign-up form (sign-up-form.ts); 0 none. */
  signUpResponseId: number;
}

/** A notice that never had an e-mail, while no mail server is configured, was only ever in the member area. */
const mailStateOf = (r: AudienceRow, mailOn: boolean): MailState => (r.mail_state ?? (mailOn ? '' : 'inapp')) as MailState;

/** `mailOn`: SMTP_URL is configured (outbox.ts mailEnabled). */
export const toAudienceMember = (r: AudienceRow, mailOn: boolean): AudienceMember => ({
  memberId: r.member_id,
  account: r.account,
  memberName: r.member_name,
  levelName: r.level_name ?? '',
  email: r.email,
  readAt: r.read_at,
  remindedAt: r.reminded_at,
  signedUpAt: r.signed_up_at,
  mailState: mailStateOf(r, mailOn),
  mailError: r.mail_state === 'failed' ? (r.last_error ?? '') : '',
  mailTime: r.mail_state === 'sent' ? (r.sent_at ?? '') : r.mail_state === 'failed' ? (r.mail_updated_at ?? '') : '',
  mailRetryAt: r.mail_state === 'failed' ? (r.next_attempt_at ?? '') : '',
  checkedInAt: r.checked_in_at,
  waitlistPosition: Number(r.queue_place),
  offerUntil: r.offer_until,
  signUpResponseId: r.sign_up_response_id,
});

/** Signed-up members first (in sign-up order), then the rest by account; paged in SQL. */
export const audienceOrder = <Q extends ReturnType<typeof audienceQuery>>(query: Q) =>
  query
    .orderBy(sql`case when n.signed_up_at = '' then 1 else 0 end`)
    .orderBy('n.signed_up_at')
    .orderBy('m.account') as Q;

export async function listAudience(db: Db, filter: ActivityMemberFilter & PagingQuery, mailOn: boolean): Promise<{ items: AudienceMember[]; total: number }> {
  const query = audienceQuery(db, filter);
  const { limit, offset } = pageWindow(filter);
  const [rows, { total }] = await Promise.all([
    audienceOrder(query).limit(limit).offset(offset).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toAudienceMember(r, mailOn)), total };
}

/**
 * ResendActivityMember: the chosen members' notices (or every unread one) become unread again
 * with a reminder time, and with SMTP configured each gets the e-mail again. Only a published
 * activity is reminded of. Answers how many were reminded.
 */
export async function remindMembers(database: Database, activityId: number, memberIds: number[], mail: MailContext | null, now: number): Promise<number> {
  const { db } = database;
  const activity = await db.selectFrom('activities').select(['status']).where('id', '=', activityId).executeTakeFirst();
  if (!activity) throw notFound(activityMessages.notFound);
  if (activity.status !== ActivityStatus.Published) throw badRequest(activityMessages.resendPublishedOnly);
  let targets = db
    .selectFrom('activity_notices as n')
    .innerJoin('members as m', 'm.id', 'n.member_id')
    .select(['n.id', 'n.member_id', 'm.account', 'm.status'])
    .where('n.activity_id', '=', activityId);
  targets =
    memberIds.length > 0 ? targets.where('n.member_id', 'in', memberIds) : targets.where('n.read_at', '=', '').where('m.status', '=', MemberStatus.Enabled);
  const notices = await targets.execute();
  if (memberIds.length > 0) {
    if (new Set(notices.map((n) => n.member_id)).size !== new Set(memberIds).size) throw badRequest(activityMessages.resendOutsideAudience);
    const disabled = notices.filter((n) => n.status !== MemberStatus.Enabled);
    if (disabled.length > 0) throw badRequest(activityMessages.resendDisabled(disabled.map((n) => n.account).join('、')));
  }
  if (notices.length === 0) throw badRequest(activityMessages.resendNobody);
  const at = formatCst(now);
  const ids = notices.map((n) => n.id);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < ids.length; i += CHUNK) {
      await trx
        .updateTable('activity_notices')
        .set({ read_at: '', reminded_at: at })
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .execute();
    }
    if (mail) await mailNotices(trx, ids, mail, now);
  });
  if (mail) nudgeOutbox(database);
  return notices.length;
}

/** What publishing or reminding did, and, without a mail server, that no e-mail went. */
export const withMailNote = (done: string, mail: unknown) => (mail ? done : `${done}；${activityMessages.mailOff}`);
