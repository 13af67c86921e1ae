import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Config } from '../../config.js';
import type { App } from '../../http/app-types.js';
import type { PageFallback, PageOutage } from '../../http/errors.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DIRECTORY_PATH, mobileAddress, pageAddress, sitePageAt, type PostedCertLookup } from '@portal/shared';
import { canonicalSpelling, resolvePage, unavailablePage, type PageAnswer } from './page.js';
import { certLookupForm } from '../certificates/lookup-form.js';
import { headTags, withHead } from './head.js';
import { loadPageRenderer } from './render.js';
import { pageDocument, type PageBytes } from './page-document.mjs';
import { PagesOverloadedError, RenderPoolClosedError } from './render-pool.js';
import { pageEncoding, sendEncoded } from '../../http/compression.js';
import { baseMayBeKept, publicBaseUrl } from '../../http/public-base-url.js';
import type { ContentTag } from '../../cache/generations.js';
import { countView } from '../news/views.js';
import { pageLook, visitorLook, withLook, type PageLook } from './look.js';
import { answeringUnavailable, isDatabaseUnavailable } from '../../http/database-outage.js';

const PAGE_TYPE = 'text/html; charset=utf-8';
/** A page differs by compression and by the look cookie (pageLook). */
const PAGE_VARY = 'Accept-Encoding, Cookie';
/**
 * How long a page that finds the render pool's line full waits for room before it is refused:
 * about what the line itself takes to pass (eight pages a thread, a few milliseconds each, more
 * under load), short of where a visitor gives up.
 */
const ROOM_WAIT_MS = 250;
const MOBILE_UA = /Android|iPhone|iPod|iPad|Windows Phone|Mobile|HarmonyOS/i;

/** Whether the server draws the page at `pathname`: a page of the table marked so, or any other address (its 404 page). */
function drawnOnServer(pathname: string): boolean {
  const page = sitePageAt(pathname);
  return page ? page.serverRendered === true : true;
}

/** What the web app answers: page addresses no route matched, and those of them that met the database away. */
export interface WebApp {
  fallback: PageFallback;
  outage: PageOutage;
}

