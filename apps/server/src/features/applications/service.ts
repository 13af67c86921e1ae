import type { Kysely } from 'kysely';
import { ApplyState, formatCst, memberMessages, MemberStatus, ProcessDecision, type ApplyMemberForm, type ProcessListQuery } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import type { AdminPrincipal } from '../system/auth/access.js';
import { containing } from '../../db/like.js';
import { hashNewPassword } from '../system/auth/new-password.js';
import { checkTypeChoices, companyColumns, getMember, insertMember } from '../members/service.js';
import { takePapers } from '../members/papers.js';
import { admit, admittedWithoutReview } from './admission.js';
import { recordConsent, type Consent } from '../privacy/consents.js';

/**
 * Membership applications (spec §5) and their review. Every submission and every decision is
 * kept as a review-process item, so a member's history reads: submitted, rejected (reason),
 * resubmitted, approved. The member row holds only the current state and, while rejected, the
 * reason (process_item_name) the applicant is shown.
 */

/**
 * ApplyMember by a visitor: a new member under review, or, for a level that needs no approval
 * (member_level_terms.needs_approval 0), a member at once. Answers its id and whether admitted.
 */
export async function submitApplication(
  { db }: Database,
  form: ApplyMemberForm,
  consent: Consent | null,
  now: number,
): Promise<{ id: number; admitted: boolean }> {
  await checkTypeChoices(db, form);
  const passwordHash = await hashNewPassword(form.Pwd, form.Account);
  const at = formatCst(now);
  let admitted = false;
  const id = await insertMember(
    db,
    {
      ...companyColumns(form),
      account: form.Account,
      password_hash: passwordHash,
      reg_capital: 0,
      staff_count: 0,
      join_date: '',
      expire_date: '',
      apply_state: ApplyState.UnderReview,
      status: MemberStatus.Enabled,
      applied_at: at,
      created_at: at,
      updated_at: at,
    },
    async (trx, id) => {
      await takePapers(trx, id, form.FilePath);
      await recordItem(trx, { memberId: id, decision: ProcessDecision.Submitted }, at);
      await recordConsent(trx, consent, 'application', id, id);
      admitted = await admitWithoutReview(trx, id, form.MemberLevel, now, at);
    },
  );
  return { id, admitted };
}

/** Admits at once an applicant whose level needs no approval, recorded as approved by nobody. */
async function admitWithoutReview(trx: Kysely<DB>, memberId: number, levelId: number, now: number, at: string): Promise<boolean> {
  if (!(await admittedWithoutReview(trx, levelId))) return false;
  await trx.updateTable('members').set({ apply_state: ApplyState.Approved, process_item_name: '' }).where('id', '=', memberId).execute();
  await admit(trx, memberId, now);
  await recordItem(trx, { memberId, decision: ProcessDecision.Approved, remark: '该会员等级入会无需审核' }, at);
  return true;
}

/**
 * ApplyMember with an application token: the rejected applicant's corrected application goes
 * back under review. The account stays; the password becomes Pwd.
 */
export async function resubmitApplication(
  { db }: Database,
  memberId: number,
  form: ApplyMemberForm,
  consent: Consent | null,
  now: number,
): Promise<{ admitted: boolean }> {
  const current = await getMember(db, memberId);
  refuseUnlessRejected(current.applyState);
  await checkTypeChoices(db, form, current);
  const passwordHash = await hashNewPassword(form.Pwd, current.account);
  const at = formatCst(now);
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('members')
      .set({ ...companyColumns(form), password_hash: passwordHash, apply_state: ApplyState.UnderReview, process_item_name: '', applied_at: at, updated_at: at })
      .where('id', '=', memberId)
      .where('apply_state', '=', ApplyState.Rejected)
      .executeTakeFirst();
    // Only a resubmission leaves the rejected state: one racing this one got there first.
    if (Number(result.numUpdatedRows) === 0) throw badRequest(memberMessages.applicationPending);
    await takePapers(trx, memberId, form.FilePath, current.filePath);
    await recordItem(trx, { memberId, decision: ProcessDecision.Submitted }, at);
    await recordConsent(trx, consent, 'application', memberId, memberId);
    return { admitted: await admitWithoutReview(trx, memberId, form.MemberLevel, now, at) };
  });
}

function refuseUnlessRejected(state: ApplyState): void {
  if (state === ApplyState.UnderReview) throw badRequest(memberMessages.applicationPending);
  if (state === ApplyState.Approved) throw badRequest(memberMessages.alreadyMember);
}

export interface Decision {
  memberId: number;
  decision: typeof ProcessDecision.Approved | typeof ProcessDecision.Rejected;
  reason: string;
  remark: string;
}

