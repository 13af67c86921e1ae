import type { FastifyRequest } from 'fastify';
import type ExcelJS from 'exceljs';
import { exceljs } from '../../http/exceljs.js';
import { z } from 'zod';
import { certMessages, contentMessages, isCalendarDate, restoreDefused } from '@portal/shared';
import { extensionOf, matchesSignature } from './checks.js';
import { badRequest } from '../../http/envelope.js';

/** What the API document says of an import's refusal: Code 400 naming each cell at fault, nothing imported (Data null for other bad input). */
export const importRefusal = {
  400: {
    message: '表格有误，未导入任何记录：Data.Errors 列出每处错误 { Row, Column, Message }',
    data: z.object({ Errors: z.array(z.object({ Row: z.int(), Column: z.string(), Message: z.string() })) }).nullable(),
  },
};

/**
 * The back office's spreadsheet imports (ImportCerts, ImportMembers): the .xlsx received and
 * checked by name, size and content, its first sheet, its header row found by names, and
 * cells read as the text or the day they show.
 */

/** What a cell holds, without formula, link or rich-text wrapping. */
export type PlainValue = string | number | boolean | Date | null;

export function plainValue(value: ExcelJS.CellValue): PlainValue {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return plainValue(value.result as ExcelJS.CellValue);
  if ('text' in value) return plainValue(value.text as ExcelJS.CellValue);
  return null;
}

/** Excel's day 0 is 1899-12-30 (its 1900 leap-year bug included), so serial 45424 is 2024-05-12. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/**
 * A cell as trimmed text; a date cell as yyyy-MM-dd. An apostrophe our exports put before a
 * leading = + - @ (defuseFormula) is taken off again, so an export imports back unchanged.
 */
export const textOf = (value: PlainValue) => restoreDefused((value instanceof Date ? isoDay(value) : String(value ?? '')).trim());

/**
 * A date cell as yyyy-MM-dd: a real Excel date, a day serial in a plain number cell, or text
 * such as 2024-05-12, 2024/5/12, 2024.5.12, 2024年5月12日 or 20240512. Anything else is
 * passed on as written, for the field's rule to refuse with its message.
 */
export function dayOf(value: PlainValue): string {
  if (value instanceof Date) return isoDay(value);
  if (typeof value === 'number') return value > 0 && value < 2_958_466 ? isoDay(new Date(EXCEL_EPOCH_MS + Math.floor(value) * DAY_MS)) : String(value);
  const text = String(value ?? '').trim();
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!m) return text;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isCalendarDate(y, mo, d) ? `${y}-${pad(mo)}-${pad(d)}` : text;
}

/** The first sheet of an uploaded workbook; a file exceljs cannot read is the import's message. */
export async function firstSheet(file: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new (await exceljs()).Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  } catch {
    throw badRequest(certMessages.importUnreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest(certMessages.importEmpty);
  return sheet;
}

/** A header as written, compared without spaces, required-field stars and notes in brackets: "* 考试时间（年-月-日）" is 考试时间. */
const headerKey = (text: string) => text.replace(/[（(].*$/, '').replace(/[\s*＊]/g, '');

/** The column a header names, by its header or one of its aliases. */
export const columnByHeader =
  <C extends { header: string; aliases: readonly string[] }>(columns: readonly C[]) =>
  (text: string): C | undefined => {
    const key = headerKey(text);
    return key === '' ? undefined : columns.find((c) => c.header === key || c.aliases.includes(key));
  };

/** The header row is looked for among the first rows (a title may sit above it). */
const HEADER_SEARCH_ROWS = 10;

/**
 * The header row: the first of the sheet's first rows that holds the key column, with the
 * sheet column of each known header (a column named twice counts once). Row 0 when none does.
 */
export function headerOf<C>(
  sheet: ExcelJS.Worksheet,
  columnOf: (header: string) => C | undefined,
  isKey: (column: C) => boolean,
): { headerRow: number; columns: Map<number, C> } {
  const columns = new Map<number, C>();
  for (let r = 1; r <= Math.min(HEADER_SEARCH_ROWS, sheet.rowCount); r++) {
    sheet.getRow(r).eachCell((cell, col) => {
      const column = columnOf(textOf(plainValue(cell.value)));
      if (column !== undefined && ![...columns.values()].includes(column)) columns.set(col, column);
    });
    if ([...columns.values()].some(isKey)) return { headerRow: r, columns };
    columns.clear();
  }
  return { headerRow: 0, columns };
}

/**
 * The .xlsx of an import (multipart field `file`): refused unless named .xlsx, no larger than
 * `maxBytes` and a zip by its first bytes. Answers the file and its name.
 */
export async function receiveXlsx(request: FastifyRequest, maxBytes: number) {
  const upload = await request.file({ limits: { fileSize: maxBytes } });
  if (!upload || upload.fieldname !== 'file') {
    upload?.file.resume();
    throw badRequest(contentMessages.uploadMissing);
  }
  if (extensionOf(upload.filename) !== 'xlsx') {
    upload.file.resume();
    throw badRequest(certMessages.importFileType);
  }
  const file = await upload.toBuffer().catch((error: { code?: string }) => {
    throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? badRequest(certMessages.importTooLarge) : error;
  });
  if (!matchesSignature('xlsx', file)) throw badRequest(certMessages.importFileType);
  return { file, filename: upload.filename };
}

export interface TemplateColumn {
  header: string;
  width: number;
  /** The note on the header cell. */
  note: string;
  /** Shown in red: a sheet without it is refused. */
  required: boolean;
  /** The column's cell format: '@' for text, so Excel keeps long numbers and leading zeros. */
  numFmt: string;
}

/** An import template's sheet: the columns under bold headers with their notes, the header row frozen. */
export function templateSheet(workbook: ExcelJS.Workbook, name: string, columns: readonly TemplateColumn[]): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width, style: { numFmt: c.numFmt } }));
  const header = sheet.getRow(1);
  columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.note = c.note;
    cell.font = { bold: true, color: { argb: c.required ? 'FFC00000' : 'FF000000' } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F2F2' } };
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return sheet;
}
