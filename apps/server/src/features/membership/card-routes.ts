import { z } from 'zod';
import { memberMessages, membershipMessages, revokeMemberCardBody } from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { currentMember, requireMember } from '../members/guard.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { adminDocs, memberDocs } from '../members/docs.js';
import { renderMemberCard } from './card-image.js';
import { CARD_VERIFY_PATH, cardCredential, cardToken, ownCard, setCardRevoked, type MemberCard } from './card.js';

/** The card's verification page, as the QR code and the credential name it. */
async function verifyUrl(request: FastifyRequest, card: MemberCard): Promise<string> {
  const { database, now } = request.server.services;
  return `${publicBaseUrl(request)}${CARD_VERIFY_PATH}/${await cardToken(database.db, card.memberId, now())}`;
}

/** What a member whose card is not to be had hears: revoked, lapsed or suspended (Code 400). */
const noCard = { 400: `${membershipMessages.cardRevoked}；${membershipMessages.lapsed}；${membershipMessages.suspended}`, 404: memberMessages.memberNotFound };

/** The member's electronic card (电子会员证) and its signed credential, in the member area. */
export async function memberCardPublic(app: App): Promise<void> {
  const { database, now, config } = app.services;
  const { db } = database;
  const own = async (request: FastifyRequest) => ownCard(db, (await currentMember(request)).memberId, now());

  app.get(
    '/GetMyMemberCard',
    {
      onRequest: requireMember,
      schema: {
        ...memberDocs,
        summary: '本会员的电子会员证：Data 为 PNG 的 base64；会籍有效或宽限期内、会员证未吊销时可下载',
        'x-data': z.string().describe('会员证 PNG 的 base64'),
        'x-codes': noCard,
      },
    },
    async (request) => {
      const card = await own(request);
      const png = await renderMemberCard({
        issuer: config.site.name,
        company: card.company,
        level: card.level,
        memberNo: card.memberNo,
        joinDate: card.joinDate,
        expireDate: card.expireDate,
        verifyUrl: await verifyUrl(request, card),
      });
      return ok(png.toString('base64'));
    },
  );

  app.get(
    '/GetMyMemberCredential',
    {
      onRequest: requireMember,
      schema: {
        ...memberDocs,
        summary:
          '本会员的电子凭证：协会签名的可验证凭证（VC-JWT，RS256，公钥 /.well-known/jwks.json，吊销状态见其 credentialStatus），其 id 为会员证核验页；条件同 GetMyMemberCard',
        'x-data': z.string().describe('VC-JWT'),
        'x-codes': noCard,
      },
    },
    async (request) => {
      const card = await own(request);
      return ok(await cardCredential(db, now, card, { base: publicBaseUrl(request), issuer: config.site.name, verifyUrl: await verifyUrl(request, card) }));
    },
  );
}

/** Staff revoke a member's card, or restore it. */
export async function memberCardAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  app.post(
    '/RevokeMemberCard',
    {
      onRequest: requireAdmin('member:card:revoke'),
      schema: {
        ...adminDocs,
        summary: '吊销（Revoke true，须填 Reason）或恢复（Revoke false）会员的电子会员证；核验页随即显示',
        body: revokeMemberCardBody,
        'x-codes': { 404: memberMessages.memberNotFound },
      },
    },
    async (request) => {
      const { MemberId, Revoke, Reason } = request.body;
      await adminWrite(
        request,
        { action: 'member:card:revoke', target: '电子会员证', targetId: MemberId, detail: (name) => (Revoke ? `${name}：吊销，${Reason}` : `${name}：恢复`) },
        () => setCardRevoked(database.db, MemberId, Revoke, Reason, now()),
      );
      return ok(null, Revoke ? membershipMessages.cardRevokedDone : membershipMessages.cardRestored);
    },
  );
}
