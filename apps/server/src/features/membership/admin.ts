import { z } from 'zod';
import {
  contentMessages,
  cstDate,
  idParam,
  integer,
  listOf,
  memberLevelTermsDto,
  memberMessages,
  memberPaymentDto,
  membershipDto,
  membershipReminderDto,
  membershipSummaryDto,
  memberBatchActions,
  memberBatchBody,
  memberPaymentListQuery,
  membershipMessages,
  MembershipState,
  membershipStateNames,
  messages,
  saveMemberLevelTermsBody,
  saveMemberPaymentBody,
  toYuan,
  voidMemberPaymentBody,
  type MemberPaymentDto,
  type MembershipSummaryDto,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { badRequest, list, notFound, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { xlsxAnswer, type ExportColumn } from '../../http/xlsx-export.js';
import { sendListExport } from '../system/list-export.js';
import { mailContext } from '../mail/context.js';
import { sendAttachment } from '../uploads/attachment.js';
import { adminDocs } from '../members/docs.js';
import { storedUploadDocs } from '../uploads/docs.js';
import { storeUpload } from '../uploads/records.js';
import { runMemberBatch } from './batch.js';
import { toLevelTermsDto, toPaymentDto, toReminderDto } from './dto.js';
import { duesOfYear, getPayment, listPayments, recordPayment, voidPayment } from './payments.js';
import { remindersOf } from './reminders.js';
import { membershipOf } from './standing.js';
import { receiptSealSvg } from './receipt-seal.js';
import { listLevelTerms, saveLevelTerms } from '../members/level-terms.js';

const PAYMENT = '会费';
const memberParams = z.object({ id: idParam });
const paymentMissing = { 404: membershipMessages.paymentNotFound };
const memberMissing = { 404: memberMessages.memberNotFound };

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
  { header: '登记人', width: 12, cell: (p) => p.RecordedBy },
  { header: '登记时间', width: 20, cell: (p) => p.CreateTime },
];

/** The membership cycle in the back office: level terms, dues, a member's standing and reminders, bulk actions. */
export async function membershipAdmin(app: App): Promise<void> {
  const { database, config, privateStorage, now } = app.services;
  const { db } = database;

  app.get(
    '/GetMemberLevelTerms',
    {
      onRequest: requireAdmin('member:level:list', 'member:payment:add'),
      schema: { ...adminDocs, summary: '会员等级及其年费、会籍期限、宽限期、是否需审核', 'x-data': z.array(memberLevelTermsDto) },
    },
    async () => ok((await listLevelTerms(db)).map(toLevelTermsDto)),
  );

  app.post(
    '/SaveMemberLevelTerms',
    {
      onRequest: requireAdmin('member:level:edit'),
      // A level never saved reads as the default terms (terms.ts), which an omitted field keeps too.
      preValidation: keepOmittedFields('LevelId', async (id) => {
        const level = (await listLevelTerms(db)).find((l) => l.levelId === id);
        return level && toLevelTermsDto(level);
      }),
      schema: {
        ...adminDocs,
        summary: '修改会员等级的会费标准（未传的字段保持原值）；已有会员的有效期至不变，自下次缴费起按新标准',
        body: saveMemberLevelTermsBody,
      },
    },
    async (request) => {
      const body = request.body;
      await adminWrite(
        request,
        {
          action: 'member:level:edit',
          target: '会员等级',
          targetId: body.LevelId,
          detail: (name) => `${name}：年费${body.AnnualFee}元，宽限期${body.GraceDays}天`,
        },
        () => saveLevelTerms(db, body, now()),
      );
      return ok(null, messages.saved);
    },
  );

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

  app.get(
    '/GetMemberPayment/:id',
    {
      onRequest: requireAdmin('member:payment:list'),
      schema: { ...adminDocs, summary: '一笔缴费（收据的内容）', params: memberParams, 'x-data': memberPaymentDto, 'x-codes': paymentMissing },
    },
    async (request) => ok(toPaymentDto(await getPayment(db, request.params.id), config.assetBaseUrl)),
  );

  // Drawn once: the site's name does not change while the process runs.
  let seal: string | undefined;
  app.get(
    '/GetReceiptSeal',
    {
      onRequest: requireAdmin('member:payment:list'),
      schema: { ...adminDocs, summary: '收据上的财务专用章（SVG，协会名称环绕）；仅会费管理可取，不公开', 'x-file': 'image/svg+xml' },
    },
    async (_request, reply) => {
      seal ??= receiptSealSvg(config.site.name);
      // Private and not kept, as every guarded answer (the guard says so): a seal is not for any cache.
      return reply.type('image/svg+xml; charset=utf-8').send(seal);
    },
  );

  app.get(
    '/GetMemberPaymentVoucher/:id',
    {
      onRequest: requireAdmin('member:payment:list'),
      schema: {
        ...adminDocs,
        summary: '下载缴费凭证（原文件名）',
        params: memberParams,
        'x-file': '*/*',
        'x-codes': { 404: `${membershipMessages.paymentNotFound}；${membershipMessages.voucherMissing}` },
      },
    },
    async (request, reply) => {
      const payment = await getPayment(db, request.params.id);
      if (!payment.voucherPath) throw notFound(membershipMessages.voucherMissing);
      return sendAttachment(app.services, reply, payment.voucherPath);
    },
  );

  app.post(
    '/UploadMemberPaymentVoucher',
    {
      onRequest: requireAdmin('member:payment:add'),
      schema: { ...adminDocs, summary: '上传缴费凭证（multipart 字段 file；jpg/png/pdf，不超过10MB；不公开）', ...storedUploadDocs(false) },
    },
    async (request) => {
      const upload = request.isMultipart() ? await request.file() : undefined;
      if (!upload || upload.fieldname !== 'file') {
        upload?.file.resume();
        throw badRequest(contentMessages.uploadMissing);
      }
      return ok(
        await storeUpload(app.services, upload, 'paymentVoucher', `admin:${currentAdmin(request).adminId}`, privateStorage, request),
        messages.uploadOk,
      );
    },
  );

  app.post(
    '/SaveMemberPayment',
    {
      onRequest: requireAdmin('member:payment:add'),
      schema: {
        ...adminDocs,
        summary: '登记缴费：生成收据编号，有效期至顺延一个会籍期限（自今天与原有效期至中较晚者起）',
        body: saveMemberPaymentBody,
        'x-data': memberPaymentDto,
        'x-codes': memberMissing,
      },
    },
    async (request) => {
      const body = request.body;
      const payment = await adminWrite(
        request,
        {
          action: 'member:payment:add',
          target: PAYMENT,
          targetId: (p) => p.id,
          detail: (p) => `${p.receiptNo} ${p.account} ${toYuan(p.amountFen)}元 有效期至${p.termTo}`,
        },
        () => recordPayment(db, currentAdmin(request), body, now()),
      );
      return ok(toPaymentDto(payment, config.assetBaseUrl), membershipMessages.paymentRecorded(payment.termTo));
    },
  );

  app.post(
    '/VoidMemberPayment',
    {
      onRequest: requireAdmin('member:payment:void'),
      schema: {
        ...adminDocs,
        summary: '作废一笔缴费（仅该会员最近一笔）；有效期至恢复为缴费前',
        body: voidMemberPaymentBody,
        'x-data': memberPaymentDto,
        'x-codes': paymentMissing,
      },
    },
    async (request) => {
      const { PaymentId, Reason } = request.body;
      const payment = await adminWrite(
        request,
        { action: 'member:payment:void', target: PAYMENT, targetId: PaymentId, detail: (p) => `${p.receiptNo} ${p.account}：${Reason}` },
        () => voidPayment(db, PaymentId, Reason, now()),
      );
      return ok(toPaymentDto(payment, config.assetBaseUrl), membershipMessages.paymentVoided);
    },
  );

  app.get(
    '/GetMembershipSummary',
    {
      onRequest: requireAdmin('member:payment:list', 'member:list'),
      schema: {
        ...adminDocs,
        summary: '工作台：某年会费（按等级）与各会籍状态的会员数',
        querystring: z.object({ year: integer(messages.badParameter, { min: 2000, max: 2100 }).optional() }),
        'x-data': membershipSummaryDto,
      },
    },
    async (request) => {
      const year = request.query.year ?? Number(cstDate(now()).slice(0, 4));
      const [levels, states] = await Promise.all([
        duesOfYear(db, year),
        db
          .selectFrom('members')
          .select((eb) => ['membership_state', eb.fn.countAll<number>().as('n')])
          .where('apply_state', '=', 1)
          .groupBy('membership_state')
          .execute(),
      ]);
      const count = (state: number) => Number(states.find((s) => s.membership_state === state)?.n ?? 0);
      const summary: MembershipSummaryDto = {
        Year: year,
        Levels: levels.map((l) => ({ LevelId: l.levelId, LevelName: l.levelName, Payments: l.payments, Amount: toYuan(l.amountFen) })),
        Payments: levels.reduce((n, l) => n + l.payments, 0),
        Amount: toYuan(levels.reduce((n, l) => n + l.amountFen, 0)),
        States: Object.values(MembershipState).map((state) => ({ State: state, StateName: membershipStateNames[state], Members: count(state) })),
      };
      return ok(summary);
    },
  );

  app.get(
    '/GetMembership/:id',
    {
      onRequest: requireAdmin('member:list', 'member:payment:add'),
      schema: {
        ...adminDocs,
        summary: '会员的会籍：等级、年费、入会日期、有效期至、状态',
        params: memberParams,
        'x-data': membershipDto,
        'x-codes': memberMissing,
      },
    },
    async (request) => ok(await membershipOf(db, request.params.id, now())),
  );

  app.get(
    '/GetMemberReminders/:id',
    {
      onRequest: requireAdmin('member:list'),
      schema: { ...adminDocs, summary: '会员收到的续费提醒（新到旧，含邮件发送状态）', params: memberParams, 'x-data': z.array(membershipReminderDto) },
    },
    async (request) => ok((await remindersOf(db, request.params.id)).map(toReminderDto)),
  );

  app.post(
    '/MemberBatch',
    {
      onRequest: requireAdmin('member:audit', 'member:status', 'member:edit', 'member:remind'),
      schema: {
        ...adminDocs,
        summary: '会员列表批量操作：approve 批量通过、suspend 批量停用、level 修改等级（LevelId）、remind 发送续费提醒；一个事务，全部成功或全部不变',
        body: memberBatchBody,
        'x-data': z.int().describe('处理的会员数'),
      },
    },
    async (request) => {
      const body = request.body;
      const action = ({ approve: 'member:audit', suspend: 'member:status', level: 'member:edit', remind: 'member:remind' } as const)[body.Action];
      const mail = mailContext(request);
      const done = await adminWrite(request, { action, target: '会员', detail: (r) => `${memberBatchActions[body.Action]}：${r.accounts.join('、')}` }, () =>
        runMemberBatch(database, currentAdmin(request), body, mail, now()),
      );
      // Without a mail server the reminders are only recorded: staff must not read that they went out.
      if (body.Action === 'remind' && !mail) return ok(done.count, membershipMessages.remindedWithoutMail(done.count));
      return ok(done.count, membershipMessages.batchDone(memberBatchActions[body.Action], done.count));
    },
  );
}
