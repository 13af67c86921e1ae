import type { Expression, Kysely, SqlBool } from 'kysely';
import {
  activityMessages,
  ActivityStatus,
  formatCst,
  typeKinds,
  type ActivityAttachment,
  type ActivityListQuery,
  type FormField,
  type SaveActivityBody,
} from '@portal/shared';
import { sanitizeRichText } from '../../content/sanitize.js';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { containing } from '../../db/like.js';
import { cancellationMails } from './calendar.js';
import type { SiteContext } from '../mail/context.js';
import { enqueueMails } from '../mail/outbox.js';
import { newSelfCheckInKey } from './check-in-keys.js';
import { checkSignUpFormChange, signUpFields } from './sign-up-form.js';
import { promoteWaiting, type PromotionMail } from './waitlist.js';

/**
 * Activities as the back office writes them: a draft is edited freely; publishing announces it
 * (notices.ts delivers one notice per member of the audience); closing stops sign-up. Editing a
 * published activity keeps every notice with its read and sign-up state.
 */

/** What the back office and the member area both read of an activity. */
export interface ActivitySummary {
  id: number;
  title: string;
  place: string;
  startTime: string;
  endTime: string;
  signUpDeadline: string;
  capacity: number;
  signUpCount: number;
  status: number;
}

/** The summary columns of an activities row (aliased `a`). */
export const summaryColumns = [
  'a.id',
  'a.title',
  'a.place',
  'a.start_time',
  'a.end_time',
  'a.sign_up_deadline',
  'a.capacity',
  'a.sign_up_count',
  'a.status',
] as const;

type SummaryRow = Pick<DB['activities'], 'title' | 'place' | 'start_time' | 'end_time' | 'sign_up_deadline' | 'capacity' | 'sign_up_count' | 'status'> & {
  id: number;
};

export const toSummary = (r: SummaryRow): ActivitySummary => ({
  id: r.id,
  title: r.title,
  place: r.place,
  startTime: r.start_time,
  endTime: r.end_time,
  signUpDeadline: r.sign_up_deadline,
  capacity: r.capacity,
  signUpCount: r.sign_up_count,
  status: r.status,
});

export interface Activity extends ActivitySummary {
  audienceAll: boolean;
  isTraining: boolean;
  memberLevels: { id: number; name: string }[];
  publishedAt: string;
  createdAt: string;
  updatedAt: string;
  /** The audience's size and how many have read it (list and detail). */
  audienceCount: number;
  readCount: number;
  attendance: Attendance;
}

/** How many came of an activity's places: held for promoted members (part of signUpCount), checked in, waiting. */
export interface Attendance {
  offerCount: number;
  checkedInCount: number;
  waitlistCount: number;
}

export interface ActivityDetail extends Activity {
  description: string;
  attachments: ActivityAttachment[];
  confirmHours: number;
  selfCheckInStart: string;
  selfCheckInEnd: string;
  /** 动态签到码 (venue-codes.ts). */
  selfCheckInRotating: boolean;
  /** 报名表 (sign-up-form.ts): 0 none, or a form deleted since. */
  signUpFormId: number;
  signUpFormTitle: string;
  /** Its questions, the roster's columns. */
  signUpColumns: FormField[];
}

type Db = Kysely<DB>;

const columns = [...summaryColumns, 'a.audience_all', 'a.is_training', 'a.published_at', 'a.created_at', 'a.updated_at'] as const;

/**
 * Each activity's notice counts (`c`), one grouped subquery rather than a query per row; of one
 * activity only when `activityId` is given, so reading one never counts every activity's notices.
 */
export function noticeCounts(db: Db, activityId?: number) {
  let notices = db.selectFrom('activity_notices');
  if (activityId !== undefined) notices = notices.where('activity_id', '=', activityId);
  return notices
    .select((eb) => {
      const howMany = (condition: Expression<SqlBool>) => eb.fn.sum<number | string>(eb.case().when(condition).then(1).else(0).end());
      return [
        'activity_id',
        eb.fn.countAll<number>().as('audience'),
        howMany(eb('read_at', '!=', '')).as('read'),
        howMany(eb('offer_until', '!=', '')).as('offered'),
        howMany(eb('checked_in_at', '!=', '')).as('checked_in'),
        howMany(eb.and([eb('waitlisted_at', '!=', ''), eb('offer_until', '=', '')])).as('waiting'),
      ];
    })
    .groupBy('activity_id')
    .as('c');
}

