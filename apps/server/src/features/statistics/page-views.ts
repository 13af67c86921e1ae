import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAvailabilityProbe, sitePageAt } from '@portal/shared';
import type { Services } from '../../http/app-types.js';
import { countHit } from './hits.js';

/**
 * What counts as a page view: a visitor's page of the public site or the member area (not the
 * back office, /login or /System), answered 200 to a GET that is not a browser's prefetch. Drawn
 * on the server, it is counted as it is answered (web-app.ts), from its kept copy too; moving
 * inside the web app, the browser's beacon reports it (public.ts).
 */
export function isVisitorPage(pathname: string): boolean {
  const page = sitePageAt(pathname.toLowerCase());
  return page !== undefined && page.audience !== 'staff';
}

export function countsAsPageView(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'GET' || reply.statusCode !== 200) return false;
  const purpose = request.headers['sec-purpose'] ?? request.headers.purpose;
  if (typeof purpose === 'string' && purpose.includes('prefetch')) return false;
  const at = request.url.indexOf('?');
  return isVisitorPage(at < 0 ? request.url : request.url.slice(0, at));
}

const hosts = new Map<string, string>();
/** PUBLIC_BASE_URL's host, read once: a referrer there is 站内. */
const publicHost = (base: string) => hosts.get(base) ?? hosts.set(base, new URL(base).hostname).get(base)!;

/**
 * Counts one page view of `path` (with its query) coming from `referrer`. Whether the browser
 * asked not to be tracked (DNT, Global Privacy Control) is noted; the office decides whether that
 * is honoured (访问统计设置, settings.ts), when the view is written.
 */
export function countPageView({ config, database, now }: Services, request: FastifyRequest, path: string, referrer: string): void {
  const { headers } = request;
  // The site's own 可用性监测 probes (features/inspection/availability.ts) are neither people nor robots of the web.
  if (isAvailabilityProbe(headers['user-agent'] ?? '')) return;
  countHit(
    database,
    {
      at: now(),
      path,
      referrer,
      address: request.clientAddress,
      userAgent: (headers['user-agent'] ?? '').slice(0, 500),
      ownHost: config.publicBaseUrl ? publicHost(config.publicBaseUrl) : request.hostname,
      doNotTrack: headers.dnt === '1' || headers['sec-gpc'] === '1',
    },
    request.log,
  );
}
