import { defuseFormula } from '@portal/shared';
import type { ImportErrors } from '../../api/imports';

type ImportError = ImportErrors['Errors'][number];

/** A CSV field: quoted when it holds a separator, a quote or a line break; a leading = + - @ is defused so Excel does not run it as a formula. */
function field(value: string | number): string {
  const text = defuseFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The import's error report as a CSV the admin can open in Excel beside the sheet: 行号, 列,
 * 问题, one line a problem. UTF-8 with a byte-order mark, which Excel needs to read Chinese.
 */
export function importReportCsv(errors: readonly ImportError[]): string {
  const lines = [['行号', '列', '问题'], ...errors.map((e) => [e.Row, e.Column, e.Message])];
  return `\uFEFF${lines.map((line) => line.map(field).join(',')).join('\r\n')}\r\n`;
}

/** The report's file name, after the sheet it is about. */
export const importReportName = (sheetName: string) => `${sheetName.replace(/\.xlsx$/i, '')}_错误报告.csv`;
