import { describe, expect, it } from 'vitest';
import { importReportCsv, importReportName } from './importReport';

describe('the import error report', () => {
  it('lists each problem on a line of a CSV Excel reads as UTF-8', () => {
    const csv = importReportCsv([
      { Row: 3, Column: '身份证号', Message: '身份证号码校验位不正确，请核对' },
      { Row: 5, Column: '备注', Message: 'a "quoted", two-part\nmessage' },
      { Row: 6, Column: '姓名', Message: '=HYPERLINK("x")' },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      '行号,列,问题',
      '3,身份证号,身份证号码校验位不正确，请核对',
      '5,备注,"a ""quoted"", two-part\nmessage"',
      `6,姓名,"'=HYPERLINK(""x"")"`,
      '',
    ]);
  });

  it('is named after the sheet', () => {
    expect(importReportName('2024年成绩.XLSX')).toBe('2024年成绩_错误报告.csv');
  });
});
