import { applyStateNames, memberStatusNames, PERMANENT_MEMBERSHIP, standingName } from '@portal/shared';
import type { ExportColumn } from '../../http/xlsx-export.js';
import { columnByHeader } from '../uploads/xlsx-import.js';
import type { Member } from './service.js';

/**
 * The columns of the member sheet. ExportMemberList writes them, GetMemberImportTemplate
 * heads its template with the ones the import reads, and ImportMembers reads them back by
 * header (any order, extra columns ignored), so an export imports back unchanged.
 */
export type MemberField =
  | 'account'
  | 'memberName'
  | 'companyType'
  | 'memberLevel'
  | 'legalPerson'
  | 'dailyOperator'
  | 'operatorPhone'
  | 'email'
  | 'regAddress'
  | 'mainbusiness'
  | 'companyMent'
  | 'remarks'
  | 'joinDate'
  | 'expireDate'
  | 'applyState'
  | 'status'
  | 'amount'
  | 'paidOn'
  | 'receiptNo';

export interface MemberColumn {
  header: string;
  /** Other headers association sheets use for the same column. */
  aliases: readonly string[];
  field: MemberField;
  /** A sheet without this column is refused. */
  required: boolean;
  width: number;
  /** The template's note on the header. */
  note: string;
  /** The export's cell; absent for the dues columns, which only the import reads. */
  cell?: (m: Member) => string;
}

export const memberColumns: readonly MemberColumn[] = [
  {
    header: '账号',
    aliases: ['会员账号', '登录账号'],
    field: 'account',
    required: true,
    width: 16,
    note: '必填，3-32位字母、数字或下划线，不可与已有账号重复',
    cell: (m) => m.account,
  },
  { header: '公司名称', aliases: ['单位名称', '会员名称'], field: 'memberName', required: true, width: 36, note: '必填，最多100字', cell: (m) => m.memberName },
  {
    header: '单位归类',
    aliases: [],
    field: 'companyType',
    required: true,
    width: 14,
    note: '必填，类型管理中已启用的单位归类名称',
    cell: (m) => m.companyTypeName,
  },
  {
    header: '会员等级',
    aliases: [],
    field: 'memberLevel',
    required: true,
    width: 12,
    note: '必填，类型管理中已启用的会员等级名称',
    cell: (m) => m.memberLevelName,
  },
  { header: '负责人', aliases: ['法定代表人'], field: 'legalPerson', required: true, width: 12, note: '必填', cell: (m) => m.legalPerson },
  { header: '联络人', aliases: ['联系人'], field: 'dailyOperator', required: false, width: 12, note: '选填', cell: (m) => m.dailyOperator },
  {
    header: '手机号码',
    aliases: ['手机', '联系电话', '电话'],
    field: 'operatorPhone',
    required: true,
    width: 14,
    note: '必填，手机或座机',
    cell: (m) => m.operatorPhone,
  },
  { header: '邮箱', aliases: ['电子邮箱'], field: 'email', required: true, width: 24, note: '必填', cell: (m) => m.email },
  { header: '注册地址', aliases: ['地址'], field: 'regAddress', required: false, width: 30, note: '选填，最多200字', cell: (m) => m.regAddress },
  { header: '主营业务', aliases: [], field: 'mainbusiness', required: false, width: 30, note: '选填，最多500字', cell: (m) => m.mainbusiness },
  { header: '单位性质', aliases: [], field: 'companyMent', required: false, width: 12, note: '选填', cell: (m) => m.companyMent },
  { header: '备注', aliases: [], field: 'remarks', required: false, width: 20, note: '选填，最多500字', cell: (m) => m.remarks },
  { header: '入会日期', aliases: [], field: 'joinDate', required: false, width: 12, note: '日期，如2024-05-12；留空为导入当天', cell: (m) => m.joinDate },
  {
    header: '有效期至',
    aliases: ['到期日期'],
    field: 'expireDate',
    required: false,
    width: 12,
    note: '日期，不早于入会日期；留空按会员等级的会籍期限自入会日期起算；长期有效请填“长期”',
    // A member without an end date exports as 长期, so the sheet read back keeps them so.
    cell: (m) => m.expireDate || (standingName(m) === '' ? '' : PERMANENT_MEMBERSHIP),
  },
  {
    header: '审核状态',
    aliases: [],
    field: 'applyState',
    required: false,
    width: 10,
    note: '已通过或留空（只导入已入会的会员）',
    cell: (m) => applyStateNames[m.applyState],
  },
  {
    header: '状态',
    aliases: [],
    field: 'status',
    required: false,
    width: 8,
    note: '启用或停用，留空为启用',
    cell: (m) => memberStatusNames[m.status] ?? String(m.status),
  },
  {
    header: '缴费金额',
    aliases: ['会费金额'],
    field: 'amount',
    required: false,
    width: 12,
    note: '选填，最近一次缴费（元）；填写时须同时填写缴费日期、收据编号和有效期至',
  },
  { header: '缴费日期', aliases: [], field: 'paidOn', required: false, width: 12, note: '选填，不晚于今天' },
  { header: '收据编号', aliases: [], field: 'receiptNo', required: false, width: 16, note: '选填，1-32位字母、数字或短横线，不可重复' },
];

/** Columns the export writes and the import ignores: they follow from the rest. */
const informative: readonly ExportColumn<Member>[] = [
  {
    header: '会籍状态',
    width: 10,
    cell: standingName,
  },
  { header: '申请时间', width: 20, cell: (m) => m.appliedAt },
];

/** ExportMemberList's columns: what the import reads (dues apart), then the informative ones. */
export const memberExportColumns: readonly ExportColumn<Member>[] = [
  ...memberColumns.flatMap((c) => (c.cell ? [{ header: c.header, width: c.width, cell: c.cell }] : [])),
  ...informative,
];

export const memberColumnOf = columnByHeader(memberColumns);
