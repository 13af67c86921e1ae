import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App } from '../../http/app-types.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { esc, factList, sendVerifyDocument, stateBanner } from '../certificates/verify-page.js';
import { activityDays, attendanceCredential } from './credential.js';
import { ATTENDANCE_VERIFY_PATH, certificateByToken, kindNames, type AttendanceCert } from './records.js';

/**
 * What an attendance certificate's QR code opens, outside /api as the certificates' pages are:
 * - GET /attendance/verify/<token>             the verification page (plain HTML, no script)
 * - GET /attendance/verify/<token>/credential  the certificate as a signed Open Badges 3.0 credential
 * In the certificate verification page's frame. A revoked certificate shows only its number,
 * its kind and that it was revoked; an address the site did not make is the 404 page.
 */

/** Any text is taken, so that a mangled address gets the designed page rather than a JSON error. */
const tokenParams = z.object({ token: z.string() });
const hidden = { hide: true } as const;

function certBody(c: AttendanceCert, issuer: string): string {
  const name = kindNames[c.kind];
  if (c.revoked)
    return (
      stateBanner('bad', '!', `${name}已撤销`, esc(`该${name}已于${c.revokedAt.slice(0, 10)}被协会撤销，不再有效。`)) +
      factList([
        ['证明编号', c.certNo],
        ['发证单位', issuer],
      ])
    );
  const download = `<p class="actions"><a class="button" href="${ATTENDANCE_VERIFY_PATH}/${esc(c.verifyToken)}/credential" download>下载电子凭证</a><a href="/.well-known/jwks.json">协会公钥</a></p>`;
  return (
    stateBanner('valid', '✓', `${name}有效`, esc(`该${name}由本协会颁发，信息与协会登记一致。`)) +
    factList([
      ['单位名称', c.company],
      ['活动名称', c.title],
      ['活动时间', activityDays(c)],
      ['活动地点', c.place],
      ['签到时间', c.checkedInAt],
      ['证明编号', c.certNo],
      ['发证日期', c.issuedAt.slice(0, 10)],
      ['发证单位', issuer],
    ]) +
    download
  );
}

const notFoundBody = stateBanner('bad', '?', '未找到该证明', '验证地址无效。请核对二维码或链接是否完整。');

export async function attendanceVerification(app: App): Promise<void> {
  const { database, now, config } = app.services;
  const { db } = database;
  const send = (reply: FastifyReply, title: string, body: string, status: number) =>
    sendVerifyDocument(
      reply,
      {
        title: `${title} · 证明验证`,
        description: `${config.site.name}参会证明、培训证明验证：核对扫码打开的证明是否由协会颁发、是否有效。`,
        kicker: '参会证明 · 培训证明验证',
        body,
      },
      config.site,
      status,
    );

  app.get(`${ATTENDANCE_VERIFY_PATH}/:token`, { schema: { ...hidden, params: tokenParams } }, async (request, reply) => {
    const cert = await certificateByToken(db, request.params.token);
    if (!cert) return send(reply, '未找到该证明', notFoundBody, 404);
    return send(reply, `${kindNames[cert.kind]}${cert.revoked ? '已撤销' : '有效'}`, certBody(cert, config.site.name), 200);
  });

  app.get(`${ATTENDANCE_VERIFY_PATH}/:token/credential`, { schema: { ...hidden, params: tokenParams } }, async (request, reply) => {
    const cert = await certificateByToken(db, request.params.token);
    if (!cert || cert.revoked) return send(reply, '未找到该证明', notFoundBody, 404);
    const jwt = await attendanceCredential(db, now, cert, { base: publicBaseUrl(request), issuer: config.site.name });
    return reply
      .type('application/jwt')
      .header('cache-control', 'no-store')
      .header('content-disposition', contentDisposition(`${cert.certNo}.jwt`))
      .send(jwt);
  });
}
