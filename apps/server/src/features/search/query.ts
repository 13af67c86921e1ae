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

/**
 * The ids of one page of a search's matches, and how many of them the search lists: every
 * match, or searchLimits.resultsMax when there are more (`capped`).
 */
export interface SearchPage {
  total: number;
  capped: boolean;
  ids: number[];
}

/**
 * How many matches a search lists at most, and how deep into the title matches a page is read
 * straight in order (PostgreSQL).
 *
 * A search lists its first 10,000 matches (1,000 pages of ten) and says when there are more,
 * as web search engines do: counting every match of a common key costs as much as the articles
 * it is found in (保险 is in 87 % of them: 96 ms at 1,000,000 articles on SQLite), while
 * counting to 10,000 costs the same at any size, and no reader pages past the first thousand.
 *
 * Pages of title matches near the start are read straight in order on PostgreSQL, so a common
 * key's first page needs no count of title matches. Deeper, a read in order would skip every
 * match before the page, each skipped title costing about 0.2 ms (the planner cuts each title
 * into its runs to confirm it), so the first five pages of ten cost at most about 10 ms (page
 * 100 took 220 ms for 保险).
 *
 * Tests make them small, so a few articles reach the limit and both ways of reading a page of
 * titles.
 */
export const searchLimits = { resultsMax: 10_000, titlePageRows: 50 };
