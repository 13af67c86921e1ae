import {
  hydrate,
  QueryClient,
  type DefaultError,
  type DefaultedQueryObserverOptions,
  type DehydratedState,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { ApiError } from './api/client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * A query the browser makes for itself, never the server's renderer (entry-server.tsx):
       * counting a visit, a QR image drawn on demand, a certificate lookup (personal, and limited
       * per visitor address: made from the server, every visitor's lookups would share its one budget).
       */
      browserOnly?: boolean;
    };
  }
}

/** The id of the script element (type application/json) that carries the server's query cache into the page. */
export const QUERY_STATE_ID = 'query-state';

/** A failed read is tried once more only when the network failed it; a business refusal would answer the same again. */
const retryTransportOnce = (failures: number, error: Error) => failures < 1 && error instanceof ApiError && error.transport;

/**
 * A refusal (a member-only article, an unknown menu, a key too long: a business code) is an
 * answer: while it is as fresh as data would be, a page that mounts it shows it rather than
 * asking again. A read the network failed is tried again on mount, as is a refusal older than
 * the stale time. Without this, a query holding a refusal counts as
 * still loading when mounted (TanStack's retryOnMount), so the server drew a skeleton instead
 * of the notice, and the browser asked for the article again after hydrating.
 */
class PageQueryClient extends QueryClient {
  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TKey> {
    const defaulted = super.defaultQueryOptions(options);
    const state = this.getQueryCache().get(defaulted.queryHash)?.state;
    if (options.retryOnMount === undefined && state?.error instanceof ApiError && !state.error.transport) {
      // Fresh as long as data would be. (A new member session drops every refusal: session.ts.)
      const staleTime = typeof defaulted.staleTime === 'number' ? defaulted.staleTime : 0;
      if (Date.now() - state.errorUpdatedAt < staleTime) defaulted.retryOnMount = false;
    }
    return defaulted;
  }
}

/**
 * The query client of a page. On the server: no retries (a refused call is the page's answer)
 * and no garbage-collection timers (the client lives for one render).
 */
export function createQueryClient({ server = false } = {}): QueryClient {
  return new PageQueryClient({
    defaultOptions: {
      queries: server ? { staleTime: 30_000, retry: false, gcTime: Infinity } : { staleTime: 30_000, retry: retryTransportOnce, refetchOnWindowFocus: false },
    },
  });
}

/** The dehydrated cache as JSON that is safe inside a <script> element. */
export function pageQueryState(state: DehydratedState): string {
  // An Error's message is not an own enumerable property: name it so it survives JSON.
  const queries = state.queries.map((q) =>
    q.state.error instanceof ApiError
      ? { ...q, state: { ...q.state, error: { code: q.state.error.code, message: q.state.error.message, data: q.state.error.data } } }
      : q,
  );
  return JSON.stringify({ ...state, queries }).replace(/</g, '\\u003c');
}

/**
 * Fills the browser's cache from the server's. A refused call (member-only article, Code 403)
 * travels as a plain object: it becomes an ApiError again, so the page draws the same notice.
 * The page may come from the server's response cache, drawn minutes ago but current (every
 * write drops it): its data counts as fetched now, or the page would ask for it all again.
 */
export function hydratePageState(queryClient: QueryClient, json: string): void {
  const state = JSON.parse(json) as DehydratedState;
  const now = Date.now();
  for (const query of state.queries) {
    if (query.state.dataUpdatedAt) query.state.dataUpdatedAt = now;
    if (query.state.errorUpdatedAt) query.state.errorUpdatedAt = now;
    const error = query.state.error as { code?: number; message?: string; data?: unknown } | null;
    if (error && typeof error === 'object') query.state.error = new ApiError(error.code ?? 0, error.message ?? '', error.data ?? null);
  }
  hydrate(queryClient, state);
}
