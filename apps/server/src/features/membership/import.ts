import type ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import {
  addDays,
  addYears,
  ApplyState,
  applyStateNames,
  type CertImportError,
  certMessages,
  Code,
  cstDate,
  editMemberInfoBody,
  type EditMemberInfoBody,
  formatCst,
  isDay,
  laterDay,
  memberImportLimits,
  memberImportMessages,
  membershipMessages,
  MemberStatus,
  memberStatusNames,
  PERMANENT_MEMBERSHIP,
  saveMemberPaymentBody,
  systemMessages,
  toFen,
  typeKinds,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { withKeyLocked } from '../../db/key-lock.js';
import type { DB } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, badRequest } from '../../http/envelope.js';
import { dayOf, firstSheet, headerOf, plainValue, textOf, type PlainValue } from '../uploads/xlsx-import.js';
import { companyColumns } from '../members/service.js';
import type { AdminPrincipal } from '../system/auth/access.js';
import { generatePassword } from '../system/auth/new-password.js';
import { hashGeneratedPassword } from '../system/auth/passwords.js';
import type { MailContext } from '../mail/context.js';
import { enqueueMails, type OutgoingMail } from '../mail/outbox.js';
import { memberColumnOf, memberColumns, type MemberColumn, type MemberField } from '../members/sheet-columns.js';
import { refreshStates } from '../members/states.js';
import { listLevelTerms, nextTerm } from '../members/level-terms.js';

/**
 * ImportMembers: an association's member list from its spreadsheet (members/sheet-columns.ts, by
 * header). Every row becomes an approved member with the level and company type named,
 * 入会日期, 有效期至 and, when the row has one, the last dues payment. Either every row is valid
 * and all are written in one transaction, or nothing is written and every problem is reported
 * by row number and column.
 *
 * Each member gets a random initial password of its own (one shared by all, with account names
 * as guessable as company pinyin, opened every account to any member who knew it). The staff
 * see each once in the answer to hand over, it is mailed to the member when mail is configured,
 * and the member must replace it at the first sign-in (members.must_change_password, as an
 * admin whose password another set).
 */

export const MEMBER_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Rows per INSERT: well within both engines' limits on bound parameters. */
const CHUNK = 200;
const MAX_REPORTED = 1000;

type Db = Kysely<DB>;

interface Payment {
  amountFen: number;
  paidOn: string;
  receiptNo: string;
}

interface MemberRow {
  row: number;
  body: EditMemberInfoBody;
  /** The random initial password (body.Pwd), until hashed. */
  password: string;
  status: number;
  levelName: string;
  payment: Payment | null;
}

/** Enabled entries of type lists 1 and 2 by name (the first, when a name is given twice). */
async function choicesOf(db: Db) {
  const entries = await db
    .selectFrom('type_items')
    .select(['id', 'type', 'name'])
    .where('status', '=', 1)
    .where('type', 'in', [typeKinds.companyType, typeKinds.memberLevel])
    .orderBy('id')
    .execute();
  const byName = (type: number) => {
    const names = new Map<string, number>();
    for (const e of entries) if (e.type === type && !names.has(e.name)) names.set(e.name, e.id);
    return names;
  };
  const terms = new Map((await listLevelTerms(db)).map((t) => [t.levelId, t]));
  return { companyTypes: byName(typeKinds.companyType), levels: byName(typeKinds.memberLevel), terms };
}
type Choices = Awaited<ReturnType<typeof choicesOf>>;

/** EditMemberInfo's fields by the sheet's: its rules (and messages) are the import's. */
const bodyFields: Partial<Record<keyof EditMemberInfoBody, MemberField>> = {
  Account: 'account',
  MemberName: 'memberName',
  CompanyType: 'companyType',
  MemberLevel: 'memberLevel',
  LegalPerson: 'legalPerson',
  DailyOperator: 'dailyOperator',
  OperatorPhone: 'operatorPhone',
  Email: 'email',
  RegAddress: 'regAddress',
  Mainbusiness: 'mainbusiness',
  CompanyMent: 'companyMent',
  Remarks: 'remarks',
  JoinDate: 'joinDate',
  ExpireDate: 'expireDate',
};

const approvedWords = new Set(['', applyStateNames[ApplyState.Approved]]);
const statusWords = new Map([['', MemberStatus.Enabled], ...Object.entries(memberStatusNames).map(([status, name]) => [name, Number(status)] as const)]);

