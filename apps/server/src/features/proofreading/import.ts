import type ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { certMessages, formatCst, proofreadingMessages, wrongWordFields, wrongWordSeverityNames, type WrongWordSeverity } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { badRequest } from '../../http/envelope.js';
import { firstSheet, headerOf, plainValue, textOf } from '../uploads/xlsx-import.js';
import { normaliseWord } from '../sensitive-words/matcher.js';
import { columnOfHeader, severityOfCell, wrongWordColumns, type WrongWordColumn } from './sheet.js';
import { dictionaryChanged, entryProblem } from './service.js';

/**
 * ImportWrongWords: an .xlsx of 错误写法 / 正确写法 / 级别 (first sheet, header found by name).
 * Unlike the record imports, a bad row does not stop the file: the good rows are imported and
 * each row left out is named with its reason, as the sensitive-word import skips what it cannot
 * add. A row whose wrong form the dictionary holds already updates that entry (so an export,
 * edited, imports back), and says what it replaced; a row the same as its entry changes nothing.
 * Within the file the first row of a wrong form counts.
 */

export const WRONG_WORDS_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const WRONG_WORDS_IMPORT_MAX_ROWS = 20_000;
/** Rows a statement reads or writes: well under either engine's limit of bound values. */
const CHUNK = 500;

export interface ImportNote {
  row: number;
  column: string;
  message: string;
}

export interface WrongWordsImported {
  added: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Each row updated or left out, in row order. */
  notes: ImportNote[];
}

interface SheetEntry {
  row: number;
  wrong: string;
  right: string;
  severity: WrongWordSeverity;
  form: string;
}

const headerOfField = (field: WrongWordColumn['field']) => wrongWordColumns.find((c) => c.field === field)!.header;

/** One row as an entry, or its problem as a note. */
function readRow(row: number, cells: Map<WrongWordColumn['field'], string>): SheetEntry | ImportNote {
  const input = { Wrong: cells.get('Wrong') ?? '', Right: cells.get('Right') ?? '', Severity: severityOfCell(cells.get('Severity') ?? '') };
  for (const field of ['Wrong', 'Right', 'Severity'] as const) {
    const parsed = wrongWordFields[field].safeParse(input[field]);
    if (!parsed.success) return { row, column: headerOfField(field), message: parsed.error.issues[0]?.message ?? certMessages.importUnreadable };
  }
  const problem = entryProblem(input.Wrong, input.Right);
  if (problem) return { row, column: headerOfField('Right'), message: problem };
  return { row, wrong: input.Wrong, right: input.Right, severity: input.Severity as WrongWordSeverity, form: normaliseWord(input.Wrong) };
}

/** The sheet's entries, first row of each form; the rows left out as notes. */
function readSheet(sheet: ExcelJS.Worksheet, notes: ImportNote[]): SheetEntry[] {
  const { headerRow, columns } = headerOf(sheet, columnOfHeader, (c) => c.field === 'Wrong');
  const present = new Set([...columns.values()].map((c) => c.field));
  if (!present.has('Wrong') || !present.has('Right')) throw badRequest(proofreadingMessages.columnsMissing);
  const entries = new Map<string, SheetEntry>();
  let rows = 0;
  sheet.eachRow((sheetRow, r) => {
    if (r <= headerRow) return;
    const cells = new Map([...columns].map(([col, column]) => [column.field, textOf(plainValue(sheetRow.getCell(col).value))]));
    if ([...cells.values()].every((text) => text === '')) return;
    if (++rows > WRONG_WORDS_IMPORT_MAX_ROWS) throw badRequest(certMessages.importTooManyRows(WRONG_WORDS_IMPORT_MAX_ROWS));
    const read = readRow(r, cells);
    const first = 'form' in read ? entries.get(read.form) : undefined;
    if (!('form' in read)) notes.push({ ...read, message: proofreadingMessages.skipped(read.message) });
    else if (first)
      notes.push({ row: r, column: headerOfField('Wrong'), message: proofreadingMessages.skipped(proofreadingMessages.repeatedInFile(first.row)) });
    else entries.set(read.form, read);
  });
  if (rows === 0) throw badRequest(certMessages.importEmpty);
  return [...entries.values()];
}

/** Imports the sheet's entries in one transaction; answers what became of its rows. */
export async function importWrongWords(database: Database, file: Buffer, now: number): Promise<WrongWordsImported> {
  const notes: ImportNote[] = [];
  const entries = readSheet(await firstSheet(file), notes);
  const skipped = notes.length;
  const at = formatCst(now);
  const written = await database.db
    .transaction()
    .execute((trx) => writeEntries(trx, entries, at, notes))
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? badRequest(proofreadingMessages.importRaced) : error;
    });
  dictionaryChanged(database);
  notes.sort((a, b) => a.row - b.row);
  return { ...written, skipped, notes };
}

/** Adds the new entries and updates the changed ones (noting what each replaced); answers the counts. */
async function writeEntries(db: Kysely<DB>, entries: readonly SheetEntry[], at: string, notes: ImportNote[]) {
  const stored = new Map<string, { id: number; wrong: string; right: string; severity: WrongWordSeverity }>();
  const forms = entries.map((e) => e.form);
  for (let i = 0; i < forms.length; i += CHUNK) {
    const rows = await db
      .selectFrom('wrong_words')
      .select(['id', 'form', 'wrong', 'right', 'severity'])
      .where('form', 'in', forms.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) stored.set(r.form, r);
  }
  const fresh = entries.filter((e) => !stored.has(e.form));
  for (let i = 0; i < fresh.length; i += CHUNK) {
    await db
      .insertInto('wrong_words')
      .values(fresh.slice(i, i + CHUNK).map((e) => ({ wrong: e.wrong, right: e.right, severity: e.severity, form: e.form, created_at: at, updated_at: at })))
      .execute();
  }
  let updated = 0;
  for (const entry of entries) {
    const was = stored.get(entry.form);
    if (!was || (was.wrong === entry.wrong && was.right === entry.right && was.severity === entry.severity)) continue;
    await db
      .updateTable('wrong_words')
      .set({ wrong: entry.wrong, right: entry.right, severity: entry.severity, updated_at: at })
      .where('id', '=', was.id)
      .execute();
    notes.push({
      row: entry.row,
      column: headerOfField('Wrong'),
      message: proofreadingMessages.updatedFromFile(was.right, wrongWordSeverityNames[was.severity]),
    });
    updated += 1;
  }
  return { added: fresh.length, updated, unchanged: entries.length - fresh.length - updated };
}
