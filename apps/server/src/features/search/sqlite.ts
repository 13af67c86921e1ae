import type { Database } from '../../db/connection.js';
import type { OffLoopReads } from '../../db/off-loop-reads.js';
import { SEARCH_ID_MASK } from '../../db/migrations/018-search-order.js';
import { Memo } from '../../cache/memo.js';
import { searchPhrase } from '../../db/bigrams.js';
import { searchLimits, type SearchPage, type SearchQuery } from './query.js';

/*
 * SQLite: news_search (migration 018) holds the published articles as pair and character
 * tokens, with the sort key as rowid, so ORDER BY rowid DESC is the result order and FTS5
 * alone counts and pages the matches. The key is the phrase of its pairs, or its character for
 * a key of one (bigrams.ts); the menus are facets tokens.
 *
 * A search first looks for its title matches from the oldest, up to one more than
 * searchLimits.titlePageRows: a rarer key finds all of them (and reads no further), a common
 * key stops at once. With title matches aplenty, a page near the start is read straight down
 * the index and needs one count of the matches for its total. Other pages count the title
 * matches and the text-only matches apart, so a page can be taken from either.
 *
 * A count stops one past searchLimits.resultsMax (query.ts): the work of a search is bounded
 * whatever the number of articles. Counting every match of 保险 (87 % of the articles) took
 * 96 ms at 1,000,000 articles even a batch at a time; counting to 10,001 takes the same few
 * milliseconds at 100,000 and at 1,000,000.
 */

/** How many matches of one condition a search lists: all of them, or searchLimits.resultsMax when there are more. */
interface Counted {
  total: number;
  capped: boolean;
}

/**
 * A search's FTS5 statements, run off the event loop (db/off-loop-reads.ts): counting the
 * thousands of matches of a long phrase takes tens of milliseconds, which the loop would
 * otherwise spend waiting with every other request.
 */
function reads(database: Database): OffLoopReads {
  if (!database.offLoopReads) throw new Error('a SQLite database has off-loop reads');
  return database.offLoopReads;
}

/**
 * What each search has learned is kept for a minute, so paging through results and the popular
 * keys of the day skip the counting. Pages are read fresh (publishedItems), so an article
 * withdrawn meanwhile never shows; any change to articles drops them all (forgetSqliteMatches).
 * Members and visitors find different articles, so each has its own entries.
 */
const kept = new Memo<Matches>({ maxAgeMs: 60_000, maxEntries: 32 });

export function forgetSqliteMatches(database: Database): void {
  kept.clear(database);
}

/** One page of a search's matches, and how many there are; `key` names the search (audience, menus and key). */
export async function sqlitePage(database: Database, query: SearchQuery, key: string, offset: number, limit: number): Promise<SearchPage> {
  const matches = await kept.get(database, key, async () => new Matches(database, await conditions(database, query)));
  return matches.page(offset, limit);
}

/** The FTS5 conditions of one search. */
interface Conditions {
  inTitle: string;
  anywhere: string;
  textOnly: string;
}

async function conditions(database: Database, { key, menuIds, isMember }: SearchQuery): Promise<Conditions> {
  const phrase = searchPhrase(key);
  const filter = await menuFilter(database, menuIds);
  // A member-only article's text is in member_body, which visitors' searches leave out.
  const texts = isMember ? 'body member_body' : 'body';
  return {
    inTitle: `(title : ${phrase})${filter}`,
    anywhere: `({title ${texts}} : ${phrase})${filter}`,
    textOnly: `({${texts}} : ${phrase} NOT title : ${phrase})${filter}`,
  };
}

/** All menu ids, to tell the index the few menus a search leaves out rather than the many it keeps. */
const menuLists = new Memo<number[]>({ areas: ['menus'], maxEntries: 1 });

/** The FTS5 condition (with its operator) keeping a search to `menuIds`; '' when it covers every menu. */
async function menuFilter(database: Database, menuIds: readonly number[]): Promise<string> {
  const all = await menuLists.get(database, '', async () => (await database.db.selectFrom('menus').select('id').execute()).map((m) => m.id));
  const wanted = new Set(menuIds);
  const left = all.filter((id) => !wanted.has(id));
  const tokens = (ids: readonly number[]) => `facets : (${ids.map((id) => `m${id}`).join(' OR ')})`;
  // Either form reads the doclists of the menus it names: the shorter list is cheaper.
  if (left.length === 0) return '';
  return left.length < menuIds.length ? ` NOT ${tokens(left)}` : ` AND ${tokens(menuIds)}`;
}

/** A promise made when first asked for and kept, unless it fails (then the next ask tries again). */
function lazily<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    if (!made) {
      const attempt = make();
      made = attempt;
      attempt.catch(() => {
        if (made === attempt) made = undefined;
      });
    }
    return made;
  };
}

