import { contentMessages, membershipMessages, messages } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { badRequest, notFound, ok } from '../../http/envelope.js';
import { sendAttachment } from '../uploads/attachment.js';
import { adminDocs } from '../members/docs.js';
import { storedUploadDocs } from '../uploads/docs.js';
import { storeUpload } from '../uploads/records.js';
import { getPayment } from './payments.js';
import { memberParams } from './route-parts.js';

/** A payment's voucher (缴费凭证), private: uploaded before SaveMemberPayment names it, opened through the guard (GetMemberPaymentVoucher, UploadMemberPaymentVoucher). */
export async function membershipVouchersAdmin(app: App): Promise<void> {
  const { database, privateStorage } = app.services;
  const { db } = database;

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
}