/** One row checked: the member, or null after its problems were added to `problems`. */
function checkRow(cells: Map<MemberField, PlainValue>, choices: Choices, today: string, problems: Map<MemberField, string>): Omit<MemberRow, 'row'> | null {
  const text = (field: MemberField) => textOf(cells.get(field) ?? null);
  const report = (field: MemberField, message: string) => {
    if (!problems.has(field)) problems.set(field, message);
  };
  const day = (field: MemberField) => {
    const value = dayOf(cells.get(field) ?? null);
    if (value !== '' && !isDay(value)) report(field, certMessages.dateInvalid);
    return value;
  };
  const choice = (field: MemberField, names: Map<string, number>, unknown: string) => {
    const name = text(field);
    if (name !== '' && !names.has(name)) report(field, unknown);
    return names.get(name) ?? 0;
  };

  const joinDate = day('joinDate') || today;
  const permanent = text('expireDate') === PERMANENT_MEMBERSHIP;
  const givenExpire = permanent ? '' : day('expireDate');
  if (isDay(joinDate) && isDay(givenExpire) && givenExpire < joinDate) report('expireDate', memberImportMessages.expireBeforeJoin);
  const memberLevel = choice('memberLevel', choices.levels, memberImportMessages.levelUnknown);
  // A blank 有效期至 is the level's first term from the join date: a member who never lapses
  // (no reminders, no end) is chosen with 长期, not by leaving a cell empty.
  const levelTerms = choices.terms.get(memberLevel);
  const expireDate = permanent || givenExpire !== '' || !levelTerms || !isDay(joinDate) ? givenExpire : nextTerm(levelTerms, '', joinDate).to;
  if (!approvedWords.has(text('applyState'))) report('applyState', memberImportMessages.applyStateInvalid);
  const status = statusWords.get(text('status'));
  if (status === undefined) report('status', memberImportMessages.statusInvalid);

  // Made to every rule for this account (new-password.ts), so no row is refused for it.
  const password = generatePassword(text('account'));
  const parsed = editMemberInfoBody.safeParse({
    MemberId: 0,
    Account: text('account'),
    Pwd: password,
    MemberName: text('memberName'),
    CompanyType: choice('companyType', choices.companyTypes, memberImportMessages.companyTypeUnknown),
    MemberLevel: memberLevel,
    LegalPerson: text('legalPerson'),
    DailyOperator: text('dailyOperator'),
    OperatorPhone: text('operatorPhone'),
    Email: text('email'),
    RegAddress: text('regAddress'),
    Mainbusiness: text('mainbusiness'),
    CompanyMent: text('companyMent'),
    Remarks: text('remarks'),
    JoinDate: joinDate,
    ExpireDate: expireDate,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = bodyFields[issue.path[0] as keyof EditMemberInfoBody];
      if (field) report(field, issue.message);
    }
  }
  // A payment names the term it paid for: the sheet's own 有效期至, never one worked out here.
  const payment = checkPayment(text, day, givenExpire, today, report);
  if (problems.size > 0 || !parsed.success) return null;
  const levelName = text('memberLevel');
  return { body: parsed.data, password, status: status ?? MemberStatus.Enabled, levelName, payment };
}

/** The row's last dues payment: none when its three cells are blank, else all three and an 有效期至. */
function checkPayment(
  text: (field: MemberField) => string,
  day: (field: MemberField) => string,
  expireDate: string,
  today: string,
  report: (field: MemberField, message: string) => void,
): Payment | null {
  const [amount, receiptNo] = [text('amount'), text('receiptNo')];
  const paidOn = day('paidOn');
  if (amount === '' && receiptNo === '' && paidOn === '') return null;
  const fen = saveMemberPaymentBody.shape.Amount.safeParse(amount);
  if (amount === '') report('amount', memberImportMessages.amountRequired);
  else if (!fen.success) report('amount', membershipMessages.amountInvalid);
  if (paidOn === '') report('paidOn', membershipMessages.paidOnRequired);
  else if (paidOn > today) report('paidOn', membershipMessages.paidOnFuture);
  if (receiptNo === '') report('receiptNo', memberImportMessages.receiptRequired);
  else if (!saveMemberPaymentBody.shape.ReceiptNo.safeParse(receiptNo).success) report('receiptNo', membershipMessages.receiptNoInvalid);
  if (expireDate === '') report('expireDate', memberImportMessages.paymentNeedsExpire);
  return fen.success ? { amountFen: toFen(fen.data), paidOn, receiptNo } : null;
}