/** The attendance counts of a row joined with noticeCounts (null sums: no notices yet; PostgreSQL's sums arrive as text). */
export const toAttendance = (r: { offered: number | string | null; checked_in: number | string | null; waiting: number | string | null }): Attendance => ({
  offerCount: Number(r.offered ?? 0),
  checkedInCount: Number(r.checked_in ?? 0),
  waitlistCount: Number(r.waiting ?? 0),
});

/** Activities with their audience counts (of one activity only, when reading one). */
function activityQuery(db: Db, activityId?: number) {
  return db
    .selectFrom('activities as a')
    .leftJoin(noticeCounts(db, activityId), 'c.activity_id', 'a.id')
    .select([...columns, 'c.audience', 'c.read', 'c.offered', 'c.checked_in', 'c.waiting']);
}

type ActivityRow = Awaited<ReturnType<ReturnType<typeof activityQuery>['executeTakeFirstOrThrow']>>;

/** The member levels of some activities, with their names ('' for a level since removed). */
async function levelsOf(db: Db, ids: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const byActivity = new Map<number, { id: number; name: string }[]>();
  if (ids.length === 0) return byActivity;
  const rows = await db
    .selectFrom('activity_levels as l')
    .leftJoin('type_items as t', 't.id', 'l.level_id')
    .select(['l.activity_id', 'l.level_id', 't.name', 't.sort_number'])
    .where('l.activity_id', 'in', ids)
    .orderBy('t.sort_number')
    .orderBy('l.level_id')
    .execute();
  for (const r of rows) {
    const list = byActivity.get(r.activity_id) ?? [];
    list.push({ id: r.level_id, name: r.name ?? '' });
    byActivity.set(r.activity_id, list);
  }
  return byActivity;
}

const toActivity = (r: ActivityRow, levels: Map<number, { id: number; name: string }[]>): Activity => ({
  ...toSummary(r),
  audienceAll: r.audience_all === 1,
  isTraining: r.is_training === 1,
  memberLevels: r.audience_all === 1 ? [] : (levels.get(r.id) ?? []),
  publishedAt: r.published_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  audienceCount: Number(r.audience ?? 0),
  readCount: Number(r.read ?? 0),
  attendance: toAttendance(r),
});

/** GetActivityList: the activities starting latest first, paged in SQL. */
export async function listActivities(db: Db, q: ActivityListQuery): Promise<{ items: Activity[]; total: number }> {
  let query = activityQuery(db);
  if (q.title) query = query.where(containing('a.title', q.title));
  if (q.status !== undefined) query = query.where('a.status', '=', q.status);
  if (q.start) query = query.where('a.start_time', '>=', `${q.start} 00:00:00`);
  if (q.end) query = query.where('a.start_time', '<=', `${q.end} 23:59:59`);
  const { limit, offset } = pageWindow(q);
  const [rows, { total }] = await Promise.all([
    query.orderBy('a.start_time', 'desc').orderBy('a.id', 'desc').limit(limit).offset(offset).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const levels = await levelsOf(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toActivity(r, levels)), total };
}

/** GetActivity/{id}: the activity with its description and attachments. */
export async function getActivity(db: Db, id: number): Promise<ActivityDetail> {
  const row = await activityQuery(db, id)
    .select([
      'a.description',
      'a.attachments',
      'a.confirm_hours',
      'a.self_check_in_start',
      'a.self_check_in_end',
      'a.self_check_in_rotating',
      'a.sign_up_form_id',
    ])
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(activityMessages.notFound);
  const signUp = await signUpFields(db, row.sign_up_form_id);
  return {
    ...toActivity(row, await levelsOf(db, [id])),
    description: row.description,
    attachments: parseAttachments(row.attachments),
    confirmHours: row.confirm_hours,
    selfCheckInStart: row.self_check_in_start,
    selfCheckInEnd: row.self_check_in_end,
    selfCheckInRotating: row.self_check_in_rotating === 1,
    signUpFormId: signUp.form?.row.id ?? 0,
    signUpFormTitle: signUp.form?.row.title ?? '',
    signUpColumns: signUp.columns,
  };
}

export function parseAttachments(json: string): ActivityAttachment[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as ActivityAttachment[]) : [];
  } catch {
    return [];
  }
}

