import type { Kysely } from 'kysely';
import { addDays, ApplyState, cstDate, daysBetween, formatCst, MembershipState, MemberStatus, reminderKindName } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import type { MailContext } from '../mail/context.js';
import { enqueueMails, nudgeOutbox, type OutgoingMail } from '../mail/outbox.js';
import { defaultTerms } from '../members/level-terms.js';

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
}

/** How long after grace ended the lapse reminder is still sent (the job may have been down). */
const LAPSED_WITHIN_DAYS = 7;

/** Which before:N a member whose term ends in `daysLeft` days is due (days sorted largest first). */
function beforeKind(days: readonly number[], daysLeft: number): string | undefined {
  const n = days.findLast((d) => daysLeft <= d);
  return n === undefined ? undefined : `before:${n}`;
}

/** The members due each kind of reminder on `today`, reminded or not (the insert decides). */
async function dueReminders(db: Db, days: readonly number[], today: string): Promise<Due[]> {
  const maxBefore = Math.max(0, ...days);
  const rows = await db
    .selectFrom('members as m')
    .leftJoin('member_level_terms as mt', 'mt.level_id', 'm.member_level_id')
    .select(['m.id', 'm.member_name', 'm.email', 'm.expire_date', 'm.membership_state', 'mt.grace_days'])
    .where('m.apply_state', '=', ApplyState.Approved)
    .where('m.status', '=', MemberStatus.Enabled)
    .where('m.expire_date', '<>', '')
    .where('m.expire_date', '<=', addDays(today, maxBefore))
    // Lapsed more than a year (and the longest grace) ago: long past any reminder.
    .where('m.expire_date', '>=', addDays(today, -(366 + LAPSED_WITHIN_DAYS)))
    .execute();
  const due: Due[] = [];
  for (const r of rows) {
    const grace = r.grace_days ?? defaultTerms(0).graceDays;
    const base = { memberId: r.id, memberName: r.member_name, email: r.email, termEnd: r.expire_date, graceDays: grace };
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

/** The reminder e-mail: plain text, what happened or will, and what to do. */
export function reminderMail(context: MailContext, due: Due, graceEnd: string): OutgoingMail {
  const what = due.kind.startsWith('manual:')
    ? due.termEnd === ''
      ? '请及时缴纳本年度会费。'
      : `您单位的会员资格有效期至${due.termEnd}，请及时缴纳会费续期。`
    : due.kind === 'lapsed'
      ? `您单位的会员资格已于${due.termEnd}到期，宽限期已结束，会员专享文章、投稿和活动报名已暂停。缴纳会费后即可恢复。`
      : due.kind === 'expired'
        ? `您单位的会员资格已于${due.termEnd}到期，现处于宽限期。请于${graceEnd}前缴纳会费，逾期将暂停会员服务。`
        : `您单位的会员资格将于${due.termEnd}到期，请及时缴纳会费续期。`;
  const body = [
    `${due.memberName}：`,
    '',
    what,
    '',
    `查看会籍信息：${context.baseUrl}/member/membership`,
    '',
    '（本邮件由系统自动发送，请勿直接回复。）',
    context.siteName,
  ].join('\n');
  return { recipient: due.email, subject: `【${context.siteName}】${reminderKindName(due.kind)}`, body };
}

/**
 * Records (and with mail, queues) one reminder, unless already recorded, in the caller's
 * transaction. Answers whether this call recorded it.
 */
async function remind(trx: Db, due: Due, mail: MailContext | null, now: number): Promise<boolean> {
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
    const [mailId] = await enqueueMails(trx, [reminderMail(mail, due, due.termEnd === '' ? '' : addDays(due.termEnd, due.graceDays))], now);
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
  const due = await dueReminders(db, days, cstDate(now));
  let sent = 0;
  for (const d of due) {
    if (await db.transaction().execute((trx) => remind(trx, d, mail, now))) sent++;
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
    .select(['m.id', 'm.member_name', 'm.email', 'm.expire_date', 'mt.grace_days'])
    .where('m.id', 'in', memberIds)
    .execute();
  let reminded = 0;
  for (const m of members) {
    const due: Due = {
      memberId: m.id,
      memberName: m.member_name,
      email: m.email,
      termEnd: m.expire_date,
      kind: `manual:${today.replaceAll('-', '')}`,
      graceDays: m.grace_days ?? defaultTerms(0).graceDays,
    };
    if (await remind(trx, due, mail, now)) reminded++;
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
