/**
 * The server renderer of the public pages (built with `vite build --ssr`, loaded by the Fastify
 * server at run time: apps/server/src/features/pages/web-app.ts). It loads the data the page
 * declares (portal/pageData.ts, on the routes' `handle`) into the TanStack Query cache, draws the
 * page once with the same routes and components as the browser, and hands back the HTML, antd's
 * styles for that HTML, and the cache to hydrate in the browser.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandler, type StaticHandlerContext } from 'react-router';
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { sitePages, type DisplayPrefs, type PostedCertLookup } from '@portal/shared';
import { loadRoutesFor, routes } from './router';
import { AppProviders } from './AppProviders';
import { setServerTransport, type ServerTransport } from './api/client';
import { createQueryClient, pageQueryState } from './queryClient';
import { PageStatusContext } from './portal/serverStatus';
import { notFoundData, type PageHandle, type PageQueries, type PageRead } from './portal/pageData';
import { POSTED_LOOKUP_KEY } from './portal/certificates/postedLookup';
import { PageStyleCache } from './serverStyles';

export interface RenderOptions {
  /** The status the server answers with (404 draws the 404 page, as in the browser). */
  status: number;
  /** Sends the page's API calls to the server's own routes, in-process. */
  transport: ServerTransport;
  /** A certificate lookup the server answered (the /certsearch form posted without JavaScript). */
  certLookup?: PostedCertLookup;
  /** The visitor's 尺寸 and 关怀模式, from their cookie. */
  display: DisplayPrefs;
}

export interface RenderedPage {
  html: string;
  /** antd's <style> elements for the components in `html`. */
  styles: string;
  /** The query cache as JSON, for <script type="application/json" id="query-state">. */
  state: string;
  /** How many times the page was drawn: 1 when it declares all it draws from. */
  draws: number;
  /** The queries (their hashes) the drawing asked for that its page did not declare: each cost another drawing. */
  undeclared: string[];
}

/**
 * The transport of the drawing a call is made for. A render thread draws two pages at once (its
 * calls wait for the main thread), so one transport set for the thread sent the calls one page
 * made after the other had begun through the other's: the main thread took them for the other
 * page's (what it is drawn from, whether the database failed it). Each drawing runs in its own
 * context here, and the client's one transport hands each call to its drawing's.
 */
const drawingTransport = new AsyncLocalStorage<ServerTransport>();
setServerTransport((call) => {
  const transport = drawingTransport.getStore();
  if (!transport) throw new Error('a call made outside any drawing');
  return transport(call);
});

/** Undeclared queries may reveal others (an article's related list); a few more drawings suffice. */
const MAX_DRAWS = 5;

/**
 * What the page declares it draws from, read off the routes its address matched. A page the
 * server answered 404 draws the 404 page whatever its route, and the maintenance page (503) draws
 * from nothing.
 */
function declaredData(url: URL, status: number, matches: StaticHandlerContext['matches']): PageQueries[] {
  const address = { pathname: url.pathname, params: url.searchParams };
  if (status === 503) return [];
  if (status === 404) return [notFoundData(address)];
  return matches.flatMap(({ route }) => {
    const handle = route.handle as PageHandle | undefined;
    return handle ? [handle.data(address)] : [];
  });
}

/**
 * One router handler per render thread: making one ranks every route of the site, and a page's
 * drawing does not change it (its lazy routes resolve into the handler's own copy once).
 */
let handler: StaticHandler | undefined;

/** Loads declared queries side by side (a failed call is kept as the query's error state, and the page shows it as the browser would). */
const load = (queryClient: QueryClient, reads: PageRead[]) => Promise.all(reads.map((read) => read(queryClient)));

/** Loads what the pages declare, then what the answers name (the following reads). */
async function loadDeclared(queryClient: QueryClient, declared: PageQueries[]): Promise<void> {
  await load(
    queryClient,
    declared.flatMap((page) => page.queries),
  );
  await load(
    queryClient,
    declared.flatMap((page) => page.following?.(queryClient) ?? []),
  );
}

/**
 * Loads the modules of the pages most visits start at (the home page, a list, an article), for a
 * render thread to call once it has loaded this build, while the server is still starting: their
 * first drawing then waits for no import.
 */
export async function preload(): Promise<void> {
  await Promise.all([sitePages.home, sitePages.menuList, sitePages.info].map((page) => loadRoutesFor(page.path)));
}

export function render(url: string, options: RenderOptions): Promise<RenderedPage> {
  return drawingTransport.run(options.transport, () => drawPage(url, options));
}

async function drawPage(url: string, options: RenderOptions): Promise<RenderedPage> {
  const address = new URL(url, 'http://localhost');
  const queryClient = createQueryClient({ server: true });
  if (options.certLookup) queryClient.setQueryData(POSTED_LOOKUP_KEY, options.certLookup);
  // The handler resolves the lazy routes a page matches itself (into its own copies, once).
  handler ??= createStaticHandler(routes);
  const context = await handler.query(new Request(address));
  if (context instanceof Response) throw new Error(`route answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  await loadDeclared(queryClient, declaredData(address, options.status, context.matches));

  const draw = () => {
    const cache = new PageStyleCache();
    const html = renderToString(
      <StyleProvider cache={cache}>
        <QueryClientProvider client={queryClient}>
          <PageStatusContext.Provider value={options.status}>
            <AppProviders display={options.display}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>
          </PageStatusContext.Provider>
        </QueryClientProvider>
      </StyleProvider>,
    );
    return { html, cache };
  };

  // Drawn once with what the page declared. Should the drawing ask for a query the declarations
  // missed, it is loaded and the page drawn again, and the server hears of it (`undeclared`).
  const undeclared: string[] = [];
  let page = draw();
  let draws = 1;
  while (draws < MAX_DRAWS) {
    const wanted = waitingQueries(queryClient).filter((q) => !undeclared.includes(q.queryHash));
    if (wanted.length === 0) break;
    undeclared.push(...wanted.map((q) => q.queryHash));
    await Promise.all(wanted.map((q) => q.fetch().catch(() => undefined)));
    page = draw();
    draws++;
  }
  // A page drawn without antd has no antd styles: not even antd's empty bookkeeping element.
  const styles = extractStyle(page.cache);
  return {
    html: page.html,
    styles: styles.includes('data-css-hash') ? styles : '',
    state: pageQueryState(dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' })),
    draws,
    undeclared,
  };
}

function waitingQueries(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && (q.options as { enabled?: unknown }).enabled !== false && !q.meta?.browserOnly,
    );
}