/** Chosen levels must be enabled entries of type list 2; levels the activity already has stay acceptable. */
async function checkLevels(db: Db, levels: number[], held: number[]): Promise<void> {
  if (levels.length === 0) return;
  const found = await db.selectFrom('type_items').select(['id', 'status']).where('type', '=', typeKinds.memberLevel).where('id', 'in', levels).execute();
  const usable = (id: number) => found.some((t) => t.id === id && (t.status === 1 || held.includes(id)));
  if (!levels.every(usable)) throw badRequest(activityMessages.levelUnknown);
}

/** Attachments must be files uploaded here; each keeps the name the editor gave it. */
async function checkAttachments(db: Db, attachments: ActivityAttachment[]): Promise<void> {
  if (attachments.length === 0) return;
  const paths = [...new Set(attachments.map((a) => a.Path))];
  const found = await db.selectFrom('uploads').select('path').where('path', 'in', paths).execute();
  if (found.length !== paths.length) throw badRequest(activityMessages.attachmentInvalid);
}

/**
 * SaveActivityDetail. A new activity is a draft. An edit keeps status, notices, reads and
 * sign-ups; a capacity below the places already taken (held offers included) is refused,
 * checked in the same conditional update that writes it, so a sign-up racing the edit cannot
 * slip past. Places a raised capacity frees go to the waitlist in the same transaction.
 * A self check-in window gets its venue key the first time it is set, keeps it while it is
 * moved, and loses it when cleared.
 */
