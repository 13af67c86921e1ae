import type { Kysely } from 'kysely';
import {
  addDays,
  ApplyState,
  cstDate,
  daysBetween,
  formatCst,
  formatYuan,
  formatYuanInWords,
  MembershipState,
  membershipTerms,
  MemberStatus,
  reminderKindName,
  type DuesAccountDto,
  type MembershipTerm,
  type SystemMailCode,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import type { MailContext } from '../mail/context.js';
import { enqueueMails, nudgeOutbox, type OutgoingMail } from '../mail/outbox.js';
import { composeSystemMail } from '../mail/system-mails.js';
import { defaultTerms } from '../members/level-terms.js';
import { accountSet, duesAccount } from './dues-account.js';

/**
 * Renewal reminders (续费提醒), through the activities' mail outbox:
 *
 *   before:N  N days before 有效期至, for each N of MEMBERSHIP_REMINDER_DAYS (default 30 and 7):
 *             a member whose end is 5 days away gets the 7-day one only, never both at once;
 *   expired   once 有效期至 has passed (the member is in grace);
 *   lapsed    when grace has ended (the member has lost member services), within a week of it,
 *             so a member who lapsed long before this release is not written to out of the blue.
 *
 * Each is recorded once per member, term end and kind: the table's unique key decides, so two
 * instances running the job at the same moment send one e-mail, and a renewed member (a new
 * 有效期至) is reminded afresh next term. Without SMTP_URL, or without an e-mail address, the
 * reminder is recorded with no e-mail (the member's record shows 未发送), and the member area's
 * notice (GetMyMembership) is all the member sees.
 */

type Db = Kysely<DB>;

/** A member due a reminder. */
interface Due {
  memberId: number;
  memberName: string;
  email: string;
  termEnd: string;
  kind: string;
  /** The level's grace days: the e-mail names the last day of grace. */
  graceDays: number;
  /** What is due: the level's name, its annual fee (分) and term. */
  levelName: string;
  annualFeeFen: number;
  term: MembershipTerm;
}

/** How long after grace ended the lapse reminder is still sent (the job may have been down). */
const LAPSED_WITHIN_DAYS = 7;

/** Which before:N a member whose term ends in `daysLeft` days is due (days sorted largest first). */
function beforeKind(days: readonly number[], daysLeft: number): string | undefined {
  const n = days.findLast((d) => daysLeft <= d);
  return n === undefined ? undefined : `before:${n}`;
}

/** What a reminder reads of a member and their level (members m, member_level_terms mt, type_items t). */
const dueColumns = ['m.id', 'm.member_name', 'm.email', 'm.expire_date', 'mt.grace_days', 'mt.annual_fee_fen', 'mt.term', 't.name as level_name'] as const;

interface DueRow {
  id: number;
  member_name: string;
  email: string;
  expire_date: string;
  grace_days: number | null;
  annual_fee_fen: number | null;
  term: string | null;
  level_name: string | null;
}

/** A member's reminder but its kind; a level never set up has the default terms (no dues). */
function dueOf(r: DueRow): Omit<Due, 'kind'> {
  const terms = defaultTerms(0);
  return {
    memberId: r.id,
    memberName: r.member_name,
    email: r.email,
    termEnd: r.expire_date,
    graceDays: r.grace_days ?? terms.graceDays,
    levelName: r.level_name ?? '',
    annualFeeFen: r.annual_fee_fen ?? terms.annualFeeFen,
    term: (r.term as MembershipTerm | null) ?? terms.term,
  };
}

/** The members due each kind of reminder on `today`, reminded or not (the insert decides). */
async function dueReminders(db: Db, days: readonly number[], today: string): Promise<Due[]> {
  const maxBefore = Math.max(0, ...days);
  const rows = await db
    .selectFrom('members as m')
    .leftJoin('member_level_terms as mt', 'mt.level_id', 'm.member_level_id')
    .leftJoin('type_items as t', 't.id', 'm.member_level_id')
    .select([...dueColumns, 'm.membership_state'])
    .where('m.apply_state', '=', ApplyState.Approved)
    .where('m.status', '=', MemberStatus.Enabled)
    .where('m.expire_date', '<>', '')
    .where('m.expire_date', '<=', addDays(today, maxBefore))
    // Lapsed more than a year (and the longest grace) ago: long past any reminder.
    .where('m.expire_date', '>=', addDays(today, -(366 + LAPSED_WITHIN_DAYS)))
    .execute();
  const due: Due[] = [];
  for (const r of rows) {
    const base = dueOf(r);
    const grace = base.graceDays;
    if (r.expire_date >= today) {
      const kind = beforeKind(days, daysBetween(today, r.expire_date));
      if (kind) due.push({ ...base, kind });
    } else if (r.membership_state === MembershipState.Grace) {
      due.push({ ...base, kind: 'expired' });
    } else if (r.membership_state === MembershipState.Expired && daysBetween(addDays(r.expire_date, grace + 1), today) <= LAPSED_WITHIN_DAYS) {
      due.push({ ...base, kind: 'lapsed' });
    }
  }
  return due;
}

/**
 * How to pay, as a 缴费通知 states it: the amount due for the level and its term, and the
 * association's account, or, while none is set, to ask the association.
 */
function howToPay(due: Due, account: DuesAccountDto): string[] {
  const amount =
    due.annualFeeFen > 0
      ? [`应缴会费：${formatYuan(due.annualFeeFen)}（人民币${formatYuanInWords(due.annualFeeFen)}；${due.levelName}，会籍期限${membershipTerms[due.term]}）`]
      : [];
  const where = accountSet(account)
    ? [
        '请通过银行转账缴纳，转账时请注明单位名称及“会费”：',
        `开户名称：${account.AccountName}`,
        `开户银行：${account.BankName}`,
        `银行账号：${account.AccountNo}`,
      ]
    : ['缴费账户请联系协会秘书处获取。'];
  return [...amount, ...where];
}

/** Which 系统邮件 a reminder kind is sent with (before:N all share one; {{提醒类型}} names the N). */
const reminderMailCode = (kind: string): SystemMailCode =>
  kind.startsWith('manual:') ? 'renewal-manual' : kind === 'lapsed' ? 'renewal-lapsed' : kind === 'expired' ? 'renewal-expired' : 'renewal-before';

/**
 * The reminder e-mail: plain text, what happened or will, what is due and where to pay it; the
 * words are 系统邮件's, as staff left them (features/mail/system-mails.ts).
 */
export async function reminderMail(db: Db, context: MailContext, due: Due, graceEnd: string, account: DuesAccountDto): Promise<OutgoingMail> {
  const { subject, body } = await composeSystemMail(db, reminderMailCode(due.kind), {
    会员名称: due.memberName,
    提醒类型: reminderKindName(due.kind),
    有效期至: due.termEnd,
    宽限期至: graceEnd,
    缴费信息: howToPay(due, account).join('\n'),
    会籍链接: `${context.baseUrl}/member/membership`,
    网站名称: context.siteName,
    提醒内容: due.termEnd === '' ? '请及时缴纳本年度会费。' : `您单位的会员资格有效期至${due.termEnd}，请及时缴纳会费续期。`,
  });
  return { recipient: due.email, subject, body };
}

/**
 * Records (and with mail, queues) one reminder, unless already recorded, in the caller's
 * transaction. Answers whether this call recorded it.
 */
async function remind(trx: Db, due: Due, mail: MailContext | null, account: DuesAccountDto, now: number): Promise<boolean> {
  const inserted = await trx
    .insertInto('membership_reminders')
    .values({
      member_id: due.memberId,
      term_end: due.termEnd,
      kind: due.kind,
      recipient: mail && due.email ? due.email : '',
      mail_id: null,
      created_at: formatCst(now),
    })
    .onConflict((oc) => oc.columns(['member_id', 'term_end', 'kind']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  if (mail && due.email) {
    const [mailId] = await enqueueMails(trx, [await reminderMail(trx, mail, due, due.termEnd === '' ? '' : addDays(due.termEnd, due.graceDays), account)], now);
    await trx
      .updateTable('membership_reminders')
      .set({ mail_id: mailId ?? null })
      .where('id', '=', inserted.id)
      .execute();
  }
  return true;
}

/** The daily reminders: answers how many this run recorded. */
export async function sendDueReminders(database: Database, days: readonly number[], mail: MailContext | null, now: number): Promise<number> {
  const { db } = database;
  const [due, account] = await Promise.all([dueReminders(db, days, cstDate(now)), duesAccount(db)]);
  let sent = 0;
  for (const d of due) {
    if (await db.transaction().execute((trx) => remind(trx, d, mail, account, now))) sent++;
  }
  if (sent > 0 && mail) nudgeOutbox(database);
  return sent;
}

/**
 * 发送续费提醒 from the member list: one reminder per member and day (kind manual:yyyyMMdd),
 * whatever the state. Answers how many members got one now.
 */
export async function remindNow(trx: Db, memberIds: readonly number[], mail: MailContext | null, now: number): Promise<number> {
  const today = cstDate(now);
  const members = await trx
    .selectFrom('members as m')
    .leftJoin('member_level_terms as mt', 'mt.level_id', 'm.member_level_id')
    .leftJoin('type_items as t', 't.id', 'm.member_level_id')
    .select(dueColumns)
    .where('m.id', 'in', memberIds)
    .execute();
  const account = await duesAccount(trx);
  let reminded = 0;
  for (const m of members) {
    const due: Due = { ...dueOf(m), kind: `manual:${today.replaceAll('-', '')}` };
    if (await remind(trx, due, mail, account, now)) reminded++;
  }
  return reminded;
}

/** GetMemberReminders/{id}: the member's reminders, newest first, with where each e-mail stands. */
export async function remindersOf(db: Db, memberId: number) {
  const rows = await db
    .selectFrom('membership_reminders as r')
    .leftJoin('mail_outbox as o', 'o.id', 'r.mail_id')
    .select(['r.kind', 'r.term_end', 'r.recipient', 'r.created_at', 'o.state'])
    .where('r.member_id', '=', memberId)
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map((r) => ({ kind: r.kind, termEnd: r.term_end, recipient: r.recipient, createdAt: r.created_at, mailState: r.state ?? 'none' }));
}
