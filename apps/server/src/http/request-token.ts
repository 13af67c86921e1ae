import type { FastifyRequest } from 'fastify';

/** The token of a request: header `token`, or `Authorization: Bearer …` (docs/api.md). */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  if (token) return token;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return bearer?.[1];
}
