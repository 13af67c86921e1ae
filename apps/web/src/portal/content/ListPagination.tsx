import { Pager } from './Pager';
import { usePageParam } from './usePageParam';

/** The paginator of a list kept in the address (menuList, searchKey): links to ?page=N, 5 pager buttons (spec §9). */
export function ListPagination({ pageSize, total }: { pageSize: number; total: number }) {
  const [page, hrefFor] = usePageParam();
  return <Pager page={page} pageSize={pageSize} total={total} label="分页" hrefFor={hrefFor} />;
}
