import { listOf, memberPaymentDto, memberPaymentListQuery, type MemberPaymentDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { requireAdmin } from '../system/auth/guard.js';
import { list } from '../../http/envelope.js';
import { xlsxAnswer, type ExportColumn } from '../../http/xlsx-export.js';
import { sendListExport } from '../system/list-export.js';
import { adminDocs } from '../members/docs.js';
import { toPaymentDto } from './dto.js';
import { listPayments } from './payments.js';
import { PAYMENT } from './route-parts.js';

/** 会费管理's export: what the list shows, amounts in 元. */
const paymentColumns: readonly ExportColumn<MemberPaymentDto>[] = [
  { header: '收据编号', width: 14, cell: (p) => p.ReceiptNo },
  { header: '会员编号', width: 12, cell: (p) => p.MemberNo },
  { header: '公司名称', width: 36, cell: (p) => p.MemberName },
  { header: '会员等级', width: 12, cell: (p) => p.LevelName },
  { header: '金额（元）', width: 12, cell: (p) => p.Amount },
  { header: '缴费日期', width: 12, cell: (p) => p.PaidOn },
  { header: '付款单位', width: 30, cell: (p) => p.Payer },
  { header: '缴费方式', width: 10, cell: (p) => p.MethodName },
  { header: '会籍期间', width: 24, cell: (p) => `${p.TermFrom} 至 ${p.TermTo}` },
  { header: '状态', width: 8, cell: (p) => p.StatusName },
  { header: '作废原因', width: 20, cell: (p) => p.VoidReason },
  { header: '备注', width: 30, cell: (p) => p.Note },
  { header: '登记人', width: 12, cell: (p) => p.Cashier },
  { header: '登记账号', width: 12, cell: (p) => p.RecordedBy },
  { header: '登记时间', width: 20, cell: (p) => p.CreateTime },
];

/** 会费管理's list and its export (GetMemberPaymentList, ExportMemberPaymentList). */
export async function membershipPaymentListAdmin(app: App): Promise<void> {
  const { database, config } = app.services;
  const { db } = database;

  app.get(
    '/GetMemberPaymentList',
    {
      onRequest: requireAdmin('member:payment:list'),
      schema: {
        ...adminDocs,
        summary: '缴费记录（按会员、等级、方式、状态、缴费日期、关键字筛选；分页）',
        querystring: memberPaymentListQuery,
        'x-data': listOf(memberPaymentDto),
      },
    },
    async (request) => {
      const page = await listPayments(db, request.query);
      return list(
        page.items.map((p) => toPaymentDto(p, config.assetBaseUrl)),
        page.total,
      );
    },
  );

  app.get(
    '/ExportMemberPaymentList',
    {
      onRequest: requireAdmin('member:payment:export'),
      schema: { ...adminDocs, summary: '导出缴费记录为 .xlsx（筛选同 GetMemberPaymentList）', querystring: memberPaymentListQuery, ...xlsxAnswer },
    },
    async (request, reply) =>
      sendListExport(request, reply, {
        permission: 'member:payment:export',
        target: PAYMENT,
        title: '缴费记录',
        asciiName: 'member-payments.xlsx',
        columns: paymentColumns,
        read: async (page) => (await listPayments(db, { ...request.query, ...page })).items.map((p) => toPaymentDto(p, config.assetBaseUrl)),
      }),
  );
}
