import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import {
  certFields,
  certMessages,
  certRecordIssues,
  Code,
  examStatusNames,
  ExamStatus,
  IdType,
  idTypeNames,
  isCalendarDate,
  type CertField,
  type CertImportError,
  type CertRecordInput,
} from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { AppError, badRequest } from '../../http/envelope.js';
import { columnOfHeader, sheetColumns, type SheetColumn } from './columns.js';
import { findConflicts, insertRecords, resultKey } from './records.js';

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
/** The header row is looked for among the first rows (a title may sit above it). */
const HEADER_SEARCH_ROWS = 10;

type Cell = ExcelJS.CellValue;

/** What a cell holds, without formula, link or rich-text wrapping. */
function plainValue(value: Cell): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return plainValue(value.result as Cell);
  if ('text' in value) return plainValue(value.text as Cell);
  return null;
}

/** Excel's day 0 is 1899-12-30 (its 1900 leap-year bug included), so serial 45424 is 2024-05-12. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/**
 * A date cell as yyyy-MM-dd: a real Excel date, a day serial in a plain number cell, or text
 * such as 2024-05-12, 2024/5/12, 2024.5.12, 2024年5月12日 or 20240512. Anything else is
 * passed on as written, for the field's rule to refuse with its message.
 */
function dayOf(value: ReturnType<typeof plainValue>): string {
  if (value instanceof Date) return isoDay(value);
  if (typeof value === 'number') return value > 0 && value < 2_958_466 ? isoDay(new Date(EXCEL_EPOCH_MS + Math.floor(value) * DAY_MS)) : String(value);
  const text = String(value ?? '').trim();
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!m) return text;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isCalendarDate(y, mo, d) ? `${y}-${pad(mo)}-${pad(d)}` : text;
}

const textOf = (value: ReturnType<typeof plainValue>) => (value instanceof Date ? isoDay(value) : String(value ?? '')).trim();

const examStatusWords = new Map<string, number>([
  ...Object.entries(examStatusNames).map(([status, name]) => [name, Number(status)] as const),
  ...Object.values(ExamStatus).map((status) => [String(status), status] as const),
]);
const idTypeWords = new Map<string, number>([['', IdType.Mainland], ...Object.entries(idTypeNames).flatMap(([type, name]) => [[name, Number(type)] as const, [type, Number(type)] as const])]);

/** A cell as the input its field's rule validates; a Problem when the cell itself is unusable. */
class Problem {
  constructor(readonly message: string) {}
}

function cellInput(column: SheetColumn, value: ReturnType<typeof plainValue>): unknown {
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
  let headerRow = 0;
  const columns = new Map<number, SheetColumn>();
  for (let r = 1; r <= Math.min(HEADER_SEARCH_ROWS, sheet.rowCount) && headerRow === 0; r++) {
    sheet.getRow(r).eachCell((cell, col) => {
      const column = columnOfHeader(textOf(plainValue(cell.value)));
      if (column && ![...columns.values()].includes(column)) columns.set(col, column);
    });
    if ([...columns.values()].some((c) => c.field === 'name')) headerRow = r;
    else columns.clear();
  }
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
    const values = new Map(sheetColumns.map((c) => [c, null as ReturnType<typeof plainValue>]));
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
function checkRow(row: number, values: Map<SheetColumn, ReturnType<typeof plainValue>>, errors: CertImportError[]): CertRecordInput | null {
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
async function checkDuplicates(db: Kysely<DB>, rows: SheetRow[], errors: CertImportError[]): Promise<void> {
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
  const taken = await findConflicts(db, rows.map((r) => r.input));
  for (const { row, input } of rows) {
    if (input.certNum && taken.certNums.has(input.certNum)) errors.push({ Row: row, Column: certNumColumn, Message: certMessages.certNumTaken });
    if (taken.results.has(resultKey(input))) errors.push({ Row: row, Column: idNumColumn, Message: certMessages.resultTaken });
  }
}

async function firstSheet(file: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  } catch {
    throw badRequest(certMessages.importUnreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest(certMessages.importEmpty);
  return sheet;
}

/** Imports the file's records; answers how many. Refuses with Code 400 and Data.Errors otherwise. */
export async function importCertificates(db: Kysely<DB>, file: Buffer, now: number): Promise<number> {
  const sheet = await firstSheet(file);
  const errors: CertImportError[] = [];
  const rows = readRows(sheet, errors);
  if (errors.length === 0 && rows.length === 0) throw badRequest(certMessages.importEmpty);
  return db.transaction().execute(async (trx) => {
    // Checked against the database inside the transaction that writes.
    await checkDuplicates(trx, rows, errors);
    if (errors.length > 0) {
      errors.sort((a, b) => a.Row - b.Row);
      throw new AppError(Code.BadRequest, certMessages.importFailed(errors.length), { Errors: errors.slice(0, MAX_REPORTED) });
    }
    await insertRecords(trx, rows.map((r) => r.input), now);
    return rows.length;
  });
}
