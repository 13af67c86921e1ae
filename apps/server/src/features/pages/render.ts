import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { DisplayPrefs, PostedCertLookup } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { DatabaseUnavailableError } from '../../http/database-outage.js';
import { Turns } from './turns.js';

/** What the web app's server entry (apps/web/src/entry-server.tsx) answers for one page. */
interface RenderedPage {
  html: string;
  styles: string;
  state: string;
}

/** The request an axios adapter receives: only what our page calls use. */
interface CallConfig {
  method?: string;
  baseURL?: string;
  url?: string;
  params?: Record<string, unknown>;
  data?: unknown;
}

/** What a page is drawn with besides its address: the status, a posted certificate lookup (/certsearch without JavaScript), the visitor's look. */
export interface PageDrawing {
  status: number;
  certLookup?: PostedCertLookup;
  display: DisplayPrefs;
}

interface ServerEntry {
  render(url: string, options: PageDrawing & { transport: (config: CallConfig) => Promise<unknown> }): Promise<RenderedPage>;
}

/**
 * How many pages are drawn at once; the rest wait their turn, first come first served. A
 * drawing is CPU work in pieces (its calls, answered in-process, and two or three renders of a
 * few milliseconds), and with every drawing under way advancing a piece per turn of the event
 * loop, 100 pages at once held the loop for about 300 ms a turn: while a crawler read 50
 * articles at a time, visitors' cached /home answered 0-86 times a second (p50 308 ms). Two at a
 * time: a turn stays within a few tens of milliseconds and the cached /home answers 1,070-1,160
 * times a second (p50 16 ms) during the same crawl, which gets 115-120 articles a second
 * instead of 148-151 (the CPU it lost went to the visitors).
 */
const PAGES_DRAWN_AT_ONCE = 2;

export type PageRenderer = (url: string, drawing: PageDrawing) => Promise<RenderedPage>;

/**
 * Loads the web app's server build (`vite build --ssr`, next to the browser build in
 * apps/web/dist-ssr) when there is one. The pages' API calls are answered by this server's own
 * routes in-process (Fastify's inject: no socket, no second trip through the network), so the
 * HTML holds exactly what GetNewsDetail, GetMenuList, … answer a visitor.
 */
export async function loadPageRenderer(app: App, webDist: string): Promise<PageRenderer | undefined> {
  const entry = path.resolve(webDist, '../dist-ssr/entry-server.js');
  if (!fs.existsSync(entry)) return undefined;
  const { render } = (await import(pathToFileURL(entry).href)) as ServerEntry;
  const call = async (config: CallConfig) => {
    // A turn of the event loop first: the calls and renders of a page are one chain of promises
    // that never waits for I/O, and without a turn between them a drawing (and the next one in
    // line, started as it ends) held the loop to the end.
    await nextTurn();
    const url = new URL(`${config.baseURL ?? ''}${config.url ?? ''}`, 'http://page');
    for (const [key, value] of Object.entries(config.params ?? {})) if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    const res = await app.inject({
      method: (config.method ?? 'get').toUpperCase() as 'GET',
      url: url.pathname + url.search,
      ...(config.data === undefined ? {} : { payload: typeof config.data === 'string' ? config.data : JSON.stringify(config.data), headers: { 'content-type': 'application/json' } }),
    });
    return { data: res.json() as unknown, status: res.statusCode, statusText: res.statusMessage, headers: res.headers, config, request: {} };
  };
  const turns = new Turns(PAGES_DRAWN_AT_ONCE);
  return (url, drawing) =>
    turns.run(async () => {
      // A call answered 503: the database is away, and the page drawn without that call's data
      // (an empty list, an error notice) must not go out as the page, nor be kept. The page that
      // says the site is under maintenance (status 503) needs no data.
      let unavailable = false;
      const transport = async (config: CallConfig) => {
        const answer = await call(config);
        if (answer.status === 503) unavailable = true;
        return answer;
      };
      const page = await render(url, { ...drawing, transport });
      if (unavailable && drawing.status !== 503) throw new DatabaseUnavailableError();
      return page;
    });
}

/** index.html with the rendered page: antd's styles in the head, the HTML in #root, the query cache after it. */
export function withRenderedPage(html: string, page: RenderedPage): string {
  // Replaced by functions: the page's text may hold `$&` or `$'`, which a replacement string
  // would read as patterns (and scanning for them costs time on a page of 100 KB).
  return html
    .replace('</head>', () => `${page.styles}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div><script type="application/json" id="query-state">${page.state}</script>`);
}
