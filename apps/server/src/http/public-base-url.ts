import type { FastifyRequest } from 'fastify';

/**
 * The public site's address, as absolute links need it (certificate QR codes, canonical links,
 * the sitemap, robots.txt, signed credentials, e-mails): PUBLIC_BASE_URL, which production
 * requires (config.ts). Without it (development, tests) the origin the request came to: the
 * Host header, which whoever sends the request writes.
 */
export function publicBaseUrl(request: FastifyRequest): string {
  return request.server.services.config.publicBaseUrl ?? `${request.protocol}://${request.host}`;
}

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

/**
 * Whether an answer built from publicBaseUrl may be kept for others (the response cache, a
 * proxy): always when PUBLIC_BASE_URL is set; without it only for a loopback host, since a page
 * kept under a made-up Host (`Host: evil.example`) would hand its links to the next reader of
 * that entry, and every made-up Host would be another entry pushing kept pages out.
 */
export function baseMayBeKept(request: FastifyRequest): boolean {
  return request.server.services.config.publicBaseUrl !== undefined || LOOPBACK_HOST.test(request.host);
}
