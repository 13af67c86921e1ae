import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Code, codeMessages } from '@portal/shared';
import { matchesTag } from '../../cache/response-cache.js';
import type { App } from '../../http/app-types.js';
import { baseMayBeKept, publicBaseUrl } from '../../http/public-base-url.js';
import { issuerDocument, ISSUER_PATH } from './issuer.js';
import { allKeys, JWKS_PATH, KEY_PATH, keyByThumbprint, publicJwk } from './keys.js';
import { LIST_MAX_AGE, STATUS_PATH, statusListCredential, type StatusFamily } from './status-list.js';
import { MEMBERSHIP_CONTEXT_PATH, membershipContext } from './membership-context.js';

/**
 * What verifiers of the association's credentials fetch (outside /api, open to any origin):
 * - GET /.well-known/jwks.json                  every key, current and past (application/jwk-set+json)
 * - GET /credentials/keys/<thumbprint>          one key: what an RS256 credential's kid answers
 * - GET /cert/issuer                            the issuer's Profile, naming its keys
 * - GET /credentials/status/<family>/<n>        a revocation status list (application/vc+jwt)
 * - GET /credentials/contexts/membership/v1     the membership card credential's JSON-LD context
 *
 * Each names addresses built on the site's public address, so it is kept by others only when
 * that address is vouched for (PUBLIC_BASE_URL, public-base-url.ts).
 */

const hidden = { hide: true } as const;

/** Keys never change; the key set changes only when a key is added, which leaves the old ones in. A context never changes. */
const KEY_MAX_AGE = 3600;

function share(request: FastifyRequest, reply: FastifyReply, maxAge: number): FastifyReply {
  return reply.header('cache-control', baseMayBeKept(request) ? `public, max-age=${maxAge}` : 'no-store').header('access-control-allow-origin', '*');
}

/** HTTP 404 with the envelope, as for any address nothing answers. */
const notFound = (reply: FastifyReply) => reply.code(404).send({ Code: Code.NotFound, Message: codeMessages[404], Data: null });

export async function credentialRoutes(app: App, families: readonly StatusFamily[]): Promise<void> {
  const { database, now, config } = app.services;
  const { db } = database;
  const issuerId = (request: FastifyRequest) => publicBaseUrl(request) + ISSUER_PATH;

  app.get(JWKS_PATH, { schema: hidden }, async (request, reply) => {
    const keys = (await allKeys(db, now())).map((key) => publicJwk(publicBaseUrl(request), issuerId(request), key));
    return share(request, reply, KEY_MAX_AGE).type('application/jwk-set+json').send(JSON.stringify({ keys }));
  });

  app.get(`${KEY_PATH}/:thumbprint`, { schema: { ...hidden, params: z.object({ thumbprint: z.string() }) } }, async (request, reply) => {
    const key = await keyByThumbprint(db, request.params.thumbprint);
    if (!key) return notFound(reply);
    return share(request, reply, KEY_MAX_AGE)
      .type('application/jwk+json')
      .send(JSON.stringify(publicJwk(publicBaseUrl(request), issuerId(request), key)));
  });

  app.get(ISSUER_PATH, { schema: hidden }, async (request, reply) =>
    share(request, reply, KEY_MAX_AGE).send(await issuerDocument(db, now(), publicBaseUrl(request), config.site.name)),
  );

  app.get(MEMBERSHIP_CONTEXT_PATH, { schema: hidden }, async (request, reply) =>
    share(request, reply, KEY_MAX_AGE)
      .type('application/ld+json')
      .send(JSON.stringify(membershipContext(publicBaseUrl(request)))),
  );

  app.get(`${STATUS_PATH}/:family/:list`, { schema: { ...hidden, params: z.object({ family: z.string(), list: z.string() }) } }, async (request, reply) => {
    const family = families.find((f) => f.name === request.params.family);
    const list = /^\d{1,6}$/.test(request.params.list) ? Number(request.params.list) : undefined;
    const jwt = family && list !== undefined && (await statusListCredential(db, now, { base: publicBaseUrl(request), issuer: config.site.name }, family, list));
    if (!jwt) return notFound(reply);
    // The same signing makes the same text (status-list.ts), so its hash is a strong validator.
    const etag = `"${createHash('sha256').update(jwt).digest('base64url').slice(0, 27)}"`;
    share(request, reply, LIST_MAX_AGE).header('etag', etag);
    if (matchesTag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/vc+jwt').send(jwt);
  });
}
