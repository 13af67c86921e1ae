import { z } from 'zod';
import { idParam, memberReceiptDto, membershipMessages } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { currentMember, requireMember } from '../members/guard.js';
import { memberDocs } from '../members/docs.js';
import { toReceiptDto } from './dto.js';
import { getMemberPayment, memberPayments } from './payments.js';
import { receiptSeal } from './receipt-seal.js';

/**
 * The member's own dues and receipts in 我的会籍 (GetMyPaymentList, GetMyPayment, GetMyReceiptSeal).
 * A lapsed member keeps them: they are what renewing and the books need.
 */
export async function memberReceiptsPublic(app: App): Promise<void> {
  const { database, config } = app.services;
  const { db } = database;

  app.get(
    '/GetMyPaymentList',
    {
      onRequest: requireMember,
      schema: { ...memberDocs, summary: '本会员的缴费记录及收据内容（新的在前；含已作废的）', 'x-data': z.array(memberReceiptDto) },
    },
    async (request) => ok((await memberPayments(db, (await currentMember(request)).memberId)).map(toReceiptDto)),
  );

  app.get(
    '/GetMyPayment/:id',
    {
      onRequest: requireMember,
      schema: {
        ...memberDocs,
        summary: '本会员的一张收据；他人的缴费记录与不存在的一样答 Code 404',
        params: z.object({ id: idParam }),
        'x-data': memberReceiptDto,
        'x-codes': { 404: membershipMessages.paymentNotFound },
      },
    },
    async (request) => ok(toReceiptDto(await getMemberPayment(db, (await currentMember(request)).memberId, request.params.id))),
  );

  app.get(
    '/GetMyReceiptSeal',
    {
      onRequest: requireMember,
      schema: { ...memberDocs, summary: '收据上的财务专用章（SVG）；仅会员可取，不公开', 'x-file': 'image/svg+xml' },
    },
    // Private and not kept, as every guarded answer: the seal is for the member's own receipts.
    async (_request, reply) => reply.type('image/svg+xml; charset=utf-8').send(receiptSeal(config.site.name)),
  );
}