/** The sheet's members, checked row by row; wholly blank rows are skipped. */
function readRows(sheet: ExcelJS.Worksheet, choices: Choices, today: string, errors: CertImportError[]): MemberRow[] {
  const { headerRow, columns } = headerOf(sheet, memberColumnOf, (c) => c.field === 'account');
  const missing = memberColumns.filter((c) => c.required && ![...columns.values()].includes(c));
  if (headerRow === 0 || missing.length > 0) {
    for (const c of missing) errors.push({ Row: Math.max(headerRow, 1), Column: c.header, Message: certMessages.columnMissing });
    return [];
  }
  const rows: MemberRow[] = [];
  let count = 0;
  sheet.eachRow((sheetRow, r) => {
    if (r <= headerRow) return;
    const cells = new Map<MemberField, PlainValue>([...columns].map(([col, column]) => [column.field, plainValue(sheetRow.getCell(col).value)]));
    if ([...cells.values()].every((value) => textOf(value) === '')) return;
    if (++count > memberImportLimits.maxRows) throw badRequest(certMessages.importTooManyRows(memberImportLimits.maxRows));
    const problems = new Map<MemberField, string>();
    const member = checkRow(cells, choices, today, problems);
    // In the sheet's column order, whatever order the rules ran in.
    for (const column of memberColumns) {
      const message = problems.get(column.field);
      if (message) errors.push({ Row: r, Column: column.header, Message: message });
    }
    if (member) rows.push({ row: r, ...member });
  });
  return rows;
}

const headerOfField = (field: MemberField) => (memberColumns.find((c) => c.field === field) as MemberColumn).header;

/** Values already in the database, among `values`, in chunks the engines bind comfortably. */
async function taken(values: string[], find: (chunk: string[]) => Promise<string[]>): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < values.length; i += 1000) for (const value of await find(values.slice(i, i + 1000))) found.add(value);
  return found;
}

/** Accounts and receipt numbers repeated within the file, or already in the database. */
async function checkDuplicates(db: Db, rows: MemberRow[], errors: CertImportError[]): Promise<void> {
  const repeated = (field: MemberField, key: (r: MemberRow) => string, message: (first: number) => string) => {
    const first = new Map<string, number>();
    for (const r of rows) {
      const value = key(r);
      const seen = first.get(value);
      if (value === '') continue;
      if (seen === undefined) first.set(value, r.row);
      else errors.push({ Row: r.row, Column: headerOfField(field), Message: message(seen) });
    }
  };
  const receiptOf = (r: MemberRow) => r.payment?.receiptNo ?? '';
  repeated('account', (r) => r.body.Account, memberImportMessages.accountRepeated);
  repeated('receiptNo', receiptOf, memberImportMessages.receiptRepeated);
  const accounts = await taken(
    rows.map((r) => r.body.Account),
    async (chunk) => (await db.selectFrom('members').select('account').where('account', 'in', chunk).execute()).map((m) => m.account),
  );
  const receipts = await taken(
    rows.map(receiptOf).filter((r) => r !== ''),
    async (chunk) => (await db.selectFrom('member_payments').select('receipt_no').where('receipt_no', 'in', chunk).execute()).map((p) => p.receipt_no),
  );
  for (const r of rows) {
    if (accounts.has(r.body.Account)) errors.push({ Row: r.row, Column: headerOfField('account'), Message: systemMessages.accountTaken });
    if (receipts.has(receiptOf(r))) errors.push({ Row: r.row, Column: headerOfField('receiptNo'), Message: membershipMessages.receiptNoTaken });
  }
}

function refusal(errors: CertImportError[]): AppError {
  errors.sort((a, b) => a.Row - b.Row);
  return new AppError(Code.BadRequest, certMessages.importFailed(errors.length), { Errors: errors.slice(0, MAX_REPORTED) });
}

/** A checked row with its initial password hashed. */
type HashedRow = MemberRow & { passwordHash: string };