/**
 * SaveApplyAudit: decides an application under review, once. Approval makes the applicant a
 * member (admission.ts: joined today unless a join date was set); rejection keeps the reason for them to
 * read. Answers the account.
 */
export async function reviewApplication({ db }: Database, admin: AdminPrincipal, d: Decision, now: number): Promise<string> {
  const member = await getMember(db, d.memberId);
  await db.transaction().execute((trx) => decideApplication(trx, admin, d, now));
  return member.account;
}

/** The decision itself, in the caller's transaction (批量通过 decides several in one). */
export async function decideApplication(trx: Kysely<DB>, admin: AdminPrincipal, d: Decision, now: number): Promise<void> {
  const at = formatCst(now);
  const approved = d.decision === ProcessDecision.Approved;
  const result = await trx
    .updateTable('members')
    .set({ apply_state: approved ? ApplyState.Approved : ApplyState.Rejected, process_item_name: approved ? '' : d.reason, updated_at: at })
    .where('id', '=', d.memberId)
    .where('apply_state', '=', ApplyState.UnderReview)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw badRequest(memberMessages.alreadyReviewed);
  if (approved) await admit(trx, d.memberId, now);
  await recordItem(trx, { memberId: d.memberId, decision: d.decision, reason: approved ? '' : d.reason, remark: d.remark, admin }, at);
}

interface NewItem {
  memberId: number;
  decision: ProcessDecision;
  reason?: string;
  remark?: string;
  admin?: AdminPrincipal;
}

async function recordItem(db: Kysely<DB>, item: NewItem, at: string): Promise<void> {
  await db
    .insertInto('member_process_items')
    .values({
      member_id: item.memberId,
      decision: item.decision,
      reason: item.reason ?? '',
      remark: item.remark ?? '',
      admin_id: item.admin?.adminId ?? null,
      admin_account: item.admin?.account ?? '',
      created_at: at,
      updated_at: at,
    })
    .execute();
}

export interface ProcessItem {
  id: number;
  memberId: number;
  account: string;
  memberName: string;
  decision: ProcessDecision;
  reason: string;
  remark: string;
  adminAccount: string;
  createdAt: string;
  updatedAt: string;
}

function itemQuery(db: Kysely<DB>) {
  return db
    .selectFrom('member_process_items as p')
    .innerJoin('members as m', 'm.id', 'p.member_id')
    .select(['p.id', 'p.member_id', 'm.account', 'm.member_name', 'p.decision', 'p.reason', 'p.remark', 'p.admin_account', 'p.created_at', 'p.updated_at']);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>['executeTakeFirstOrThrow']>>;

const toItem = (r: ItemRow): ProcessItem => ({
  id: r.id,
  memberId: r.member_id,
  account: r.account,
  memberName: r.member_name,
  decision: r.decision as ProcessDecision,
  reason: r.reason,
  remark: r.remark,
  adminAccount: r.admin_account,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** GetMemberProcessList: one member's whole history, newest first (histories are short). */
export async function memberHistory(db: Kysely<DB>, memberId: number): Promise<ProcessItem[]> {
  await getMember(db, memberId);
  const rows = await itemQuery(db).where('p.member_id', '=', memberId).orderBy('p.id', 'desc').execute();
  return rows.map(toItem);
}

/** GetProcessList: every member's items, newest first, paged in SQL. */
export async function listProcessItems(db: Kysely<DB>, q: ProcessListQuery): Promise<{ items: ProcessItem[]; total: number }> {
  const { key } = q;
  let query = itemQuery(db);
  if (q.memberid !== undefined) query = query.where('p.member_id', '=', q.memberid);
  if (q.decision !== undefined) query = query.where('p.decision', '=', q.decision);
  if (key) query = query.where((eb) => eb.or([containing('m.member_name', key), containing('m.account', key)]));
  if (q.start) query = query.where('p.created_at', '>=', `${q.start} 00:00:00`);
  if (q.end) query = query.where('p.created_at', '<=', `${q.end} 23:59:59`);
  const { limit, offset } = pageWindow(q);
  const [rows, { total }] = await Promise.all([
    query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toItem), total };
}

export async function getProcessItem(db: Kysely<DB>, id: number): Promise<ProcessItem> {
  const row = await itemQuery(db).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(memberMessages.processItemNotFound);
  return toItem(row);
}

/** SaveProcessItem: only the reviewers' remark changes; the decision and its reason stay as made. */
export async function saveProcessRemark(db: Kysely<DB>, id: number, remark: string, now: number): Promise<ProcessItem> {
  const result = await db
    .updateTable('member_process_items')
    .set({ remark, updated_at: formatCst(now) })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound(memberMessages.processItemNotFound);
  return getProcessItem(db, id);
}
