import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { paging, type ListDto } from '@portal/shared';
import type { PageState } from './DataTable';

/**
 * State and data of one paged list: the filters last searched, the page, and the call's
 * answer (the previous page stays on screen while the next one loads). `search` starts the
 * filters over at page 1 and always asks the server again, even with unchanged filters (new
 * applications and messages arrive meanwhile); the answer is cached under `key` (a prefix) so
 * a save can invalidate it.
 */
export function usePagedList<T, F extends object>(key: QueryKey, fetch: (query: F & PageState) => Promise<ListDto<T>>, initialFilters: F) {
  const [filters, setFilters] = useState<F>(initialFilters);
  const [page, setPage] = useState<PageState>({ pageindex: paging.firstPage, pagesize: paging.defaultSize });
  const [searchRound, setSearchRound] = useState(0);
  const query = useQuery({
    queryKey: [...key, filters, page, searchRound],
    queryFn: () => fetch({ ...filters, ...page }),
    placeholderData: keepPreviousData,
  });

  // Deleting the last row of the last page leaves it empty: step back to the page before.
  const emptiedPage = query.data && query.data.List.length === 0 && page.pageindex > paging.firstPage && !query.isFetching;
  useEffect(() => {
    if (emptiedPage) setPage((p) => ({ ...p, pageindex: Math.max(paging.firstPage, Math.ceil((query.data?.TotalCount ?? 0) / p.pagesize)) }));
  }, [emptiedPage, query.data?.TotalCount]);

  return {
    filters,
    search: (next: F) => {
      setFilters(next);
      setPage((p) => ({ ...p, pageindex: paging.firstPage }));
      setSearchRound((n) => n + 1);
    },
    query,
    tableProps: { data: query.data, loading: query.isFetching, page, onPageChange: setPage },
  };
}
