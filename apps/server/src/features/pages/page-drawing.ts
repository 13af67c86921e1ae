import type { FastifyRequest } from 'fastify';
import type { PostedCertLookup } from '@portal/shared';
import type { Config } from '../../config.js';
import type { App } from '../../http/app-types.js';
import type { ContentTag } from '../../cache/generations.js';
import { pageEncoding } from '../../http/compression.js';
import { isDatabaseUnavailable } from '../../http/database-outage.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { headTags, withHead } from './head.js';
import { withLook, type PageLook } from './look.js';
import { unavailablePage, type PageAnswer } from './page.js';
import { pageDocument, type PageBytes } from './page-document.mjs';
import { loadPageRenderer, type PageRenderer } from './render.js';
import { PagesOverloadedError, RenderPoolClosedError } from './render-pool.js';

/** A page the lookup found, to be drawn. */
export type FoundPage = PageAnswer & { kind: 'page' };

/** What draws pages: their bytes, the maintenance page's shell, and what each request's page was drawn from. */
export interface PageDrawing {
  /**
   * The page as it goes out, with its compressed copy: for a page the server draws, index.html
   * with its head, HTML and data, finished on its render thread; for any other, the shell alone.
   */
  draw(request: FastifyRequest, url: string, answer: FoundPage, look: PageLook, certLookup?: PostedCertLookup): Promise<PageBytes>;
  /** The maintenance page's shell (503), which the browser draws: the render threads are what is short. */
  unavailableShell(request: FastifyRequest, path: string, look: PageLook): PageBytes;
  /** What each request's page was drawn from: its head's sources and its calls' (response-cache.ts keeps it with them). */
  drawnFrom: WeakMap<FastifyRequest, readonly ContentTag[]>;
  /** The render threads, when the server draws pages at all. */
  renderer: PageRenderer | undefined;
}

export function pageDrawing(app: App, config: Config, indexHtml: string): PageDrawing {
  const renderer = loadPageRenderer(app, config);
  const { services } = app;
  const drawnFrom = new WeakMap<FastifyRequest, readonly ContentTag[]>();

  /** index.html with the page's head, in the visitor's look: the page as the browser draws it. */
  const shell = (request: FastifyRequest, answer: FoundPage, look: PageLook) =>
    withLook(withHead(indexHtml, headTags(services, publicBaseUrl(request), answer.head), answer.status), look);

  const draw: PageDrawing['draw'] = async (request, url, answer, look, certLookup) => {
    const html = shell(request, answer, look);
    const encoding = pageEncoding(request);
    drawnFrom.set(request, answer.headFrom);
    if (!renderer || !answer.serverRendered) return pageDocument(html, encoding);
    try {
      const drawn = await renderer.draw(url, { status: answer.status, certLookup, display: look.display }, { html, encoding });
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

  const unavailableShell: PageDrawing['unavailableShell'] = (request, path, look) =>
    pageDocument(shell(request, unavailablePage(services, path), look), pageEncoding(request));

  return { draw, unavailableShell, drawnFrom, renderer };
}