/** One search's matches: counted only as far as the pages asked for need. */
class Matches {
  /** Every title match, newest first, when there are at most searchLimits.titlePageRows; undefined when more. */
  private readonly fewTitles: () => Promise<number[] | undefined>;
  private readonly titles: () => Promise<Counted>;
  private readonly texts: () => Promise<Counted & { match: string }>;
  private readonly everything: () => Promise<Counted>;

  constructor(
    private readonly database: Database,
    private readonly where: Conditions,
  ) {
    this.fewTitles = lazily(async () => {
      const most = searchLimits.titlePageRows;
      const ids = await readOldestFirst(database, where.inTitle, most + 1, 0);
      return ids.length > most ? undefined : ids.reverse();
    });
    this.titles = lazily(() => countListed(database, where.inTitle));
    this.texts = lazily(async () => {
      // Without title matches, every match is a text-only one, and the plain condition is
      // cheaper to test than the one ruling title matches out.
      const match = (await this.fewTitles())?.length === 0 ? where.anywhere : where.textOnly;
      return { match, ...(await countListed(database, match)) };
    });
    this.everything = lazily(() => countListed(database, where.anywhere));
  }

  async page(offset: number, limit: number): Promise<SearchPage> {
    // No page reaches past the matches a search lists.
    const end = Math.min(offset + limit, searchLimits.resultsMax);
    const few = await this.fewTitles();
    // Title matches aplenty: a page near the start is read straight down the index, which
    // finds its rows at once, and its total is the one count needed.
    if (!few && offset + limit <= searchLimits.titlePageRows) {
      return { ids: end > offset ? await readNewestFirst(this.database, this.where.inTitle, offset, end - offset) : [], ...(await this.everything()) };
    }
    const titles = few ? { total: few.length, capped: false } : await this.titles();
    const titlesEnd = Math.min(end, titles.total);
    const fromTitles = few ? few.slice(offset, titlesEnd) : await readAt(this.database, this.where.inTitle, titles, offset, titlesEnd - offset);
    if (end <= titles.total) return { ids: fromTitles, ...(await this.everything()) };
    const texts = await this.texts();
    const listed = Math.min(titles.total + texts.total, searchLimits.resultsMax);
    const fromTexts = await readAt(
      this.database,
      texts.match,
      texts,
      Math.max(offset - titles.total, 0),
      Math.min(end, listed) - Math.max(offset, titles.total),
    );
    return { ids: [...fromTitles, ...fromTexts], total: listed, capped: texts.capped || titles.total + texts.total > listed };
  }
}

/**
 * Counts the matches of `match` up to one past searchLimits.resultsMax, in the index's own
 * order (oldest first: reading it backwards is slower).
 */
async function countListed(database: Database, match: string): Promise<Counted> {
  const most = searchLimits.resultsMax;
  const [counted] = await reads(database).all<{ count: number }>(
    'SELECT count(*) AS count FROM (SELECT rowid FROM news_search WHERE news_search MATCH ? ORDER BY rowid LIMIT ?)',
    [match, most + 1],
  );
  const count = counted!.count;
  return { total: Math.min(count, most), capped: count > most };
}

/**
 * The matches of `match` at positions offset to offset + limit (newest first), read from the
 * nearer end of the ones counted: from the oldest when that is nearer and all are counted.
 * FTS5 reads its index backwards more slowly, and finding the newest ten of a rare phrase means
 * reading all of it (13 ms for a ten-character key with no title match at 100,000 articles,
 * now and then 50, against 8.6 ms reading forwards).
 */
async function readAt(database: Database, match: string, counted: Counted, offset: number, limit: number): Promise<number[]> {
  const count = Math.min(limit, counted.total - offset);
  if (count <= 0) return [];
  if (counted.capped || offset < counted.total / 2) return readNewestFirst(database, match, offset, count);
  return (await readOldestFirst(database, match, count, counted.total - offset - count)).reverse();
}

/** The article ids of the matches of a condition (the rowid is the sort key with the id in its low bits). */
const SELECT_IDS = `SELECT rowid & ${SEARCH_ID_MASK} AS id FROM news_search WHERE news_search MATCH ?`;
const idsOf = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

/** The matches of `match` at positions offset to offset + limit from the oldest. */
async function readOldestFirst(database: Database, match: string, limit: number, offset: number): Promise<number[]> {
  return idsOf(await reads(database).all<{ id: number }>(`${SELECT_IDS} ORDER BY rowid LIMIT ? OFFSET ?`, [match, limit, offset]));
}

/** The matches of `match` at positions offset to offset + limit from the newest, read straight down the index. */
async function readNewestFirst(database: Database, match: string, offset: number, limit: number): Promise<number[]> {
  return idsOf(await reads(database).all<{ id: number }>(`${SELECT_IDS} ORDER BY rowid DESC LIMIT ? OFFSET ?`, [match, limit, offset]));
}
