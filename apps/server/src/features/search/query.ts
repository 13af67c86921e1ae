/** A keyword search and who asks it. */
export interface SearchQuery {
  key: string;
  /** The menus searched: every menu the public may read, or one menu's scope. */
  menuIds: readonly number[];
  /**
   * A member-only article's text is searched for members only; others find such an article
   * by its title alone. Matching its text would let a visitor read it out a key at a time.
   */
  isMember: boolean;
}

/** The ids of one page of a search's matches, and how many matches there are. */
export interface SearchPage {
  total: number;
  ids: number[];
}

/**
 * How deep into the title matches a page is read straight in order (both engines), and how
 * many matches SQLite counts in one statement (a few milliseconds for a common key).
 *
 * Pages of title matches near the start are read straight in order, so a common key's first
 * page needs no count of title matches; SQLite first looks for up to one more title match than
 * this, from the oldest, to tell a key with few (all then known) from one with many. Deeper, a read in order would skip every match before
 * the page; on PostgreSQL each skipped title costs about 0.2 ms (the planner cuts each title
 * into its runs to confirm it), so the first five pages of ten cost at most about 10 ms (page
 * 100 took 220 ms for 保险).
 *
 * Tests make them small, so a few articles span several batches and both ways of reading a
 * page of titles.
 */
export const searchBatches = { batchMatches: 8192, titlePageRows: 50 };
