import type { Insertable, Kysely } from 'kysely';
import {
  ApplyState,
  cstDate,
  contactsFromText,
  contactsToText,
  formatCst,
  memberMessages,
  MemberStatus,
  systemMessages,
  typeKinds,
  type ApplyMemberForm,
  type DirectoryChoices,
  type DirectoryContact,
  type EditMemberForm,
  type EditMemberInfoBody,
  type MemberListQuery,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { compiledRead } from '../../db/compiled.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { containing } from '../../db/like.js';
import { forgetWrongPasswords } from '../system/auth/lockout.js';
import { hashNewPassword } from '../system/auth/new-password.js';
import { endMemberSessions } from '../system/auth/member-sessions.js';
import { takePapers } from './papers.js';
import { refreshMemberState } from './states.js';

/** A member and their application, as the member area and the back office read it. */
export interface Member {
  id: number;
  account: string;
  memberName: string;
  companyTypeId: number;
  companyTypeName: string;
  memberLevelId: number;
  memberLevelName: string;
  companyMent: string;
  mainbusiness: string;
  regAddress: string;
  dailyOperator: string;
  operatorPhone: string;
  remarks: string;
  legalPerson: string;
  email: string;
  filePath: string;
  /** The attachment's name as the applicant uploaded it. */
  fileName: string;
  regCapital: number;
  staffCount: number;
  joinDate: string;
  expireDate: string;
  applyState: ApplyState;
  status: number;
  /** MembershipState (features/members/states.ts). */
  membershipState: number;
  /** The password is an initial one the staff know: the next sign-in must replace it (guard.ts). */
  mustChangePassword: boolean;
  processItemName: string;
  lastLoginAt: string;
  appliedAt: string;
  createdAt: string;
  updatedAt: string;
  /** 会员名录: listed, the contact details shown, website and region. */
  directoryListed: boolean;
  directoryContacts: DirectoryContact[];
  website: string;
  region: string;
}

/** Members with the names of their type list entries ('' for an entry since removed). */
function memberQuery(db: Kysely<DB>) {
  return db
    .selectFrom('members as m')
    .leftJoin('type_items as ct', 'ct.id', 'm.company_type_id')
    .leftJoin('type_items as ml', 'ml.id', 'm.member_level_id')
    .leftJoin('uploads as u', 'u.path', 'm.file_path')
    .select([
      'm.id',
      'm.account',
      'm.member_name',
      'm.company_type_id',
      'ct.name as company_type_name',
      'm.member_level_id',
      'ml.name as member_level_name',
      'm.company_ment',
      'm.mainbusiness',
      'm.reg_address',
      'm.daily_operator',
      'm.operator_phone',
      'm.remarks',
      'm.legal_person',
      'm.email',
      'm.file_path',
      'u.original_name as file_name',
      'm.reg_capital',
      'm.staff_count',
      'm.join_date',
      'm.expire_date',
      'm.apply_state',
      'm.status',
      'm.membership_state',
      'm.must_change_password',
      'm.process_item_name',
      'm.last_login_at',
      'm.applied_at',
      'm.created_at',
      'm.updated_at',
      'm.directory_listed',
      'm.directory_contacts',
      'm.website',
      'm.region',
    ]);
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof memberQuery>['executeTakeFirstOrThrow']>>;

const toMember = (r: MemberRow): Member => ({
  id: r.id,
  account: r.account,
  memberName: r.member_name,
  companyTypeId: r.company_type_id,
  companyTypeName: r.company_type_name ?? '',
  memberLevelId: r.member_level_id,
  memberLevelName: r.member_level_name ?? '',
  companyMent: r.company_ment,
  mainbusiness: r.mainbusiness,
  regAddress: r.reg_address,
  dailyOperator: r.daily_operator,
  operatorPhone: r.operator_phone,
  remarks: r.remarks,
  legalPerson: r.legal_person,
  email: r.email,
  filePath: r.file_path,
  fileName: r.file_name ?? r.file_path.split('/').pop() ?? '',
  regCapital: r.reg_capital,
  staffCount: r.staff_count,
  joinDate: r.join_date,
  expireDate: r.expire_date,
  applyState: r.apply_state as ApplyState,
  status: r.status,
  membershipState: r.membership_state,
  mustChangePassword: r.must_change_password === 1,
  processItemName: r.process_item_name,
  lastLoginAt: r.last_login_at,
  appliedAt: r.applied_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  directoryListed: r.directory_listed === 1,
  directoryContacts: contactsFromText(r.directory_contacts),
  website: r.website,
  region: r.region,
});

/** The 会员名录 choices a form sent; a choice left out keeps its value. */
export const directoryColumns = (f: DirectoryChoices) => ({
  ...(f.DirectoryListed === undefined ? {} : { directory_listed: f.DirectoryListed ? 1 : 0 }),
  ...(f.DirectoryContacts === undefined ? {} : { directory_contacts: contactsToText(f.DirectoryContacts) }),
  ...(f.Website === undefined ? {} : { website: f.Website }),
  ...(f.Region === undefined ? {} : { region: f.Region }),
});

/** GetUserInfo and every member edit read one member: built and compiled once (db/compiled.ts). */
const readMember = compiledRead((db: Kysely<DB>, { id }: { id: number }) => memberQuery(db).where('m.id', '=', id));

export async function getMember(db: Kysely<DB>, id: number): Promise<Member> {
  const [row] = await readMember(db, { id });
  if (!row) throw notFound(memberMessages.memberNotFound);
  return toMember(row);
}

/** Company details as columns: what an application, a resubmission and the back-office editor write alike. */
export function companyColumns(f: ApplyMemberForm | EditMemberInfoBody) {
  return {
    member_name: f.MemberName,
    company_type_id: f.CompanyType,
    member_level_id: f.MemberLevel,
    legal_person: f.LegalPerson,
    email: f.Email,
    operator_phone: f.OperatorPhone,
    company_ment: f.CompanyMent,
    mainbusiness: f.Mainbusiness,
    reg_address: f.RegAddress,
    daily_operator: f.DailyOperator,
    remarks: f.Remarks,
    file_path: f.FilePath,
  };
}

/**
 * Company type and member level must be entries of type lists 1 and 2 (spec §3). An entry
 * since disabled is refused unless the member already has it, so editing other fields of an
 * older member still works.
 */
export async function checkTypeChoices(db: Kysely<DB>, choice: { CompanyType: number; MemberLevel: number }, current?: Member): Promise<void> {
  const entries = await db.selectFrom('type_items').select(['id', 'type', 'status']).where('id', 'in', [choice.CompanyType, choice.MemberLevel]).execute();
  const usable = (id: number, type: number, held: number | undefined) => entries.some((e) => e.id === id && e.type === type && (e.status === 1 || id === held));
  if (!usable(choice.CompanyType, typeKinds.companyType, current?.companyTypeId)) throw badRequest(memberMessages.companyTypeUnknown);
  if (!usable(choice.MemberLevel, typeKinds.memberLevel, current?.memberLevelId)) throw badRequest(memberMessages.memberLevelUnknown);
}

/**
 * Inserts a member row; an account already taken, even by a request racing this one, is the
 * business message rather than a failure. Runs `after` with the new id in the same transaction.
 */
export async function insertMember(
  db: Kysely<DB>,
  values: Omit<Insertable<DB['members']>, 'id' | 'last_login_at' | 'process_item_name'>,
  after: (trx: Kysely<DB>, id: number) => Promise<void> = async () => {},
): Promise<number> {
  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('members')
        .values({ ...values, last_login_at: '', process_item_name: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await after(trx, id);
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(systemMessages.accountTaken);
    throw error;
  }
}

/** EditMember: the member's own contact details; fields left out keep their values. */
export async function editProfile(db: Kysely<DB>, memberId: number, form: EditMemberForm, now: number): Promise<void> {
  await db
    .updateTable('members')
    .set({
      daily_operator: form.DailyOperator,
      operator_phone: form.OperatorPhone,
      legal_person: form.LegalPerson,
      email: form.Email,
      company_ment: form.CompanyMent,
      mainbusiness: form.Mainbusiness,
      reg_address: form.RegAddress,
      remarks: form.Remarks,
      ...directoryColumns(form),
      updated_at: formatCst(now),
    })
    .where('id', '=', memberId)
    .execute();
}

/** GetMemberList: newest application first, paged in SQL. */
export async function listMembers(db: Kysely<DB>, q: MemberListQuery): Promise<{ items: Member[]; total: number }> {
  const { key } = q;
  let query = memberQuery(db);
  if (key) query = query.where((eb) => eb.or([containing('m.member_name', key), containing('m.account', key)]));
  if (q.applystate !== undefined) query = query.where('m.apply_state', '=', q.applystate);
  if (q.status !== undefined) query = query.where('m.status', '=', q.status);
  if (q.companytype !== undefined) query = query.where('m.company_type_id', '=', q.companytype);
  if (q.memberlevel !== undefined) query = query.where('m.member_level_id', '=', q.memberlevel);
  // A state is a member's: applicants not yet approved have none.
  if (q.membershipstate !== undefined) query = query.where('m.membership_state', '=', q.membershipstate).where('m.apply_state', '=', ApplyState.Approved);
  if (q.start) query = query.where('m.applied_at', '>=', `${q.start} 00:00:00`);
  if (q.end) query = query.where('m.applied_at', '<=', `${q.end} 23:59:59`);
  const { limit, offset } = pageWindow(q);
  const [rows, { total }] = await Promise.all([
    query.orderBy('m.applied_at', 'desc').orderBy('m.id', 'desc').limit(limit).offset(offset).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toMember), total };
}

/** What EditMemberInfo did: the member, and each change of 入会日期 or 有效期至 as the audit log records it. */
export interface SavedMemberInfo {
  id: number;
  account: string;
  validityChanges: string[];
}

/** '入会日期 2024-01-01→2025-01-01' for each validity date the edit moves ('' reads 无). */
function validityChanges(current: Member, body: EditMemberInfoBody): string[] {
  const moved = (label: string, from: string, to: string) => (from === to ? [] : [`${label} ${from || '无'}→${to || '无'}`]);
  return [...moved('入会日期', current.joinDate, body.JoinDate), ...moved('有效期至', current.expireDate, body.ExpireDate)];
}

/**
 * EditMemberInfo. MemberId 0 adds a member the association admits directly (approved, joined
 * today unless JoinDate says otherwise); Account and Pwd are then required (editMemberInfoBody).
 * Otherwise the member's record is edited, Account staying as it is, and a non-empty Pwd
 * resets the password and ends the member's sessions. The route fills the fields an edit
 * leaves out with their stored values (http/omitted-fields.ts), so a validity date changes only
 * when the request names it, and the audit log then says from what to what.
 */
export async function saveMemberInfo({ db }: Database, body: EditMemberInfoBody, now: number): Promise<SavedMemberInfo> {
  const at = formatCst(now);
  const record = {
    ...companyColumns(body),
    ...directoryColumns(body),
    reg_capital: body.RegCapital,
    staff_count: body.StaffCount,
    join_date: body.JoinDate,
    expire_date: body.ExpireDate,
    updated_at: at,
  };
  if (body.MemberId === 0) {
    await checkTypeChoices(db, body);
    const id = await insertMember(
      db,
      {
        ...record,
        join_date: body.JoinDate || at.slice(0, 10),
        account: body.Account,
        password_hash: await hashNewPassword(body.Pwd, body.Account),
        apply_state: ApplyState.Approved,
        status: MemberStatus.Enabled,
        applied_at: at,
        created_at: at,
      },
      async (trx, newId) => {
        await takePapers(trx, newId, body.FilePath);
        await refreshMemberState(trx, newId, cstDate(now));
      },
    );
    return { id, account: body.Account, validityChanges: [] };
  }
  const current = await getMember(db, body.MemberId);
  await checkTypeChoices(db, body, current);
  const passwordHash = body.Pwd ? await hashNewPassword(body.Pwd, current.account) : undefined;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('members')
      .set(passwordHash ? { ...record, password_hash: passwordHash } : record)
      .where('id', '=', current.id)
      .execute();
    await takePapers(trx, current.id, body.FilePath, current.filePath);
    // 有效期至 may have been moved by hand: the state follows at once, not at the next daily run.
    await refreshMemberState(trx, current.id, cstDate(now));
    if (passwordHash) {
      await endMemberSessions(trx, current.id);
      await forgetWrongPasswords(trx, 'member', current.account);
    }
  });
  return { id: current.id, account: current.account, validityChanges: validityChanges(current, body) };
}

/** EditMemberStatus; disabling ends the member's sessions at once. Answers the account. */
export async function setMemberStatus(db: Kysely<DB>, memberId: number, status: number, now: number): Promise<string> {
  const member = await getMember(db, memberId);
  await db.transaction().execute((trx) => changeMemberStatus(trx, memberId, status, now));
  return member.account;
}

/** The change itself, in the caller's transaction (批量停用 changes several in one). */
export async function changeMemberStatus(trx: Kysely<DB>, memberId: number, status: number, now: number): Promise<void> {
  await trx
    .updateTable('members')
    .set({ status, updated_at: formatCst(now) })
    .where('id', '=', memberId)
    .execute();
  await refreshMemberState(trx, memberId, cstDate(now));
  if (status !== MemberStatus.Enabled) await endMemberSessions(trx, memberId);
}
