import { defuseFormula, type MemberImportResultDto } from '@portal/shared';
import type { ImportErrors } from '../../api/imports';

type ImportError = ImportErrors['Errors'][number];

/** A CSV field: quoted when it holds a separator, a quote or a line break; a leading = + - @ is defused so Excel does not run it as a formula. */
function field(value: string | number): string {
  const text = defuseFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines as a CSV Excel opens: UTF-8 with a byte-order mark, which Excel needs to read Chinese. */
const csv = (lines: (string | number)[][]) => `\uFEFF${lines.map((line) => line.map(field).join(',')).join('\r\n')}\r\n`;

/** The import's error report as a CSV the admin can open in Excel beside the sheet: 行号, 列, 问题, one line a problem. */
export function importReportCsv(errors: readonly ImportError[]): string {
  return csv([['行号', '列', '问题'], ...errors.map((e) => [e.Row, e.Column, e.Message])]);
}

/** The report's file name, after the sheet it is about: its 错误报告 by default, or another report (导入报告). */
export const importReportName = (sheetName: string, report = '错误报告') => `${sheetName.replace(/\.xlsx$/i, '')}_${report}.csv`;

/** A member import's initial passwords, one member a line, for the staff to hand over (the server shows them this once). */
export function initialPasswordsCsv(accounts: MemberImportResultDto['Accounts']): string {
  return csv([
    ['行号', '账号', '公司名称', '邮箱', '初始密码', '邮件通知'],
    ...accounts.map((a) => [a.Row, a.Account, a.MemberName, a.Email, a.Password, a.Mailed ? '已发送' : '未发送']),
  ]);
}

/** The passwords' file name, after the sheet imported. */
export const initialPasswordsName = (sheetName: string) => `${sheetName.replace(/\.xlsx$/i, '')}_初始密码.csv`;