export async function saveActivity(
  db: Db,
  body: SaveActivityBody,
  mail: PromotionMail,
  now: number,
): Promise<{ id: number; created: boolean; promoted: number }> {
  const at = formatCst(now);
  const levels = body.AudienceAll ? [] : [...new Set(body.MemberLevels)];
  const current = body.ActivityId > 0 ? await getActivity(db, body.ActivityId) : undefined;
  await checkLevels(db, levels, current?.memberLevels.map((l) => l.id) ?? []);
  await checkAttachments(db, body.Attachments);
  const record = {
    title: body.Title,
    description: sanitizeRichText(body.Description),
    place: body.Place,
    start_time: body.StartTime,
    end_time: body.EndTime,
    sign_up_deadline: body.SignUpDeadline,
    capacity: body.Capacity,
    audience_all: body.AudienceAll ? 1 : 0,
    is_training: body.IsTraining ? 1 : 0,
    attachments: JSON.stringify(body.Attachments),
    confirm_hours: body.ConfirmHours,
    self_check_in_start: body.SelfCheckInStart,
    self_check_in_end: body.SelfCheckInEnd,
    self_check_in_rotating: body.SelfCheckInRotating ? 1 : 0,
    sign_up_form_id: body.SignUpFormId,
    updated_at: at,
  };
  const selfCheckIn = body.SelfCheckInStart !== '';
  return db.transaction().execute(async (trx) => {
    let id: number;
    if (current) {
      id = current.id;
      let update = trx
        .updateTable('activities')
        .set(record)
        // An announced activity (published, or closed but still to happen) may be in members'
        // calendars: its calendar file's SEQUENCE moves on, so theirs take the new version.
        .set((eb) => ({
          revision: eb
            .case()
            .when('status', '!=', ActivityStatus.Draft)
            .then(eb('revision', '+', 1))
            .else(eb.ref('revision'))
            .end(),
        }))
        .set((eb) => ({
          self_check_in_key: selfCheckIn ? eb.case().when('self_check_in_key', '=', '').then(newSelfCheckInKey()).else(eb.ref('self_check_in_key')).end() : '',
        }))
        .where('id', '=', id);
      if (body.Capacity > 0) update = update.where('sign_up_count', '<=', body.Capacity);
      const updated = await update.executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        const taken = await trx.selectFrom('activities').select('sign_up_count').where('id', '=', id).executeTakeFirst();
        if (!taken) throw notFound(activityMessages.notFound);
        throw badRequest(activityMessages.capacityBelowSignUps(taken.sign_up_count));
      }
      // After the update, which holds the row a sign-up takes first: no answer lands between this check and the new form.
      await checkSignUpFormChange(trx, id, current.signUpFormId, body.SignUpFormId);
      await trx.deleteFrom('activity_levels').where('activity_id', '=', id).execute();
    } else {
      await checkSignUpFormChange(trx, null, 0, body.SignUpFormId);
      ({ id } = await trx
        .insertInto('activities')
        .values({
          ...record,
          self_check_in_key: selfCheckIn ? newSelfCheckInKey() : '',
          status: ActivityStatus.Draft,
          sign_up_count: 0,
          published_at: '',
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    }
    if (levels.length > 0)
      await trx
        .insertInto('activity_levels')
        .values(levels.map((level_id) => ({ activity_id: id, level_id })))
        .execute();
    // The update above holds the activity's lock, as a cancellation's would.
    const promoted = current ? await promoteWaiting(trx, id, mail, now) : 0;
    return { id, created: !current, promoted };
  });
}

/** PublishActivity: a draft (or a closed activity, reopened) becomes 已发布; answers its title. */
export async function publishActivity(db: Db, id: number, now: number): Promise<string> {
  const activity = await getActivity(db, id);
  if (activity.status === ActivityStatus.Published) throw badRequest(activityMessages.publishDraftOnly);
  const at = formatCst(now);
  if (activity.signUpDeadline < at) throw badRequest(activityMessages.publishAfterDeadline);
  const updated = await db
    .updateTable('activities')
    .set((eb) => ({
      status: ActivityStatus.Published,
      // The first publication's time stays: reopening does not make it news again.
      published_at: eb.case().when('published_at', '=', '').then(at).else(eb.ref('published_at')).end(),
      updated_at: at,
    }))
    .where('id', '=', id)
    .where('status', '!=', ActivityStatus.Published)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw badRequest(activityMessages.publishDraftOnly);
  return activity.title;
}

/** CloseActivity: sign-up stops; members keep seeing it as 已关闭. Answers its title. */
export async function closeActivity(db: Db, id: number, now: number): Promise<string> {
  const activity = await getActivity(db, id);
  const updated = await db
    .updateTable('activities')
    .set({ status: ActivityStatus.Closed, updated_at: formatCst(now) })
    .where('id', '=', id)
    .where('status', '=', ActivityStatus.Published)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw badRequest(activityMessages.closePublishedOnly);
  return activity.title;
}

/**
 * DelActivity: the activities with their notices; their e-mails not yet sent are dropped. With
 * mail, the members signed up to one still to happen are sent its cancellation (calendar.ts).
 */
export async function deleteActivities(db: Db, ids: number[], mail: SiteContext | null, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Read before the rows go; queued after the unsent mail is dropped.
    const cancellations = mail ? await cancellationMails(trx, ids, mail, now) : [];
    const unsent = trx.selectFrom('activity_notices').select('mail_id').where('activity_id', 'in', ids).where('mail_id', 'is not', null);
    await trx.deleteFrom('mail_outbox').where('id', 'in', unsent).where('state', '!=', 'sent').execute();
    await trx.deleteFrom('activity_notices').where('activity_id', 'in', ids).execute();
    await trx.deleteFrom('activity_levels').where('activity_id', 'in', ids).execute();
    const result = await trx.deleteFrom('activities').where('id', 'in', ids).executeTakeFirst();
    await enqueueMails(trx, cancellations, now);
    return Number(result.numDeletedRows);
  });
}

/** Whether sign-up is open at `at` (CST text): published and the deadline not passed. */
export const signUpOpen = (a: { status: number; sign_up_deadline: string }, at: string) => a.status === ActivityStatus.Published && at <= a.sign_up_deadline;
