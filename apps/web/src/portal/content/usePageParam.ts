import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { pageQuery, paging } from '@portal/shared';
import { listPageOf } from '../pageData';

/**
 * The current page number, kept in the address (`?page=2`) so back/forward, shared links and
 * crawlers land on the same page; and the address of any other page of the list. The other
 * parameters the page reads are kept, in the page's own order (pageQuery: the server draws the
 * page from those alone, and the links must be the same in the browser); page 1 is left out.
 */
export function usePageParam(): [number, (page: number) => string] {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const page = listPageOf(params);
  const hrefFor = useCallback(
    (next: number) => {
      const updated = pageQuery(pathname, params);
      if (next > paging.firstPage) updated.set('page', String(next));
      else updated.delete('page');
      const query = updated.toString();
      return query ? `${pathname}?${query}` : pathname;
    },
    [params, pathname],
  );
  return [page, hrefFor];
}
