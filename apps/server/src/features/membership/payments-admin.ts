import { memberPaymentDto, membershipMessages, saveMemberPaymentBody, toYuan, voidMemberPaymentBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { adminDocs } from '../members/docs.js';
import { mailContext } from '../mail/context.js';
import { nudgeOutbox } from '../mail/outbox.js';
import { toPaymentDto } from './dto.js';
import { recordPayment, voidPayment } from './payments.js';
import { memberMissing, PAYMENT, paymentMissing } from './route-parts.js';

/** 登记缴费 and 作废 (SaveMemberPayment, VoidMemberPayment): what moves a member's 有效期至. */
export async function membershipPaymentsAdmin(app: App): Promise<void> {
  const { database, config, now } = app.services;
  const { db } = database;

  app.post(
    '/SaveMemberPayment',
    {
      onRequest: requireAdmin('member:payment:add'),
      schema: {
        ...adminDocs,
        summary: '登记缴费：生成收据编号，有效期至顺延一个会籍期限（自今天与原有效期至中较晚者起）；配置了邮件且会员有邮箱时，向会员发送收据',
        body: saveMemberPaymentBody,
        'x-data': memberPaymentDto,
        'x-codes': memberMissing,
      },
    },
    async (request) => {
      const body = request.body;
      const { payment, mailed } = await adminWrite(
        request,
        {
          action: 'member:payment:add',
          target: PAYMENT,
          targetId: (r) => r.payment.id,
          detail: ({ payment: p }) => `${p.receiptNo} ${p.account} ${toYuan(p.amountFen)}元 有效期至${p.termTo}`,
        },
        () => recordPayment(db, currentAdmin(request), body, mailContext(request), now()),
      );
      if (mailed) nudgeOutbox(database);
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
}
