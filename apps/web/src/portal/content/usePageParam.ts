import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { paging } from '@portal/shared';

/**
 * The current page number, kept in the address (`?page=2`) so back/forward and shared links
 * land on the same page. Other query parameters are kept; page 1 is left out of the address.
 */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = Number(params.get('page'));
  const page = Number.isInteger(parsed) && parsed >= paging.firstPage ? parsed : paging.firstPage;
  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next > paging.firstPage) updated.set('page', String(next));
        else updated.delete('page');
        return updated;
      }),
    [setParams],
  );
  return [page, setPage];
}
