import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { App } from '../../http/app-types.js';
import type { PageFallback, PageOutage } from '../../http/errors.js';
import { sendEncoded } from '../../http/compression.js';
import { answeringUnavailable } from '../../http/database-outage.js';
import { countView } from '../news/views.js';
import { pageLook, visitorLook, type PageLook } from './look.js';
import { canonicalSpelling, resolvePage, unavailablePage } from './page.js';
import type { PageBytes } from './page-document.mjs';
import type { FoundPage, PageDrawing } from './page-drawing.js';
import { drawnOnServer, pageKey, pageRequestOf, type PageRequest } from './page-request.js';
import { PagesOverloadedError } from './render-pool.js';

export const PAGE_TYPE = 'text/html; charset=utf-8';
/** A page differs by compression and by the look cookie (pageLook). */
const PAGE_VARY = 'Accept-Encoding, Cookie';
/**
 * How long a page that finds the render pool's line full waits for room before it is refused:
 * about what the line itself takes to pass (eight pages a thread, a few milliseconds each, more
 * under load), short of where a visitor gives up.
 */
const ROOM_WAIT_MS = 250;

/** What answering pages works with: the app, its configuration, the drawing, and the look each request was drawn in. */
export interface PageServing {
  app: App;
  config: Config;
  drawing: PageDrawing;
  /** The look each page request was drawn in, for its answer should the database fail it. */
  looks: WeakMap<FastifyRequest, PageLook>;
}

/** Answers the page from the copy kept of it, even one a write has since made stale (ResponseCache.serveKept), when there is one. */
const servedKept = ({ app }: PageServing, request: FastifyRequest, reply: FastifyReply, page: PageRequest, look: PageLook) =>
  request.method === 'GET' && !page.mobileSite && page.keepable && app.responseCache.serveKept(request, reply, pageKey(page, look));

/**
 * A page that cannot be drawn now, the database away or the render pool's line full: the copy
 * kept of it (servedKept), else the maintenance page, 503 with Retry-After, in the visitor's
 * look. With the line full the browser draws that page (`drawn` false): the threads are what is short.
 */
async function answerUnavailable(s: PageServing, request: FastifyRequest, reply: FastifyReply, page: PageRequest, look: PageLook, drawn: boolean) {
  if (servedKept(s, request, reply, page, look)) return;
  const { body, copy } = drawn
    ? await s.drawing.draw(request, page.url, unavailablePage(s.app.services, page.pathname), look)
    : s.drawing.unavailableShell(request, page.pathname, look);
  await sendEncoded(answeringUnavailable(reply).type(PAGE_TYPE), body, copy);
}

/**
 * Whether the page was answered before anything is looked up: from its kept copy, or, the render
 * pool's line full, from its kept copy stale or not, else after a moment's wait for room (no CPU
 * spent) with the maintenance page. Refused at once, a flood of uncached pages was mostly
 * refusals, each asked again at once, and their cost was taken from the threads drawing pages
 * (which run nicer than this loop): at 100 connections a dozen pages a second were drawn.
 */
async function answeredBeforeLookup(s: PageServing, request: FastifyRequest, reply: FastifyReply, page: PageRequest, look: PageLook): Promise<boolean> {
  const { responseCache } = s.app;
  const renderer = s.drawing.renderer;
  const kept = request.method === 'GET' && !page.mobileSite && page.keepable;
  if (kept && (await responseCache.serve(request, reply, { key: pageKey(page, look), cacheControl: 'no-cache', vary: PAGE_VARY, staleWhileRedrawn: true })))
    return true;
  if (page.mobileSite || !renderer || renderer.hasRoom() || !drawnOnServer(page.pathname)) return false;
  if (servedKept(s, request, reply, page, look)) return true;
  if (await renderer.roomWithin(s.config.pageRoomWaitMs ?? ROOM_WAIT_MS)) return false;
  await answerUnavailable(s, request, reply, page, look, false);
  return true;
}

/** Sends a drawn page: kept when it is a 200, counted as an article's view, never cached by the browser unchecked. */
function sendPage({ app, drawing }: PageServing, request: FastifyRequest, reply: FastifyReply, page: PageRequest, answer: FoundPage, drawn: PageBytes) {
  const { responseCache, services } = app;
  const articleId = answer.head.type === 'article' && !answer.head.noindex ? new URL(page.url, 'http://page').searchParams.get('NewsId') : null;
  // An article page's own GetNewsDetail counted a view; a cached copy counts one per reading too.
  if (articleId) responseCache.countEveryReading(request, () => countView(services.database, Number(articleId)));
  const { body, copy } = drawn;
  if (answer.status === 200) {
    reply.status(200).type(PAGE_TYPE);
    responseCache.keep(request, reply, body, PAGE_TYPE, copy, { drawnFrom: drawing.drawnFrom.get(request), compressedOnly: true });
  } else responseCache.pass(request);
  // A page is always checked with the server (ETag), so a write shows on the next visit; a
  // preview, or one built from a Host no one vouches for, is not kept at all.
  if (page.preview) void reply.header('X-Robots-Tag', 'noindex');
  sendEncoded(
    reply
      .status(answer.status)
      .type(PAGE_TYPE)
      .header('Cache-Control', page.keepable ? 'no-cache' : 'no-store'),
    body,
    copy,
    PAGE_VARY,
  );
}

/** Page addresses no route matched: looked up, drawn (or answered from a kept copy) and sent. */
export const pageFallback =
  (s: PageServing): PageFallback =>
  async (request, reply) => {
    const page = pageRequestOf(s.config, request);
    if (!page) return false;
    // Another spelling of a page's address (/index.html, `?newsid=`) goes to its own first.
    const respelled = canonicalSpelling(request.url);
    if (respelled) {
      void reply.redirect(respelled, 301);
      return true;
    }
    // The visitor's 尺寸 and 关怀模式 (a cookie) and a 哀悼日 change the drawn page: one kept copy per look.
    const look = await pageLook(s.app.services, request, page.pathname);
    s.looks.set(request, look);
    if (await answeredBeforeLookup(s, request, reply, page, look)) return true;
    const answer = await resolvePage(s.app.services, new URL(request.url, 'http://page'));
    if (answer.kind === 'redirect') {
      void reply.redirect(answer.location, 301);
      return true;
    }
    // Non-desktop visitors go to the mobile site when one is configured (spec §1).
    if (page.mobileSite) {
      void reply.redirect(page.mobileSite, 302);
      return true;
    }
    let drawn: PageBytes;
    try {
      drawn = await s.drawing.draw(request, page.url, answer, look);
    } catch (err) {
      if (!(err instanceof PagesOverloadedError)) throw err;
      await answerUnavailable(s, request, reply, page, look, false);
      return true;
    }
    sendPage(s, request, reply, page, answer, drawn);
    return true;
  };

/**
 * The database away while a page was looked up or drawn (without a 哀悼日 in its look when it
 * was away before the look could ask for one).
 */
export const pageOutage =
  (s: PageServing): PageOutage =>
  async (request, reply) => {
    const page = pageRequestOf(s.config, request);
    if (!page) return false;
    try {
      await answerUnavailable(s, request, reply, page, s.looks.get(request) ?? visitorLook(request, page.pathname, 0), true);
      return true;
    } catch (err) {
      request.log.error({ err: { type: (err as Error).name, message: (err as Error).message } }, 'maintenance page failed');
      return false;
    }
  };
