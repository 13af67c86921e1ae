import { queryOptions } from '@tanstack/react-query';
import type { MemberDirectoryQuery } from '@portal/shared';
import { directoryApi } from '../../api/directory';
import type { ListQuery } from '../../api/list-query';

/** Companies on a page of 会员名录. */
export const DIRECTORY_PAGE_SIZE = 20;

/** 会员名录's reads (see ../queries.ts). */
export const directoryQueries = {
  /** A page of 会员名录, of the companies matching a keyword when there is one. */
  memberDirectory: (keyword: string, page: number) => {
    const query: ListQuery<MemberDirectoryQuery> = { key: keyword || undefined, pageindex: page, pagesize: DIRECTORY_PAGE_SIZE };
    return queryOptions({ queryKey: ['memberDirectory', query], queryFn: () => directoryApi.list(query) });
  },
};
