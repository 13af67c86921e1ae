import { randomBytes } from 'node:crypto';
import type { ExpressionBuilder, Expression, Kysely, Selectable, SqlBool } from 'kysely';
import {
  certMessages,
  CertStatus,
  ExamStatus,
  formatCst,
  isMaskedIdNumber,
  type CertRecordInput,
  type CertView,
  type ExamStatus as Exam,
  type IdType,
  type PagingQuery,
} from '@portal/shared';
import { chunksOf } from '../../db/chunks.js';
import type { DB } from '../../db/schema.js';
import type { IdNumberSeal } from '../../db/sealed-id-numbers.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';

/**
 * The certificates table: one record per exam result. Everything that reads or writes records
 * goes through here, so the column mapping, the uniqueness rules and the two back-office views
 * are written once.
 */
export interface CertRecord extends CertRecordInput {
  id: number;
  status: CertStatus;
  verifyToken: string;
  createdAt: string;
  updatedAt: string;
}

type Row = Selectable<DB['certificates']>;
type Where = (eb: ExpressionBuilder<DB, 'certificates'>) => Expression<SqlBool>;

/**
 * The database and the seal of its ID numbers (a Database, or a transaction with the seal):
 * records are read and written with ID numbers in the clear, stored sealed.
 */
export interface CertStore {
  db: Kysely<DB>;
  idNumbers: IdNumberSeal;
}

export const toRecord = (idNumbers: IdNumberSeal, r: Row): CertRecord => ({
  id: r.id,
  name: r.name,
  idType: r.id_type as IdType,
  idNum: idNumbers.open(r.id_num_sealed, r.id_num_key),
  company: r.company,
  examTime: r.exam_time,
  examStatus: r.exam_status as Exam,
  certNum: r.cert_num ?? '',
  issueDate: r.issue_date,
  remarks: r.remarks,
  status: r.status as CertStatus,
  verifyToken: r.verify_token,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const contentColumns = (idNumbers: IdNumberSeal, r: CertRecordInput) => ({
  name: r.name,
  id_type: r.idType,
  ...idNumbers.seal(r.idNum),
  company: r.company,
  exam_time: r.examTime,
  exam_status: r.examStatus,
  cert_num: r.certNum || null,
  issue_date: r.issueDate,
  remarks: r.remarks,
});

/** 32 random bytes: nobody can guess the verification address of a certificate they have not seen. */
export const newVerifyToken = () => randomBytes(32).toString('base64url');

/** Records not deleted. */
export const live: Where = (eb) => eb('status', '<>', CertStatus.Deleted);

/** What a view shows: 考试成绩 every result, 证书列表 the passed ones with a certificate. */
export const inView =
  (view: CertView): Where =>
  (eb) =>
    view === 'cert' ? eb.and([eb('exam_status', '=', ExamStatus.Passed), eb('cert_num', 'is not', null)]) : eb.and([]);

/** Whether a record's content belongs in a view (inView for one record). */
const fitsView = (view: CertView, r: CertRecordInput) => view === 'score' || (r.examStatus === ExamStatus.Passed && r.certNum !== '');

export const selectRecords = (db: Kysely<DB>) => db.selectFrom('certificates').selectAll();
export type RecordQuery = ReturnType<typeof selectRecords>;

/** The order of every list and file: newest exam first. */
export const newestFirst = (query: RecordQuery) => query.orderBy('exam_time', 'desc').orderBy('id', 'desc');

/** The live records of an ID number (its keyed hashes: no number is searched in the clear). */
export const ofIdNumber =
  (idNumbers: IdNumberSeal, idNum: string): Where =>
  (eb) =>
    eb('id_num_index', 'in', idNumbers.lookupIndexes(idNum));

/** One person's records, deleted ones too: the exact name with an ID number (its keyed hashes). */
export const ofPerson =
  (idNumbers: IdNumberSeal, name: string, idNum: string): Where =>
  (eb) =>
    eb.and([eb('name', '=', name), ofIdNumber(idNumbers, idNum)(eb)]);

/** A page of records, newest exam first, and how many there are. */
export async function pageOfRecords(idNumbers: IdNumberSeal, query: RecordQuery, paging: PagingQuery): Promise<{ items: CertRecord[]; total: number }> {
  const { limit, offset } = pageWindow(paging);
  const [rows, { total }] = await Promise.all([
    newestFirst(query).limit(limit).offset(offset).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toRecord(idNumbers, r)), total };
}

/** A record not deleted, within the view; 404 证书不存在 otherwise. */
export async function getRecord({ db, idNumbers }: CertStore, id: number, view: CertView = 'score'): Promise<CertRecord> {
  const row = await selectRecords(db).where('id', '=', id).where(live).where(inView(view)).executeTakeFirst();
  if (!row) throw notFound(certMessages.certNotFound);
  return toRecord(idNumbers, row);
}

/** Identity of a result: one per candidate and exam day. */
export const resultKey = (r: Pick<CertRecordInput, 'idNum' | 'examTime'>) => `${r.idNum}|${r.examTime}`;

const CHUNK = 500;
const chunks = <T>(items: readonly T[]) => chunksOf(items, CHUNK);

/**
 * The certificate numbers and results (resultKey) among `inputs` that live records already
 * hold, apart from record `exceptId` (the one being edited). Looked up in chunks, so a
 * spreadsheet of thousands of rows costs a few queries.
 */
export async function findConflicts(
  { db, idNumbers }: CertStore,
  inputs: readonly CertRecordInput[],
  exceptId = 0,
): Promise<{ certNums: Set<string>; results: Set<string> }> {
  const others = (eb: ExpressionBuilder<DB, 'certificates'>) => eb.and([live(eb), eb('id', '<>', exceptId)]);
  const certNums = new Set<string>();
  const results = new Set<string>();
  for (const part of chunks([...new Set(inputs.map((r) => r.certNum).filter(Boolean))])) {
    const rows = await db.selectFrom('certificates').select('cert_num').where(others).where('cert_num', 'in', part).execute();
    for (const r of rows) certNums.add(r.cert_num as string);
  }
  const wanted = new Set(inputs.map(resultKey));
  // Each number's keyed hashes, and back: the rows found need not be opened.
  const numberOf = new Map<string, string>();
  for (const idNum of new Set(inputs.map((r) => r.idNum))) for (const index of idNumbers.lookupIndexes(idNum)) numberOf.set(index, idNum);
  for (const part of chunks([...numberOf.keys()])) {
    const rows = await db.selectFrom('certificates').select(['id_num_index', 'exam_time']).where(others).where('id_num_index', 'in', part).execute();
    for (const r of rows) {
      const key = resultKey({ idNum: numberOf.get(r.id_num_index) ?? '', examTime: r.exam_time });
      if (wanted.has(key)) results.add(key);
    }
  }
  return { certNums, results };
}

/** The message for the first of a record's conflicts, if any. */
function conflictMessage(r: CertRecordInput, found: { certNums: Set<string>; results: Set<string> }): string | null {
  if (r.certNum && found.certNums.has(r.certNum)) return certMessages.certNumTaken;
  if (found.results.has(resultKey(r))) return certMessages.resultTaken;
  return null;
}

/**
 * A write that the unique indexes may refuse: a request racing this one can take a number
 * between the check and the write; the refusal then answers `message` rather than a failure.
 */
async function guarded<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(message);
    throw error;
  }
}

