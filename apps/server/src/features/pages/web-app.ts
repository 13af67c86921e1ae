import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { App } from '../../http/app-types.js';
import type { PageFallback, PageOutage } from '../../http/errors.js';
import { sendEncoded } from '../../http/compression.js';
import { answeringUnavailable } from '../../http/database-outage.js';
import { certLookupForm } from '../certificates/lookup-form.js';
import { countPageView, countsAsPageView } from '../statistics/page-views.js';
import { pageLook, type PageLook } from './look.js';
import { resolvePage } from './page.js';
import { pageDrawing, type PageDrawing } from './page-drawing.js';
import { PAGE_TYPE, pageFallback, pageOutage } from './page-answer.js';
import type { PageBytes } from './page-document.mjs';
import { PagesOverloadedError } from './render-pool.js';
import { serveBuildFiles } from './web-static.js';

/** What the web app answers: page addresses no route matched, and those of them that met the database away. */
export interface WebApp {
  fallback: PageFallback;
  outage: PageOutage;
}

/**
 * Serves the built React app: hashed assets with long caching (web-static.ts), and index.html
 * for every other page path (history fallback) so /home, /info?NewsId=… and /System/... load the
 * SPA (page-answer.ts). Before answering, the page is looked up (page.ts): unknown routes, menus
 * and articles answer 404 (the SPA then shows its 404 page), `/` redirects to /home, and each
 * page gets its own head (title, description, canonical, share tags, JSON-LD), drawn on the
 * render threads (page-drawing.ts). /api/... never falls back to the SPA. A page that meets the
 * database away, or more pages waiting to be drawn than the render pool's line holds, answers its
 * kept copy, or the maintenance page with 503.
 */
export async function registerWebApp(app: App, config: Config): Promise<WebApp> {
  const indexHtml = fs.readFileSync(path.join(config.webDist, 'index.html'), 'utf8');
  await serveBuildFiles(app, config);
  const drawing = pageDrawing(app, config, indexHtml);
  await postedCertLookup(app, drawing);
  const serving = { app, config, drawing, looks: new WeakMap<FastifyRequest, PageLook>() };
  const answerPage = pageFallback(serving);
  // Every page a visitor is given counts as a view (访问统计), from its kept copy too.
  const fallback: PageFallback = async (request, reply) => {
    const answered = await answerPage(request, reply);
    if (answered && countsAsPageView(request, reply)) countPageView(app.services, request, request.url, request.headers.referer ?? '');
    return answered;
  };
  return { fallback, outage: pageOutage(serving) };
}

/**
 * The certificate lookup posted without JavaScript: /certsearch drawn around the server's
 * answer, for this visitor alone (not kept, not indexed).
 */
async function postedCertLookup(app: App, drawing: PageDrawing): Promise<void> {
  const { services } = app;
  await certLookupForm(app, async (request, reply, posted) => {
    const answer = await resolvePage(services, new URL('/certsearch', 'http://page'));
    if (answer.kind !== 'page') throw new Error('/certsearch is a page');
    const look = await pageLook(services, request, '/certsearch');
    let page: PageBytes;
    try {
      page = await drawing.draw(request, '/certsearch', { ...answer, head: { ...answer.head, noindex: true } }, look, posted);
    } catch (err) {
      if (!(err instanceof PagesOverloadedError)) throw err;
      const unavailable = drawing.unavailableShell(request, '/certsearch', look);
      await sendEncoded(answeringUnavailable(reply).type(PAGE_TYPE), unavailable.body, unavailable.copy);
      return;
    }
    await sendEncoded(reply.status(200).type(PAGE_TYPE).header('Cache-Control', 'no-store'), page.body, page.copy);
  });
}
