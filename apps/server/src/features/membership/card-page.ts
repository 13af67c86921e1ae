import { cstDate } from '@portal/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../http/app-types.js';
import { esc, factList, sendVerifyDocument, stateBanner } from '../certificates/verify-page.js';
import { CARD_VERIFY_PATH, cardOf, memberOfToken, type CardState, type MemberCard } from './card.js';

/**
 * GET /member-card/verify/<token>: what an electronic membership card's QR code opens, as plain
 * HTML (no script, any phone), in the certificate verification page's frame. It says whether
 * the membership stands today (有效, 宽限期 — still valid, renewal due — 已过期, 已吊销 with its
 * date, 已停用) with the company, level, member number and dates; never contact details. An
 * address the site did not make is the 404 page, the same for every wrong guess.
 */

const tone = (state: CardState) => (state === 'valid' ? 'valid' : state === 'grace' ? 'warn' : 'bad');
const stateName: Record<CardState, string> = { valid: '有效', grace: '宽限期', expired: '已过期', revoked: '已吊销', suspended: '已停用' };

function verdict(card: MemberCard): { title: string; detail: string } {
  switch (card.state) {
    case 'valid':
      return { title: '会员资格有效', detail: '该单位是本协会会员，会籍有效，信息与协会登记一致。' };
    case 'grace':
      return { title: '会员资格有效（宽限期）', detail: `会籍已于${card.expireDate}到期，现处于续费宽限期（至${card.graceEnd}），仍为有效会员。` };
    case 'expired':
      return { title: '会员资格已过期', detail: `该单位的会籍已于${card.expireDate}到期，现不是本协会的有效会员。` };
    case 'revoked':
      return { title: '会员证已吊销', detail: `该电子会员证已于${card.revokedAt.slice(0, 10)}被协会吊销，不再有效。` };
    case 'suspended':
      return { title: '会员资格已停用', detail: '该单位的会员资格已被协会停用，现不是本协会的有效会员。' };
  }
}

function cardBody(card: MemberCard, issuer: string, today: string): string {
  const v = verdict(card);
  const rows: [string, string][] = [
    ['单位名称', card.company],
    ['会员等级', card.level],
    ['会员编号', card.memberNo],
    ['入会日期', card.joinDate],
    ['有效期至', card.expireDate || '长期'],
    ['会籍状态', stateName[card.state]],
    ...(card.state === 'revoked' ? [['吊销日期', card.revokedAt.slice(0, 10)] as [string, string]] : []),
    ['发证单位', issuer],
    ['核验日期', today],
  ];
  return stateBanner(tone(card.state), card.state === 'valid' ? '✓' : card.state === 'revoked' ? '✗' : '!', v.title, esc(v.detail)) + factList(rows);
}

const notFoundBody = stateBanner('bad', '?', '未找到该会员证', '核验地址无效。请核对二维码或链接是否完整。');

/** Any text is taken, so that a mangled address gets the designed page rather than a JSON error. */
const tokenParams = z.object({ token: z.string() });

export async function memberCardVerification(app: App): Promise<void> {
  const { database, now, config } = app.services;
  const send = (reply: FastifyReply, title: string, body: string, status: number) =>
    sendVerifyDocument(
      reply,
      {
        title: `${title} · 会员证核验`,
        description: `${config.site.name}电子会员证核验：扫码查看该单位的会籍今天是否有效。`,
        kicker: '电子会员证 · 会籍核验',
        body,
      },
      config.site,
      status,
    );

  app.get(
    `${CARD_VERIFY_PATH}/:token`,
    { schema: { hide: true, params: tokenParams } },
    async (request: FastifyRequest<{ Params: { token: string } }>, reply) => {
      const at = now();
      const memberId = await memberOfToken(database.db, request.params.token, at);
      const card = memberId === undefined ? undefined : await cardOf(database.db, memberId, at);
      if (!card) return send(reply, '未找到该会员证', notFoundBody, 404);
      return send(reply, verdict(card).title, cardBody(card, config.site.name, cstDate(at)), 200);
    },
  );
}
