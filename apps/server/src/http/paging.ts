import type { PagingQuery } from '@portal/shared';

/** LIMIT/OFFSET for a 1-based page. */
export function pageWindow({ pageindex, pagesize }: PagingQuery): { limit: number; offset: number } {
  return { limit: pagesize, offset: (pageindex - 1) * pagesize };
}
