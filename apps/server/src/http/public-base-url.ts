import type { FastifyRequest } from 'fastify';

/** The public site's address: PUBLIC_BASE_URL, or the origin the request came to. */
export function publicBaseUrl(request: FastifyRequest): string {
  return request.server.services.config.publicBaseUrl ?? `${request.protocol}://${request.host}`;
}
