import { hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { ApiError } from './api/client';

/** The id of the script element (type application/json) that carries the server's query cache into the page. */
export const QUERY_STATE_ID = 'query-state';

/** A failed read is tried once more only when the network failed it; a business refusal would answer the same again. */
const retryTransportOnce = (failures: number, error: Error) => failures < 1 && error instanceof ApiError && error.transport;

/**
 * The query client of a page. On the server: no retries (a refused call is the page's answer)
 * and no garbage-collection timers (the client lives for one render).
 */
export function createQueryClient({ server = false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: server
        ? { staleTime: 30_000, retry: false, gcTime: Infinity }
        : { staleTime: 30_000, retry: retryTransportOnce, refetchOnWindowFocus: false },
    },
  });
}

/** The dehydrated cache as JSON that is safe inside a <script> element. */
export function pageQueryState(state: DehydratedState): string {
  // An Error's message is not an own enumerable property: name it so it survives JSON.
  const queries = state.queries.map((q) =>
    q.state.error instanceof ApiError ? { ...q, state: { ...q.state, error: { code: q.state.error.code, message: q.state.error.message, data: q.state.error.data } } } : q,
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
