import type ExcelJS from 'exceljs';
import { exceljs } from '../../http/exceljs.js';
import { examStatusNames, idTypeNames } from '@portal/shared';
import { sheetColumns, statusColumn } from './columns.js';
import { IMPORT_MAX_ROWS } from './import.js';
import { pageWindow } from '../../http/paging.js';
import type { ExportColumn, PageReader } from '../../http/xlsx-export.js';
import { templateSheet } from '../uploads/xlsx-import.js';
import type { IdNumberSeal } from '../../db/sealed-id-numbers.js';
import { maskIdNumber } from './dto.js';
import { newestFirst, toRecord, type CertRecord, type RecordQuery } from './records.js';

/** Spreadsheets the back office downloads: the import template and the export of a search. */

const DAY_FORMAT = 'yyyy-mm-dd';
const columnLetter = (index: number) => String.fromCharCode(65 + index);

/**
 * The export's columns: the import's plus 状态, so an export can be corrected and imported again;
 * ID numbers masked but for staff allowed to see them in full (such a file cannot be imported
 * again as it is: the masked numbers are refused).
 */
export const exportColumns = ({ unmasked }: { unmasked: boolean }): readonly ExportColumn<CertRecord>[] => [
  ...sheetColumns.map((c) => (c.field === 'idNum' && !unmasked ? { ...c, cell: (r: CertRecord) => maskIdNumber(r.idNum) } : c)),
  statusColumn,
];

/** The records of a search a page at a time, newest exam first. */
export const recordPages =
  (idNumbers: IdNumberSeal, query: RecordQuery): PageReader<CertRecord> =>
  async (page) => {
    const { limit, offset } = pageWindow(page);
    return (await newestFirst(query).limit(limit).offset(offset).execute()).map((r) => toRecord(idNumbers, r));
  };

/**
 * 导入模板.xlsx: the import's columns with their notes on the headers, an example row (which
 * the importer skips if it is left in place), text-formatted number columns and drop-down
 * lists for 考试结果 and 证件类型.
 */
export async function importTemplate(): Promise<Buffer> {
  const workbook = new (await exceljs()).Workbook();
  const sheet = templateSheet(
    workbook,
    '导入模板',
    sheetColumns.map((c) => ({ ...c, numFmt: c.text ? '@' : DAY_FORMAT })),
  );
  sheet.addRow(sheetColumns.map((c) => (c.text || c.example === '' ? c.example : new Date(`${c.example}T00:00:00Z`))));
  const lists = { examStatus: Object.values(examStatusNames), idType: Object.values(idTypeNames) } as const;
  sheetColumns.forEach((c, i) => {
    const choices = c.field === 'examStatus' || c.field === 'idType' ? lists[c.field] : null;
    if (!choices) return;
    const letter = columnLetter(i);
    // A whole column range in one rule; exceljs supports it, its typings only know the per-cell form.
    (sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations.add(
      `${letter}2:${letter}${IMPORT_MAX_ROWS + 1}`,
      { type: 'list', allowBlank: true, formulae: [`"${choices.join(',')}"`] },
    );
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
