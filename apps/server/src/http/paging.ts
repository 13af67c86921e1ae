import type { PagingQuery } from '@portal/shared';

/** LIMIT/OFFSET for a 1-based page. */
export function pageWindow({ pageindex, pagesize }: PagingQuery): { limit: number; offset: number } {
  return { limit: pagesize, offset: (pageindex - 1) * pagesize };
}

/**
 * From how many skipped rows a page past the middle is read from the far end (pageFromNearerEnd).
 * Skipping a thousand index entries costs about 0.1 ms; below that the front is read, so a
 * total that is a moment old (a write on another instance, not yet announced) never changes
 * the first pages. Tests set it lower.
 */
export const readFromEnd = { minOffset: 1000 };

/**
 * LIMIT/OFFSET for a 1-based page of a list of `total` rows, read from the nearer end: a deep
 * page past the middle is read in the reverse order (`reversed`: the caller flips the order and
 * then the rows), so the last pages cost what the first ones do. An OFFSET walks every row it
 * skips: the last page of a menu of 300,000 articles would walk them all.
 */
export function pageFromNearerEnd(paging: PagingQuery, total: number): { limit: number; offset: number; reversed: boolean } {
  const { limit, offset } = pageWindow(paging);
  if (offset < readFromEnd.minOffset || offset >= total || offset + limit / 2 <= total / 2) return { limit, offset, reversed: false };
  return { limit: Math.min(limit, total - offset), offset: Math.max(0, total - offset - limit), reversed: true };
}
