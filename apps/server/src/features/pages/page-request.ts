import type { FastifyRequest } from 'fastify';
import { mobileAddress, pageAddress, sitePageAt } from '@portal/shared';
import type { Config } from '../../config.js';
import { baseMayBeKept, publicBaseUrl } from '../../http/public-base-url.js';
import type { PageLook } from './look.js';

const MOBILE_UA = /Android|iPhone|iPod|iPad|Windows Phone|Mobile|HarmonyOS/i;

/** A page request as the fallback reads it, before anything is looked up. */
export interface PageRequest {
  /** The address with the parameters pages read alone (pageAddress). */
  url: string;
  pathname: string;
  /** The address the page was asked at, for its head tags (publicBaseUrl). */
  base: string;
  preview: boolean;
  /** Whether its drawing may be kept for every visitor. */
  keepable: boolean;
  /** Where a phone is sent instead, when a mobile site is configured. */
  mobileSite?: string;
}

/** Whether the server draws the page at `pathname`: a page of the table marked so, or any other address (its 404 page). */
export function drawnOnServer(pathname: string): boolean {
  const page = sitePageAt(pathname);
  return page ? page.serverRendered === true : true;
}

/** Where a page's drawing is kept: one copy per address and look. */
export const pageKey = (page: PageRequest, look: PageLook) => `page|${page.base}|${page.url}|${look.key}`;

/** The request as a page, or undefined when it is none (an API call, an upload, a build file). */
export function pageRequestOf(config: Config, request: FastifyRequest): PageRequest | undefined {
  // A page is drawn and kept with the parameters it reads alone (pageAddress): tracking and
  // made-up ones change nothing on it, and their order nothing either. (A redirect keeps
  // them, for whatever counts visits in the browser.)
  const url = pageAddress(request.url);
  const isPage =
    (request.method === 'GET' || request.method === 'HEAD') &&
    !url.startsWith('/api/') &&
    !url.startsWith('/uploads/') &&
    // A missing build file is not a page (a script must not get HTML); any other address is,
    // with a dot or not (/index.html, /foo.php): unknown ones get the 404 page, not JSON.
    !url.startsWith('/assets/');
  if (!isPage) return undefined;
  // The mobile site gets the page's path and query, so a shared article opens there as itself.
  const mobileSite =
    config.mobileSiteUrl && MOBILE_UA.test(request.headers['user-agent'] ?? '') && !url.startsWith('/System') && url !== '/login'
      ? mobileAddress(config.mobileSiteUrl, request.url)
      : undefined;
  // A preview link's page is its holder's alone (features/news/preview.ts). `url` holds only
  // the parameters pages read, so the name is enough; no parse on the path of every hit.
  const preview = /[?&]preview=/.test(url);
  const pathname = url.split('?')[0] ?? url;
  // 会员名录 follows members' own choices and standing, a form the clock and its answers, an
  // election's result page its close, which no content area tracks: they are drawn afresh for
  // each request (sitePages' drawnEachTime).
  const keepable = !preview && baseMayBeKept(request) && sitePageAt(pathname)?.drawnEachTime !== true;
  // Pages are drawn for visitors (members' own data loads in the browser), so one entry serves
  // all; the address they were asked at goes into their head tags, so it is part of the key.
  return { url, pathname, base: publicBaseUrl(request), preview, keepable, mobileSite };
}
