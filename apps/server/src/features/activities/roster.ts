import { sql, type Kysely } from 'kysely';
import type { FormField } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { pageWindow } from '../../http/paging.js';
import { personCell, type ExportColumn, type PageReader } from '../../http/xlsx-export.js';
import { queuePlace } from './queue.js';
import { withSignUpAnswers } from './sign-up-form.js';

/**
 * 报名签到表 (ExportActivitySignUps): everyone who has or wants a place at one activity, for the
 * door and for the records: the members signed up with their check-in, those holding a place
 * offered from the waitlist, then the waitlist in its order.
 */

type Db = Kysely<DB>;

function rosterQuery(db: Db, activityId: number) {
  return db
    .selectFrom('activity_notices as n')
    .innerJoin('members as m', 'm.id', 'n.member_id')
    .leftJoin('type_items as t', 't.id', 'm.member_level_id')
    .leftJoin('admin_users as au', 'au.account', 'n.checked_in_by')
    .select([
      'm.account',
      'm.member_name',
      't.name as level_name',
      'm.daily_operator',
      'm.operator_phone',
      'm.email',
      'n.signed_up_at',
      'n.waitlisted_at',
      'n.offer_until',
      'n.checked_in_at',
      'n.checked_in_by',
      'au.full_name as checked_in_by_name',
      'n.sign_up_response_id',
      queuePlace.as('queue_place'),
    ])
    .where('n.activity_id', '=', activityId)
    .where((eb) => eb.or([eb('n.signed_up_at', '!=', ''), eb('n.waitlisted_at', '!=', '')]))
    .orderBy(sql`case when n.signed_up_at != '' then 0 when n.offer_until != '' then 1 else 2 end`)
    .orderBy('n.signed_up_at')
    .orderBy('n.waitlisted_at')
    .orderBy('n.id');
}

type RosterRow = Awaited<ReturnType<ReturnType<typeof rosterQuery>['executeTakeFirstOrThrow']>>;

export interface RosterEntry {
  state: '已报名' | '待确认' | '候补';
  /** Place on the waitlist (1 first); 0 unless waiting. */
  position: number;
  account: string;
  memberName: string;
  levelName: string;
  contact: string;
  phone: string;
  email: string;
  signedUpAt: string;
  waitlistedAt: string;
  offerUntil: string;
  checkedInAt: string;
  /** The staff member who checked in: 姓名（账号）, the account alone for one since removed; '' for self check-in. */
  checkedInBy: string;
  /** The response to the sign-up form (sign-up-form.ts); 0 none. */
  signUpResponseId: number;
}

const toEntry = (r: RosterRow): RosterEntry => {
  const state = r.signed_up_at !== '' ? '已报名' : r.offer_until !== '' ? '待确认' : '候补';
  return {
    state,
    // PostgreSQL counts in bigint, which its driver hands over as text.
    position: Number(r.queue_place),
    account: r.account,
    memberName: r.member_name,
    levelName: r.level_name ?? '',
    contact: r.daily_operator,
    phone: r.operator_phone,
    email: r.email,
    signedUpAt: r.signed_up_at,
    waitlistedAt: r.waitlisted_at,
    offerUntil: r.offer_until,
    checkedInAt: r.checked_in_at,
    checkedInBy: personCell(r.checked_in_by_name, r.checked_in_by),
    signUpResponseId: r.sign_up_response_id,
  };
};

const checkInWay = (e: RosterEntry) => (e.checkedInAt === '' ? '' : e.checkedInBy === '' ? '自助签到' : e.checkedInBy);

type AnsweredEntry = RosterEntry & { signUpAnswers: Record<string, string> };

const placeColumns: readonly ExportColumn<RosterEntry>[] = [
  { header: '报名状态', width: 10, cell: (e) => e.state },
  { header: '候补位次', width: 10, cell: (e) => e.position || '' },
  { header: '账号', width: 16, cell: (e) => e.account },
  { header: '会员名称', width: 32, cell: (e) => e.memberName },
  { header: '会员等级', width: 12, cell: (e) => e.levelName },
  { header: '联系人', width: 12, cell: (e) => e.contact },
  { header: '联系电话', width: 16, cell: (e) => e.phone },
  { header: '邮箱', width: 26, cell: (e) => e.email },
  { header: '报名时间', width: 20, cell: (e) => e.signedUpAt },
  { header: '候补时间', width: 20, cell: (e) => e.waitlistedAt },
  { header: '名额保留至', width: 20, cell: (e) => e.offerUntil },
  { header: '签到状态', width: 10, cell: (e) => (e.state !== '已报名' ? '' : e.checkedInAt ? '已签到' : '未签到') },
  { header: '签到时间', width: 20, cell: (e) => e.checkedInAt },
  { header: '签到人', width: 14, cell: checkInWay },
];

/** The roster's columns: the place and check-in, then a column per question of the sign-up form. */
export const rosterColumns = (questions: readonly FormField[]): ExportColumn<AnsweredEntry>[] => [
  ...placeColumns,
  ...questions.map((f) => ({
    header: f.Label,
    width: f.Type === 'textarea' || f.Type === 'file' ? 40 : 20,
    cell: (e: AnsweredEntry) => e.signUpAnswers[f.Key] ?? '',
  })),
];

/** One activity's roster with the answers to its sign-up form (`formId`, 0 none), a page at a time; `at` dates the files' links. */
export const rosterPages =
  ({ db }: Database, activityId: number, formId: number, at: { now: number; base: string }): PageReader<AnsweredEntry> =>
  async (page) => {
    const { limit, offset } = pageWindow(page);
    const entries = (await rosterQuery(db, activityId).limit(limit).offset(offset).execute()).map(toEntry);
    return withSignUpAnswers(db, formId, entries, at);
  };
