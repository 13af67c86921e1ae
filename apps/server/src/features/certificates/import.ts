import type ExcelJS from 'exceljs';
import {
  certFields,
  certMessages,
  certRecordIssues,
  Code,
  examStatusNames,
  ExamStatus,
  IdType,
  idTypeNames,
  type CertField,
  type CertImportError,
  type CertRecordInput,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { withKeyLocked } from '../../db/key-lock.js';
import { AppError, badRequest } from '../../http/envelope.js';
import { dayOf, firstSheet, headerOf, plainValue, textOf, type PlainValue } from '../uploads/xlsx-import.js';
import { columnOfHeader, sheetColumns, type SheetColumn } from './columns.js';
import { findConflicts, insertRecords, resultKey, type CertStore } from './records.js';

/**
 * ImportCerts: the exam office's .xlsx (first sheet; a header row with the columns of
 * ./columns.ts in any order, extra columns ignored). Either every row is valid and all are
 * written in one transaction, or nothing is written and every problem is reported with the
 * row number the spreadsheet shows and the column's header.
 */

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/** A report longer than this helps nobody; the count in the message stays exact. */
const MAX_REPORTED = 1000;

const examStatusWords = new Map<string, number>([
  ...Object.entries(examStatusNames).map(([status, name]) => [name, Number(status)] as const),
  ...Object.values(ExamStatus).map((status) => [String(status), status] as const),
]);
const idTypeWords = new Map<string, number>([
  ['', IdType.Mainland],
  ...Object.entries(idTypeNames).flatMap(([type, name]) => [[name, Number(type)] as const, [type, Number(type)] as const]),
]);

/** A cell as the input its field's rule validates; a Problem when the cell itself is unusable. */
class Problem {
  constructor(readonly message: string) {}
}

function cellInput(column: SheetColumn, value: PlainValue): unknown {
  switch (column.field) {
    case 'examTime':
    case 'issueDate':
      return dayOf(value);
    case 'examStatus':
      return examStatusWords.get(textOf(value)) ?? new Problem(certMessages.examStatusInvalid);
    case 'idType':
      return idTypeWords.get(textOf(value)) ?? new Problem(certMessages.idTypeInvalid);
    case 'idNum':
      // Excel keeps 15 significant digits: an 18-digit number typed into a number cell has lost its end.
      return typeof value === 'number' && !Number.isSafeInteger(value) ? new Problem(certMessages.idNumAsNumber) : textOf(value);
    default:
      return textOf(value);
  }
}

interface SheetRow {
  row: number;
  input: CertRecordInput;
}

/** The rows of the sheet, checked one by one; rows that are wholly blank are skipped. */
function readRows(sheet: ExcelJS.Worksheet, errors: CertImportError[]): SheetRow[] {
  const { headerRow, columns } = headerOf(sheet, columnOfHeader, (c) => c.field === 'name');
  const missing = sheetColumns.filter((c) => c.required && ![...columns.values()].includes(c));
  if (headerRow === 0 || missing.length > 0) {
    for (const c of missing) errors.push({ Row: Math.max(headerRow, 1), Column: c.header, Message: certMessages.columnMissing });
    return [];
  }

  const example = sheetColumns.map((c) => c.example).join('\u0000');
  const rows: SheetRow[] = [];
  // Only rows that hold something: a sheet formatted far down has no records there.
  sheet.eachRow((sheetRow, r) => {
    if (r <= headerRow) return;
    const values = new Map(sheetColumns.map((c) => [c, null as PlainValue]));
    for (const [col, column] of columns) values.set(column, plainValue(sheetRow.getCell(col).value));
    const texts = sheetColumns.map((c) => textOf(values.get(c) ?? null));
    // Blank rows, and the template's example row left in place, are not records.
    if (texts.every((t) => t === '') || texts.join('\u0000') === example) return;
    if (rows.length === IMPORT_MAX_ROWS) throw badRequest(certMessages.importTooManyRows(IMPORT_MAX_ROWS));
    const input = checkRow(r, values, errors);
    if (input) rows.push({ row: r, input });
  });
  return rows;
}

/** One row's record, or null after adding its problems to `errors`. */
function checkRow(row: number, values: Map<SheetColumn, PlainValue>, errors: CertImportError[]): CertRecordInput | null {
  const fields: Partial<Record<CertField, unknown>> = {};
  const before = errors.length;
  const report = (column: SheetColumn, message: string) => errors.push({ Row: row, Column: column.header, Message: message });
  for (const [column, value] of values) {
    const input = cellInput(column, value);
    const parsed = input instanceof Problem ? input : certFields[column.field].safeParse(input);
    if (parsed instanceof Problem) report(column, parsed.message);
    else if (!parsed.success) report(column, parsed.error.issues[0]?.message ?? certMessages.importUnreadable);
    else fields[column.field] = parsed.data;
  }
  if (errors.length > before) return null;
  const input = fields as CertRecordInput;
  const byField = new Map(sheetColumns.map((c) => [c.field, c]));
  for (const issue of certRecordIssues(input)) report(byField.get(issue.field) as SheetColumn, issue.message);
  return errors.length > before ? null : input;
}

/** Certificate numbers and results repeated within the file's valid rows, or already in the database. */
async function checkDuplicates(store: CertStore, rows: SheetRow[], errors: CertImportError[]): Promise<void> {
  const certNumColumn = sheetColumns.find((c) => c.field === 'certNum')?.header as string;
  const idNumColumn = sheetColumns.find((c) => c.field === 'idNum')?.header as string;
  const firstCertNum = new Map<string, number>();
  const firstResult = new Map<string, number>();
  for (const { row, input } of rows) {
    const seenCertNum = input.certNum ? firstCertNum.get(input.certNum) : undefined;
    if (seenCertNum !== undefined) errors.push({ Row: row, Column: certNumColumn, Message: certMessages.certNumRepeated(seenCertNum) });
    else if (input.certNum) firstCertNum.set(input.certNum, row);
    const seenResult = firstResult.get(resultKey(input));
    if (seenResult !== undefined) errors.push({ Row: row, Column: idNumColumn, Message: certMessages.resultRepeated(seenResult) });
    else firstResult.set(resultKey(input), row);
  }
  const taken = await findConflicts(
    store,
    rows.map((r) => r.input),
  );
  for (const { row, input } of rows) {
    if (input.certNum && taken.certNums.has(input.certNum)) errors.push({ Row: row, Column: certNumColumn, Message: certMessages.certNumTaken });
    if (taken.results.has(resultKey(input))) errors.push({ Row: row, Column: idNumColumn, Message: certMessages.resultTaken });
  }
}

/** Imports the file's records; answers how many. Refuses with Code 400 and Data.Errors otherwise. */
export async function importCertificates(database: Database, file: Buffer, now: number): Promise<number> {
  const sheet = await firstSheet(file);
  const errors: CertImportError[] = [];
  const rows = readRows(sheet, errors);
  if (errors.length === 0 && rows.length === 0) throw badRequest(certMessages.importEmpty);
  // Two imports take turns (db/key-lock.ts): each inserts its rows in file order, so two files
  // naming the same numbers in different orders would otherwise wait on each other's rows
  // until PostgreSQL aborts one as a deadlock; the second now finds the first's rows taken.
  return withKeyLocked(database, 'certificates:import', async (trx) => {
    // Checked against the database inside the transaction that writes.
    const store = { db: trx, idNumbers: database.idNumbers };
    await checkDuplicates(store, rows, errors);
    if (errors.length > 0) {
      errors.sort((a, b) => a.Row - b.Row);
      throw new AppError(Code.BadRequest, certMessages.importFailed(errors.length), { Errors: errors.slice(0, MAX_REPORTED) });
    }
    await insertRecords(
      store,
      rows.map((r) => r.input),
      now,
    );
    return rows.length;
  });
}
