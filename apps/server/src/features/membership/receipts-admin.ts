import { memberPaymentDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { adminDocs } from '../members/docs.js';
import { toPaymentDto } from './dto.js';
import { getPayment } from './payments.js';
import { receiptSeal } from './receipt-seal.js';
import { memberParams, paymentMissing } from './route-parts.js';

/** A payment's receipt (收据) as the back office prints it: its content and the 财务专用章 (GetMemberPayment, GetReceiptSeal). */
export async function membershipReceiptsAdmin(app: App): Promise<void> {
  const { database, config } = app.services;
  const { db } = database;

  app.get(
    '/GetMemberPayment/:id',
    {
      onRequest: requireAdmin('member:payment:list'),
      schema: { ...adminDocs, summary: '一笔缴费（收据的内容）', params: memberParams, 'x-data': memberPaymentDto, 'x-codes': paymentMissing },
    },
    async (request) => ok(toPaymentDto(await getPayment(db, request.params.id), config.assetBaseUrl)),
  );

  app.get(
    '/GetReceiptSeal',
    {
      onRequest: requireAdmin('member:payment:list'),
      schema: { ...adminDocs, summary: '收据上的财务专用章（SVG，协会名称环绕）；仅会费管理可取，不公开', 'x-file': 'image/svg+xml' },
    },
    async (_request, reply) => {
      // Private and not kept, as every guarded answer (the guard says so): a seal is not for any cache.
      return reply.type('image/svg+xml; charset=utf-8').send(receiptSeal(config.site.name));
    },
  );
}
