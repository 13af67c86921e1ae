import { certStatusNames, examStatusNames, idTypeNames, type CertField } from '@portal/shared';
import { columnByHeader } from '../uploads/xlsx-import.js';
import type { CertRecord } from './records.js';

/**
 * The spreadsheet columns of the exam office's results sheet. The importer reads them (by header,
 * in any order), the template (导入模板.xlsx) is generated from them, and the export writes
 * them, so an export can be corrected and imported again.
 */
export interface SheetColumn {
  header: string;
  /** Other headers the exam office's own sheets use for the same column. */
  aliases: readonly string[];
  field: CertField;
  /** A sheet without this column is refused. */
  required: boolean;
  /** Text (not a number or date) in the template, so Excel keeps long numbers whole. */
  text: boolean;
  width: number;
  /** The template's note on the header cell. */
  note: string;
  /** The template's example row. */
  example: string;
  /** The cell of a record in an export. */
  cell: (r: CertRecord) => string;
}

export const sheetColumns: readonly SheetColumn[] = [
  { header: '姓名', aliases: ['考生姓名'], field: 'name', required: true, text: true, width: 12, note: '必填，最多50字', example: '张三', cell: (r) => r.name },
  {
    header: '身份证号',
    aliases: ['身份证号码', '证件号码', '证件号'],
    field: 'idNum',
    required: true,
    text: true,
    width: 22,
    note: '必填。居民身份证为18位，最后一位可为X；护照、通行证请在“证件类型”列注明。请保持文本格式，以免Excel截断长数字',
    example: '11010519491231002X',
    cell: (r) => r.idNum,
  },
  {
    header: '工作单位',
    aliases: ['单位', '单位名称'],
    field: 'company',
    required: false,
    text: true,
    width: 32,
    note: '选填，最多100字。与会员单位名称完全一致时，该会员可在会员中心查看此证书',
    example: '示例建设工程有限公司',
    cell: (r) => r.company,
  },
  {
    header: '考试时间',
    aliases: ['考试日期'],
    field: 'examTime',
    required: true,
    text: false,
    width: 14,
    note: '必填，日期，如2024-05-12或2024/5/12',
    example: '2024-05-12',
    cell: (r) => r.examTime,
  },
  {
    header: '考试结果',
    aliases: ['考试状态', '成绩'],
    field: 'examStatus',
    required: true,
    text: true,
    width: 10,
    note: '必填：合格、不合格或缺考（也可填1、2、0）',
    example: '合格',
    cell: (r) => examStatusNames[r.examStatus],
  },
  {
    header: '证书编号',
    aliases: ['证书号'],
    field: 'certNum',
    required: false,
    text: true,
    width: 20,
    note: '考试合格时必填，不可重复；不合格、缺考时留空',
    example: 'GCFX-2024-0001',
    cell: (r) => r.certNum,
  },
  {
    header: '发证日期',
    aliases: [],
    field: 'issueDate',
    required: false,
    text: false,
    width: 14,
    note: '考试合格时必填，不早于考试时间',
    example: '2024-06-01',
    cell: (r) => r.issueDate,
  },
  { header: '备注', aliases: [], field: 'remarks', required: false, text: true, width: 24, note: '选填，最多200字', example: '', cell: (r) => r.remarks },
  {
    header: '证件类型',
    aliases: [],
    field: 'idType',
    required: false,
    text: true,
    width: 16,
    note: `选填，留空即为居民身份证；其他证件填：${Object.values(idTypeNames).slice(1).join('、')}`,
    example: '',
    cell: (r) => idTypeNames[r.idType],
  },
];

/** The export's extra column (the importer ignores it: imported records are 正常). */
export const statusColumn = { header: '状态', width: 10, cell: (r: CertRecord) => certStatusNames[r.status] } as const;

export const columnOfHeader = columnByHeader(sheetColumns);