/** A page request as the fallback reads it, before anything is looked up. */
interface PageRequest {
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

/**
 * Serves the built React app: hashed assets with long caching, and index.html for every other
 * page path (history fallback) so /home, /info?NewsId=… and /System/... load the SPA. Before
 * answering, the page is looked up (features/pages): unknown routes, menus and articles answer
 * 404 (the SPA then shows its 404 page), `/` redirects to /home, and each page gets its own head
 * (title, description, canonical, share tags, JSON-LD). /api/... never falls back to the SPA.
 * A page that meets the database away, or more pages waiting to be drawn than the render pool's
 * line holds, answers its kept copy, or the maintenance page with 503.
 */
export async function registerWebApp(app: App, config: Config): Promise<WebApp> {
  const indexHtml = fs.readFileSync(path.join(config.webDist, 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: config.webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    // The shell itself is no page: /index.html redirects to /home (page.ts canonicalSpelling)
    // instead of answering the bare shell, which drew 页面不存在 with status 200.
    allowedPath: (pathName) => pathName.toLowerCase() !== '/index.html',
    // Our setHeaders decides Cache-Control; the plugin's own would overwrite it with max-age=0.
    cacheControl: false,
    // The build writes .br and .gz copies of hashed assets (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    setHeaders(res, file) {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      // Caches keep the brotli, gzip and plain copies apart.
      if (immutable) res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  const renderPage = loadPageRenderer(app, config);
  const { responseCache, services } = app;

  /** index.html with the page's head, in the visitor's look: the page as the browser draws it. */
  const shell = (request: FastifyRequest, answer: PageAnswer & { kind: 'page' }, look: PageLook) =>
    withLook(withHead(indexHtml, headTags(services, publicBaseUrl(request), answer.head), answer.status), look);

  /** What each request's page was drawn from: its head's sources and its calls' (response-cache.ts keeps it with them). */
  const drawnFrom = new WeakMap<FastifyRequest, readonly ContentTag[]>();

  /**
   * The page as it goes out, with its compressed copy: for a page the server draws, index.html
   * with its head, HTML and data, finished on its render thread; for any other, the shell alone.
   */
  const drawPage = async (
    request: FastifyRequest,
    url: string,
    answer: PageAnswer & { kind: 'page' },
    look: PageLook,
    certLookup?: PostedCertLookup,
  ): Promise<PageBytes> => {
    const html = shell(request, answer, look);
    const encoding = pageEncoding(request);
    drawnFrom.set(request, answer.headFrom);
    if (!renderPage || !answer.serverRendered) return pageDocument(html, encoding);
    try {
      const drawn = await renderPage.draw(url, { status: answer.status, certLookup, display: look.display }, { html, encoding });
      // Each query a page draws from but does not declare costs the page another drawing.
      if (drawn.undeclared?.length) request.log.warn({ url, draws: drawn.draws, undeclared: drawn.undeclared }, 'page drew queries its route does not declare');
      drawnFrom.set(request, [...new Set([...answer.headFrom, ...drawn.drawnFrom])]);
      return drawn;
    } catch (err) {
      // The database away, or the render pool's line full, is the page's answer (503), not a
      // page to draw bare.
      if (isDatabaseUnavailable(err) || err instanceof PagesOverloadedError) throw err;
      // The page still works: the browser draws it as before server rendering. Cut short by the
      // server stopping is no failure of the page.
      if (err instanceof RenderPoolClosedError) request.log.info('page left to the browser: the server is stopping');
      else request.log.error({ err: { type: (err as Error).name, message: (err as Error).message } }, 'page render failed');
      return pageDocument(html, encoding);
    }
  };

  /** The maintenance page's shell (503), which the browser draws: the render threads are what is short. */
  const unavailableShell = (request: FastifyRequest, path: string, look: PageLook) =>
    pageDocument(shell(request, unavailablePage(services, path), look), pageEncoding(request));

  // The certificate lookup posted without JavaScript: /certsearch drawn around the server's
  // answer, for this visitor alone (not kept, not indexed).
  await certLookupForm(app, async (request, reply, posted) => {
    const answer = await resolvePage(services, new URL('/certsearch', 'http://page'));
    if (answer.kind !== 'page') throw new Error('/certsearch is a page');
    const look = await pageLook(services, request, '/certsearch');
    let page: PageBytes;
    try {
      page = await drawPage(request, '/certsearch', { ...answer, head: { ...answer.head, noindex: true } }, look, posted);
    } catch (err) {
      if (!(err instanceof PagesOverloadedError)) throw err;
      const unavailable = unavailableShell(request, '/certsearch', look);
      await sendEncoded(answeringUnavailable(reply).type(PAGE_TYPE), unavailable.body, unavailable.copy);
      return;
    }
    await sendEncoded(reply.status(200).type(PAGE_TYPE).header('Cache-Control', 'no-store'), page.body, page.copy);
  });

  /** The request as a page, or undefined when it is none (an API call, an upload, a build file). */
  const pageRequest = (request: FastifyRequest): PageRequest | undefined => {
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
    // 会员名录 follows members' own choices and standing, which no content area tracks: it is
    // drawn afresh for each request (a page of twenty companies).
    const keepable = !preview && baseMayBeKept(request) && !url.toLowerCase().startsWith(DIRECTORY_PATH);
    // Pages are drawn for visitors (members' own data loads in the browser), so one entry serves
    // all; the address they were asked at goes into their head tags, so it is part of the key.
    return { url, pathname: url.split('?')[0] ?? url, base: publicBaseUrl(request), preview, keepable, mobileSite };
  };
  /** Where a page's drawing is kept: one copy per address and look. */
  const pageKey = (page: PageRequest, look: PageLook) => `page|${page.base}|${page.url}|${look.key}`;
  /** The look each page request was drawn in, for its answer should the database fail it. */
  const looks = new WeakMap<FastifyRequest, PageLook>();

  /** Answers the page from the copy kept of it, even one a write has since made stale (ResponseCache.serveKept), when there is one. */
  const servedKept = (request: FastifyRequest, reply: FastifyReply, page: PageRequest, look: PageLook) =>
    request.method === 'GET' && !page.mobileSite && page.keepable && responseCache.serveKept(request, reply, pageKey(page, look));

  /**
   * A page that cannot be drawn now, the database away or the render pool's line full: the copy
   * kept of it (servedKept), else the
   * maintenance page, 503 with Retry-After, in the visitor's look. With the line full the
   * browser draws that page (`drawn` false): the threads are what is short.
   */
  const answerUnavailable = async (request: FastifyRequest, reply: FastifyReply, page: PageRequest, look: PageLook, drawn: boolean) => {
    if (servedKept(request, reply, page, look)) return;
    const { body, copy } = drawn
      ? await drawPage(request, page.url, unavailablePage(services, page.pathname), look)
      : unavailableShell(request, page.pathname, look);
    await sendEncoded(answeringUnavailable(reply).type(PAGE_TYPE), body, copy);
  };

  const fallback: PageFallback = async (request, reply) => {
    const page = pageRequest(request);
    if (!page) return false;
    // Another spelling of a page's address (/index.html, `?newsid=`) goes to its own first.
    const respelled = canonicalSpelling(request.url);
    if (respelled) {
      void reply.redirect(respelled, 301);
      return true;
    }
    const { url, preview, keepable, mobileSite } = page;
    // The visitor's 尺寸 and 关怀模式 (a cookie) and a 哀悼日 change the drawn page: one kept copy per look.
    const look = await pageLook(services, request, page.pathname);
    looks.set(request, look);
    if (
      request.method === 'GET' &&
      !mobileSite &&
      keepable &&
      (await responseCache.serve(request, reply, { key: pageKey(page, look), cacheControl: 'no-cache', vary: PAGE_VARY, staleWhileRedrawn: true }))
    )
      return true;
    // The render pool's line full: a page it would draw is answered from its kept copy, stale or
    // not, before anything is looked up; else it waits a moment for room (no CPU spent) and is
    // refused if none comes. Refused at once, a flood of uncached pages was mostly refusals, each
    // asked again at once, and their cost was taken from the threads drawing pages (which run
    // nicer than this loop): at 100 connections a dozen pages a second were drawn.
    if (!mobileSite && renderPage && !renderPage.hasRoom() && drawnOnServer(page.pathname)) {
      if (servedKept(request, reply, page, look)) return true;
      if (!(await renderPage.roomWithin(config.pageRoomWaitMs ?? ROOM_WAIT_MS))) {
        await answerUnavailable(request, reply, page, look, false);
        return true;
      }
    }
    const answer = await resolvePage(services, new URL(request.url, 'http://page'));
    if (answer.kind === 'redirect') {
      void reply.redirect(answer.location, 301);
      return true;
    }
    // Non-desktop visitors go to the mobile site when one is configured (spec §1).
    if (mobileSite) {
      void reply.redirect(mobileSite, 302);
      return true;
    }
    let drawn: PageBytes;
    try {
      drawn = await drawPage(request, url, answer, look);
    } catch (err) {
      if (!(err instanceof PagesOverloadedError)) throw err;
      await answerUnavailable(request, reply, page, look, false);
      return true;
    }
    const articleId = answer.head.type === 'article' && !answer.head.noindex ? new URL(url, 'http://page').searchParams.get('NewsId') : null;
    // An article page's own GetNewsDetail counted a view; a cached copy counts one per reading too.
    if (articleId) responseCache.countEveryReading(request, () => countView(services.database, Number(articleId)));
    const { body, copy } = drawn;
    if (answer.status === 200) {
      reply.status(200).type(PAGE_TYPE);
      responseCache.keep(request, reply, body, PAGE_TYPE, copy, { drawnFrom: drawnFrom.get(request), compressedOnly: true });
    } else responseCache.pass(request);
    // A page is always checked with the server (ETag), so a write shows on the next visit; a
    // preview, or one built from a Host no one vouches for, is not kept at all.
    if (preview) void reply.header('X-Robots-Tag', 'noindex');
    sendEncoded(
      reply
        .status(answer.status)
        .type(PAGE_TYPE)
        .header('Cache-Control', keepable ? 'no-cache' : 'no-store'),
      body,
      copy,
      PAGE_VARY,
    );
    return true;
  };

  // The database away while a page was looked up or drawn (without a 哀悼日 in its look when it
  // was away before the look could ask for one).
  const outage: PageOutage = async (request, reply) => {
    const page = pageRequest(request);
    if (!page) return false;
    try {
      await answerUnavailable(request, reply, page, looks.get(request) ?? visitorLook(request, page.pathname, 0), true);
      return true;
    } catch (err) {
      request.log.error({ err: { type: (err as Error).name, message: (err as Error).message } }, 'maintenance page failed');
      return false;
    }
  };

  return { fallback, outage };
}
