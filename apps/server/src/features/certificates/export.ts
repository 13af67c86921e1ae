import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { examStatusNames, idTypeNames } from '@portal/shared';
import { sheetColumns, statusColumn } from './columns.js';
import { IMPORT_MAX_ROWS } from './import.js';
import { newestFirst, toRecord, type RecordQuery } from './records.js';

/** Spreadsheets the back office downloads: the import template and the export of a search. */

const EXPORT_PAGE = 1000;
const DAY_FORMAT = 'yyyy-mm-dd';
const columnLetter = (index: number) => String.fromCharCode(65 + index);

/**
 * The records of a search as .xlsx, in the import's columns plus 状态, newest exam first.
 * Streamed: rows are read a page at a time and written as they come, never held whole.
 */
export function exportWorkbook(query: RecordQuery, sheetName: string): Readable {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = [...sheetColumns, statusColumn].map((c) => ({ header: c.header, width: c.width }));
  const write = async () => {
    for (let offset = 0; ; offset += EXPORT_PAGE) {
      const rows = await newestFirst(query).limit(EXPORT_PAGE).offset(offset).execute();
      for (const row of rows) {
        const record = toRecord(row);
        sheet.addRow([...sheetColumns, statusColumn].map((c) => c.cell(record))).commit();
      }
      if (rows.length < EXPORT_PAGE) break;
    }
    sheet.commit();
    await workbook.commit();
  };
  // A failure half-way ends the download broken rather than passing for a complete file.
  write().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}

/**
 * 导入模板.xlsx: the import's columns with their notes on the headers, an example row (which
 * the importer skips if it is left in place), text-formatted number columns and drop-down
 * lists for 考试结果 and 证件类型.
 */
export async function importTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入模板');
  sheet.columns = sheetColumns.map((c) => ({ header: c.header, width: c.width, style: { numFmt: c.text ? '@' : DAY_FORMAT } }));
  const header = sheet.getRow(1);
  sheetColumns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.note = c.note;
    cell.font = { bold: true, color: { argb: c.required ? 'FFC00000' : 'FF000000' } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F2F2' } };
  });
  sheet.addRow(sheetColumns.map((c) => (c.text || c.example === '' ? c.example : new Date(`${c.example}T00:00:00Z`))));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const lists = { examStatus: Object.values(examStatusNames), idType: Object.values(idTypeNames) } as const;
  sheetColumns.forEach((c, i) => {
    const choices = c.field === 'examStatus' || c.field === 'idType' ? lists[c.field] : null;
    if (!choices) return;
    const letter = columnLetter(i);
    // A whole column range in one rule; exceljs supports it, its typings only know the per-cell form.
    (sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations.add(`${letter}2:${letter}${IMPORT_MAX_ROWS + 1}`, { type: 'list', allowBlank: true, formulae: [`"${choices.join(',')}"`] });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
