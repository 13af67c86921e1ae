import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CertStatus, ExamStatus } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ACHIEVEMENT_PATH, achievement, checkCredential, CREDENTIAL_MAX_BYTES, issueCredential } from './credential.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { verifyUrl } from './download.js';
import { maskIdNumber } from './dto.js';
import { selectRecords, toRecord, type CertRecord } from './records.js';
import { maskName, renderVerifyPage, type CredentialVerdict, type VerifiedRecord, type VerifyPage } from './verify-page.js';

/**
 * What a certificate's QR code opens, and the Open Badges side of it (all outside /api, as
 * pages and well-known documents are):
 * - GET  /cert/verify/<token>             the verification page (HTML, no script)
 * - GET  /cert/verify/<token>/credential  the certificate as a signed Open Badges 3.0 credential
 * - POST /cert/verify                     check an uploaded credential (multipart: file or credential)
 * - GET  /cert/achievement                the achievement the credentials name
 * The keys, the issuer profile and the status lists are features/credentials/routes.ts's.
 */

/** Any text is taken, so that a mangled address gets the designed page rather than a JSON error. */
const tokenParams = z.object({ token: z.string() });
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
const hidden = { hide: true } as const;

/** A record as the page may show it: only passed results carry a certificate. */
function shown(r: CertRecord): VerifiedRecord | null {
  if (r.examStatus !== ExamStatus.Passed || !r.certNum) return null;
  const state = r.status === CertStatus.Normal ? 'valid' : r.status === CertStatus.Hidden ? 'hidden' : 'revoked';
  return { state, name: maskName(r.name), idNum: maskIdNumber(r.idNum), company: r.company, certNum: r.certNum, examTime: r.examTime, issueDate: r.issueDate };
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: VerifyPage, status = 200) {
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      // A certificate's state changes when the association hides or revokes it.
      .header('cache-control', 'no-store')
      .send(renderVerifyPage(page, request.server.services.config.site))
  );
}

export async function certificateVerification(app: App): Promise<void> {
  const { database, now, config } = app.services;
  const { db } = database;
  const byToken = async (token: string) => {
    if (!TOKEN.test(token)) return undefined;
    const row = await selectRecords(db).where('verify_token', '=', token).executeTakeFirst();
    return row ? toRecord(database.idNumbers, row) : undefined;
  };

  app.get('/cert/verify/:token', { schema: { ...hidden, params: tokenParams } }, async (request, reply) => {
    const record = await byToken(request.params.token);
    const view = record && shown(record);
    if (!record || !view) return sendPage(request, reply, { kind: 'notFound' }, 404);
    const credentialUrl = view.state === 'valid' ? `/cert/verify/${record.verifyToken}/credential` : null;
    return sendPage(request, reply, { kind: 'record', record: view, credentialUrl });
  });

  app.get('/cert/verify/:token/credential', { schema: { ...hidden, params: tokenParams } }, async (request, reply) => {
    const record = await byToken(request.params.token);
    const view = record && shown(record);
    if (!record || view?.state !== 'valid') return sendPage(request, reply, { kind: 'notFound' }, 404);
    const base = publicBaseUrl(request);
    const jwt = await issueCredential(db, now, record, { base, issuer: config.site.name, verifyUrl: verifyUrl(base, record) });
    const file = `${record.certNum}.jwt`;
    return reply.type('application/jwt').header('cache-control', 'no-store').header('content-disposition', contentDisposition(file)).send(jwt);
  });

  app.post('/cert/verify', { schema: hidden }, async (request, reply) => {
    let text = '';
    try {
      for await (const part of request.parts({ limits: { fileSize: CREDENTIAL_MAX_BYTES, fieldSize: CREDENTIAL_MAX_BYTES, files: 1 } })) {
        if (part.type === 'file') {
          const content = (await part.toBuffer()).toString('utf8').trim();
          if (part.fieldname === 'file' && content) text = content;
        } else if (part.fieldname === 'credential' && typeof part.value === 'string' && part.value.trim() && !text) {
          text = part.value.trim();
        }
      }
    } catch {
      // Too large or not multipart: not a credential of ours either way.
      text = '';
    }
    return sendPage(request, reply, { kind: 'checked', verdict: await judge(text) });
  });

  async function judge(text: string): Promise<CredentialVerdict> {
    if (!text) return { kind: 'unreadable' };
    const check = await checkCredential(db, now, text);
    if (check.signature === 'malformed') return { kind: 'unreadable' };
    if (check.signature === 'invalid') return { kind: 'forged' };
    const record = await byToken(check.token);
    const claims = check.payload as { name?: unknown; credentialSubject?: { identifier?: { identityType?: string; identityHash?: string }[] } };
    const holder = claims.credentialSubject?.identifier?.find((i) => i.identityType === 'name')?.identityHash ?? '';
    return { kind: 'signed', certNum: record?.certNum ?? '', holder: maskName(holder), record: (record && shown(record)) ?? null };
  }

  app.get(ACHIEVEMENT_PATH, { schema: hidden }, async (request, reply) =>
    reply.header('access-control-allow-origin', '*').send(achievement(publicBaseUrl(request), config.site.name)),
  );
}
