import fs from 'node:fs';
import path from 'node:path';
import type { DisplayPrefs, PostedCertLookup } from '@portal/shared';
import type { Config } from '../../config.js';
import type { App } from '../../http/app-types.js';
import { DatabaseUnavailableError } from '../../http/database-outage.js';
import { pathAndQuery } from '../../http/params.js';
import type { ContentTag } from '../../cache/generations.js';
import type { Encoding } from '../../http/compression.js';
import type { PageBytes } from './page-document.mjs';
import { dependenciesOfCall } from '../../cache/response-cache.js';
import { watchLoopShare } from './loop-share.js';
import { renderPool, renderThreads, WAITING_PER_THREAD } from './render-pool.js';

/** A page drawn and finished on its render thread (page-document.mjs), with what the web app's server entry says of the drawing. */
export interface DrawnDocument extends PageBytes {
  /** How many times the page was drawn: once when its route declares all it draws from (apps/web/src/portal/pageData.ts). */
  draws?: number;
  /** The queries the drawing asked for that its route did not declare, each loaded before another drawing. */
  undeclared?: readonly string[];
}

/** The document a drawing goes into: index.html with the page's head and look, and the encoding the client takes. */
export interface PageShell {
  html: string;
  encoding?: Encoding;
}

/** A page's call as the web app's server transport sends it (apps/web/src/api/client.ts ServerCall). */
export interface CallConfig {
  method?: string;
  baseURL?: string;
  url?: string;
  params?: Record<string, unknown>;
  data?: unknown;
}

/** What a call answers a page: the route's status and the JSON it sent, as bytes, decoded and read on the drawing's thread, not on the event loop. */
export interface CallAnswer {
  json: Uint8Array;
  status: number;
}

/** What a page is drawn with besides its address: the status, a posted certificate lookup (/certsearch without JavaScript), the visitor's look. */
export interface PageDrawing {
  status: number;
  certLookup?: PostedCertLookup;
  display: DisplayPrefs;
}

/** A drawn page, and what its calls answered it from: what a write must change for it to be drawn again (response-cache.ts). */
export interface DrawnPage extends DrawnDocument {
  drawnFrom: ReadonlySet<ContentTag>;
}

export interface PageRenderer {
  draw(url: string, drawing: PageDrawing, shell: PageShell): Promise<DrawnPage>;
  /** Whether a page asked to be drawn now would be taken rather than refused as overloaded (render-pool.ts). */
  hasRoom(): boolean;
  /** Waits up to `ms` for that room (render-pool.ts). */
  roomWithin(ms: number): Promise<boolean>;
}

/** A page's call as an address, its parameters added to the query (those left undefined or null left out, as the browser's client does: api/transport.ts). */
function addressOf(config: CallConfig): string {
  const [pathname, query] = pathAndQuery(`${config.baseURL ?? ''}${config.url ?? ''}`);
  const search = new URLSearchParams(query);
  for (const [key, value] of Object.entries(config.params ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
  return search.size === 0 ? pathname : `${pathname}?${search.toString()}`;
}

/**
 * A page's call answered by this server's own routes, in-process (Fastify's inject), or, when
 * the response cache keeps a current answer for it, by that answer read straight from the cache
 * (ResponseCache.keptCall): what the route's cache hook would answer, without a request through
 * Fastify (inject's fake request and response, the hooks, the headers), which was most of what a
 * page's calls cost the event loop. The answer goes to the drawing's thread as the bytes the
 * route sent, with what it was made from.
 */
export function callInProcess(app: App): (config: CallConfig) => Promise<CallAnswer & { drawnFrom: readonly ContentTag[] }> {
  return async (config) => {
    const address = addressOf(config);
    const method = (config.method ?? 'get').toUpperCase();
    const kept = method === 'GET' && config.data === undefined ? app.responseCache.keptCall(address) : undefined;
    if (kept) return { json: kept.body, status: 200, drawnFrom: kept.dependsOn };
    const res = await app.inject({
      method: method as 'GET',
      url: address,
      ...(config.data === undefined
        ? {}
        : { payload: typeof config.data === 'string' ? config.data : JSON.stringify(config.data), headers: { 'content-type': 'application/json' } }),
    });
    return { json: res.rawPayload, status: res.statusCode, drawnFrom: dependenciesOfCall(res.raw.req) };
  };
}

/**
 * Loads the web app's server build (`vite build --ssr`, next to the browser build in
 * apps/web/dist-ssr) when there is one. The pages' API calls are answered by this server's own
 * routes in-process (Fastify's inject: no socket, no second trip through the network), so the
 * HTML holds exactly what GetNewsDetail, GetMenuList, … answer a visitor. The pages are drawn on
 * worker threads (render-pool.ts), which send their calls here; the pool closes with the app.
 */
export function loadPageRenderer(app: App, { webDist, webConcurrency, pagesWaitingAtMost }: Config): PageRenderer | undefined {
  const entry = path.resolve(webDist, '../dist-ssr/entry-server.js');
  if (!fs.existsSync(entry)) return undefined;
  const threads = renderThreads(webConcurrency);
  const pool = renderPool({ entry, threads, waitingAtMost: pagesWaitingAtMost ?? threads * WAITING_PER_THREAD });
  const stopWatching = watchLoopShare({ servedFromCache: () => app.responseCache.servedCount, onChange: pool.crowded });
  app.addHook('onClose', async () => {
    stopWatching();
    await pool.close();
  });
  const call = callInProcess(app);
  const draw = async (url: string, drawing: PageDrawing, shell: PageShell): Promise<DrawnPage> => {
    // A call answered 503: the database is away, and the page drawn without that call's data
    // (an empty list, an error notice) must not go out as the page, nor be kept. The page that
    // says the site is under maintenance (status 503) needs no data.
    let unavailable = false;
    const drawnFrom = new Set<ContentTag>();
    const transport = async (config: CallConfig) => {
      const answer = await call(config);
      if (answer.status === 503) unavailable = true;
      for (const tag of answer.drawnFrom) drawnFrom.add(tag);
      return answer;
    };
    const page = await pool.draw(url, drawing, transport, shell);
    if (unavailable && drawing.status !== 503) throw new DatabaseUnavailableError();
    return { ...page, drawnFrom };
  };
  return { draw, hasRoom: pool.hasRoom, roomWithin: pool.roomWithin };
}