/**
 * EditCertInfo: adds (id 0) or edits a live record of the view; the 证书列表 view only holds
 * passed results with a certificate. Answers the record's id.
 */
export async function saveRecord(store: CertStore, id: number, input: CertRecordInput, status: CertStatus, view: CertView, now: number): Promise<number> {
  const { db, idNumbers } = store;
  // The body's check lets a masked number through for the dialog's sake (admin.ts); never stored.
  if (isMaskedIdNumber(input.idNum)) throw badRequest(certMessages.idNumMasked);
  if (id !== 0) await getRecord(store, id, view);
  if (!fitsView(view, input)) throw badRequest(certMessages.notInCertView);
  const conflict = conflictMessage(input, await findConflicts(store, [input], id));
  if (conflict) throw badRequest(conflict);
  const at = formatCst(now);
  const taken = input.certNum ? certMessages.certNumTaken : certMessages.resultTaken;
  if (id === 0) {
    return guarded(taken, async () => {
      const row = await db
        .insertInto('certificates')
        .values({ ...contentColumns(idNumbers, input), status, verify_token: newVerifyToken(), created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }
  await guarded(taken, () =>
    db
      .updateTable('certificates')
      .set({ ...contentColumns(idNumbers, input), status, updated_at: at })
      .where('id', '=', id)
      .execute(),
  );
  return id;
}

/** Inserts many records (an import) in batches; run it inside the caller's transaction. */
export async function insertRecords({ db, idNumbers }: CertStore, inputs: readonly CertRecordInput[], now: number): Promise<void> {
  const at = formatCst(now);
  for (const part of chunks(inputs)) {
    const values = part.map((r) => ({
      ...contentColumns(idNumbers, r),
      status: CertStatus.Normal,
      verify_token: newVerifyToken(),
      created_at: at,
      updated_at: at,
    }));
    await guarded(certMessages.importRaced, () => db.insertInto('certificates').values(values).execute());
  }
}

/**
 * DelCerts (status -1) and EditCertStatus (正常 / 官网隐藏) on the live records of a view;
 * answers how many changed. A deleted record stays deleted.
 */
export async function setRecordStatus(db: Kysely<DB>, ids: number[], status: CertStatus, view: CertView, now: number): Promise<number> {
  const result = await db
    .updateTable('certificates')
    .set({ status, updated_at: formatCst(now) })
    .where('id', 'in', ids)
    .where(live)
    .where(inView(view))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
