/**
 * The server renderer of the public pages (built with `vite build --ssr`, loaded by the Fastify
 * server at run time: apps/server/src/features/pages/web-app.ts). It draws a page with the same routes
 * and components as the browser, with its data already in the TanStack Query cache, and hands
 * back the HTML, antd's styles for that HTML, and the cache to hydrate in the browser.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { AxiosAdapter } from 'axios';
import type { DisplayPrefs, PostedCertLookup } from '@portal/shared';
import { loadRoutesFor, routes } from './router';
import { AppProviders } from './AppProviders';
import { setServerTransport } from './api/client';
import { createQueryClient, pageQueryState } from './queryClient';
import { PageStatusContext } from './portal/serverStatus';
import { POSTED_LOOKUP_KEY } from './portal/certificates/postedLookup';
import { PageStyleCache } from './serverStyles';

export interface RenderOptions {
  /** The status the server answers with (404 draws the 404 page, as in the browser). */
  status: number;
  /** Sends the page's API calls to the server's own routes, in-process. */
  transport: AxiosAdapter;
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
}

/**
 * Queries the browser makes for itself: counting a visit, a QR image drawn on demand, and a
 * certificate lookup (personal, and limited per visitor address: made from the server, every
 * visitor's lookups would share the server's one budget).
 */
const BROWSER_ONLY = new Set(['visitCount', 'qrcode', 'certSearch']);
/** Each render may reveal queries that depend on earlier data (an article's related list); a few rounds suffice. */
const MAX_ROUNDS = 4;

export async function render(url: string, options: RenderOptions): Promise<RenderedPage> {
  setServerTransport(options.transport);
  await loadRoutesFor(url);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`route answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient({ server: true });
  if (options.certLookup) queryClient.setQueryData(POSTED_LOOKUP_KEY, options.certLookup);

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

  // Render, fetch the queries the render asked for, render again with their data: the
  // components stay the only place that says what a page needs.
  const fetched = new Set<string>();
  let page = draw();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const wanted = waitingQueries(queryClient).filter((q) => !fetched.has(q.queryHash));
    if (wanted.length === 0) break;
    wanted.forEach((q) => fetched.add(q.queryHash));
    // A failed call is kept as the query's error state; the page shows it as the browser would.
    await Promise.all(wanted.map((q) => q.fetch().catch(() => undefined)));
    page = draw();
  }
  // A page drawn without antd has no antd styles: not even antd's empty bookkeeping element.
  const styles = extractStyle(page.cache);
  return { html: page.html, styles: styles.includes('data-css-hash') ? styles : '', state: pageQueryState(dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' })) };
}

function waitingQueries(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && (q.options as { enabled?: unknown }).enabled !== false && !BROWSER_ONLY.has(String(q.queryKey[0])));
}
