import { z } from 'zod';
import { privacyConsentDto, privacyMessages, withdrawConsentBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { currentMember, requireMember } from './guard.js';
import { memberConsents, withdrawConsent } from '../privacy/consents.js';

const memberDocs = { tags: ['privacy'] };

/**
 * 会员中心 → 隐私与授权: the consents a member gave with their submissions, and withdrawing one.
 * A member whose membership lapsed keeps this right (requireMember, not good standing).
 */
export async function memberConsentsPublic(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetMyConsents',
    {
      onRequest: requireMember,
      schema: { ...memberDocs, summary: '本会员提交时勾选同意的隐私政策授权（新到旧），含撤回时间与撤回的后果说明', 'x-data': z.array(privacyConsentDto) },
    },
    async (request) => ok(await memberConsents(database, (await currentMember(request)).memberId)),
  );

  app.post(
    '/WithdrawConsent',
    {
      onRequest: requireMember,
      schema: {
        ...memberDocs,
        summary: '撤回本会员的一项授权（记录保留并注明撤回时间）',
        body: withdrawConsentBody,
        'x-codes': { 404: privacyMessages.consentNotFound, 400: privacyMessages.consentWithdrawn },
      },
    },
    async (request) => {
      await withdrawConsent(database, (await currentMember(request)).memberId, request.body.Id, now());
      return ok(null, privacyMessages.withdrawn);
    },
  );
}