/** The rows written: members, then their payments (the term paid for ends on 有效期至). */
async function insertRows(trx: Db, rows: HashedRow[], admin: AdminPrincipal, now: number): Promise<void> {
  const at = formatCst(now);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const inserted = await trx
      .insertInto('members')
      .values(
        chunk.map(({ body, status, passwordHash }) => ({
          ...companyColumns(body),
          reg_capital: 0,
          staff_count: 0,
          join_date: body.JoinDate,
          expire_date: body.ExpireDate,
          account: body.Account,
          password_hash: passwordHash,
          // Known to the staff who imported it: the first sign-in opens nothing but its replacement.
          must_change_password: 1,
          apply_state: ApplyState.Approved,
          status,
          applied_at: at,
          created_at: at,
          updated_at: at,
          last_login_at: '',
          process_item_name: '',
        })),
      )
      .returning(['id', 'account'])
      .execute();
    const ids = new Map(inserted.map((m) => [m.account, m.id]));
    const paid = chunk.flatMap(({ body, levelName, payment }) => (payment ? [{ body, levelName, payment }] : []));
    if (paid.length === 0) continue;
    await trx
      .insertInto('member_payments')
      .values(
        paid.map(({ body, levelName, payment }) => ({
          receipt_no: payment.receiptNo,
          member_id: ids.get(body.Account) as number,
          level_id: body.MemberLevel,
          level_name: levelName,
          amount_fen: payment.amountFen,
          paid_on: payment.paidOn,
          payer: body.MemberName,
          method: 'other',
          voucher_path: '',
          note: '导入',
          // The term the payment paid for: the year up to 有效期至, not before joining.
          term_from: laterDay(body.JoinDate, addDays(addYears(body.ExpireDate, -1), 1)),
          term_to: body.ExpireDate,
          expire_before: '',
          admin_id: admin.adminId,
          admin_account: admin.account,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
}

/** An imported member as the import's answer lists them for the staff: their initial password, and whether it was mailed. */
export interface ImportedMember {
  row: number;
  account: string;
  memberName: string;
  email: string;
  password: string;
  mailed: boolean;
}

/**
 * The e-mail that gives an imported member their account and initial password. Marked secret:
 * the outbox empties its body once it is sent (features/mail/outbox.ts).
 */
function initialPasswordMail(context: MailContext, row: MemberRow): OutgoingMail {
  const body = [
    `${row.body.MemberName}：`,
    '',
    `贵单位已成为${context.siteName}会员，会员账号已开通。`,
    `账号：${row.body.Account}`,
    `初始密码：${row.password}`,
    '',
    `请在 ${context.baseUrl}/home 点击“会员登录”登录，首次登录须修改初始密码。`,
    '',
    '（本邮件由系统自动发送，请勿直接回复。）',
    context.siteName,
  ].join('\n');
  return { recipient: row.body.Email, subject: `【${context.siteName}】会员账号开通通知`, body, secret: true };
}

/**
 * Imports the file's members, each with a random initial password of its own, mailed to them in
 * the same transaction when `mail` is given (SMTP configured); answers the members with their
 * passwords for the staff. Refuses with Code 400 and Data.Errors otherwise. Two imports of the
 * same accounts at once: one wins, the other finds them taken (checked again after its INSERT
 * lost the race on the unique account) and fails whole.
 */
export async function importMembers(database: Database, admin: AdminPrincipal, file: Buffer, mail: MailContext | null, now: number): Promise<ImportedMember[]> {
  const { db } = database;
  const sheet = await firstSheet(file);
  const today = cstDate(now);
  const readErrors: CertImportError[] = [];
  const rows = readRows(sheet, await choicesOf(db), today, readErrors);
  if (readErrors.length === 0 && rows.length === 0) throw badRequest(certMessages.importEmpty);
  // One at a time, before the transaction, and only for a file that may be imported: hashing
  // shares the thread pool with every other request's files and sign-ins.
  const hashed: HashedRow[] = [];
  if (readErrors.length === 0) for (const row of rows) hashed.push({ ...row, passwordHash: await hashGeneratedPassword(row.password) });
  try {
    // Two imports take turns (db/key-lock.ts): each inserts its rows in file order, so two files
    // naming the same accounts in different orders would otherwise wait on each other's rows
    // until PostgreSQL aborts one as a deadlock, a failure with no row to show.
    return await withKeyLocked(database, 'members:import', async (trx) => {
      const errors = [...readErrors];
      await checkDuplicates(trx, rows, errors);
      if (errors.length > 0) throw refusal(errors);
      await insertRows(trx, hashed, admin, now);
      await refreshStates(trx, today);
      if (mail)
        await enqueueMails(
          trx,
          rows.map((row) => initialPasswordMail(mail, row)),
          now,
        );
      return rows.map((row) => ({
        row: row.row,
        account: row.body.Account,
        memberName: row.body.MemberName,
        email: row.body.Email,
        password: row.password,
        mailed: mail !== null,
      }));
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another import (or a payment) committed the same account or receipt number meanwhile.
    const errors = [...readErrors];
    await checkDuplicates(db, rows, errors);
    throw errors.length > 0 ? refusal(errors) : badRequest(memberImportMessages.overlapping);
  }
}
