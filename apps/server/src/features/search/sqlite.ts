import { sql } from 'kysely';
import type { Database } from '../../db/connection.js';
import { SEARCH_ID_MASK } from '../../db/migrations/018-search-order.js';
import { Memo } from '../news/cache.js';
import { searchPhrase } from './bigrams.js';
import { searchBatches, type SearchPage, type SearchQuery } from './query.js';
import { Turns } from './turns.js';

/*
 * SQLite: news_search (migration 018) holds the published articles as pair and character
 * tokens, with the sort key as rowid, so ORDER BY rowid DESC is the result order and FTS5
 * alone counts and pages the matches. The key is the phrase of its pairs, or its character for
 * a key of one (bigrams.ts); the menus are facets tokens.
 *
 * A search first looks for its title matches from the oldest, up to one more than
 * searchBatches.titlePageRows: a rarer key finds all of them (and reads no further), a common
 * key stops at once. With title matches aplenty, a page near the start is read straight down
 * the index and needs one count of every match for its total. Other pages count the title
 * matches and the text-only matches apart, so a page can be taken from either.
 *
 * Counting a common key visits every match (87% of the articles for 保险), so it goes a batch
 * of matches at a time, letting other requests run between batches; the counts per batch then
 * take a deep page straight to its batch instead of skipping every match before it. A batch is
 * a number of matches (LIMIT), never a stretch of rowids: FTS5 stops a query bounded by rowids
 * only at the first match past the bound, so a stretch holding no match of a rare phrase read
 * on to the end of the index. Counting by stretches of 8,192 articles, a key with no title
 * match read the whole index once per stretch (45 ms at 100,000 articles against 5.5 ms once,
 * and 123 times over at 1,000,000).
 */

/** A stretch of news_search rowids, both ends included. */
interface Batch {
  low: bigint;
  high: bigint;
  /** How many matches it holds. */
  count: number;
}

/** The matches of one condition, counted: batches newest first. */
interface Counted {
  total: number;
  batches: Batch[];
}

const MAX_KEY = 2n ** 63n - 1n;
const MIN_KEY = -(2n ** 63n);

/**
 * Lets other requests run: SQLite answers on the event loop (its driver is synchronous). Every
 * statement of a search waits its turn this way, so the loop is held for one statement at most.
 */
const yieldToLoop = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Searches counting their matches at once take turns (turns.ts): interleaved batch by batch, a
 * burst of different keys would all finish together at its end.
 */
const counting = new Turns(2);

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
  /** Every title match, newest first, when there are at most searchBatches.titlePageRows; undefined when more. */
  private readonly fewTitles: () => Promise<number[] | undefined>;
  private readonly titles: () => Promise<Counted>;
  private readonly texts: () => Promise<Counted & { match: string }>;
  private readonly everything: () => Promise<number>;

  constructor(
    private readonly database: Database,
    private readonly where: Conditions,
  ) {
    this.fewTitles = lazily(async () => {
      const most = searchBatches.titlePageRows;
      await yieldToLoop();
      const ids = await readOldestFirst(database, where.inTitle, most + 1);
      return ids.length > most ? undefined : ids.reverse();
    });
    this.titles = lazily(() => countInBatches(database, where.inTitle));
    this.texts = lazily(async () => {
      // Without title matches, every match is a text-only one, and the plain condition is
      // cheaper to test than the one ruling title matches out.
      const match = (await this.fewTitles())?.length === 0 ? where.anywhere : where.textOnly;
      return { match, ...(await countInBatches(database, match)) };
    });
    this.everything = lazily(async () => (await countInBatches(database, where.anywhere)).total);
  }

  async page(offset: number, limit: number): Promise<SearchPage> {
    const end = offset + limit;
    const few = await this.fewTitles();
    // Title matches aplenty: a page near the start is read straight down the index, which
    // finds its rows at once, and its total is the one count needed.
    if (!few && end <= searchBatches.titlePageRows) return { ids: await readInOrder(this.database, this.where.inTitle, offset, limit), total: await this.everything() };
    const titles = few?.length ?? (await this.titles()).total;
    const fromTitles = offset >= titles ? [] : few ? few.slice(offset, end) : await stretch(this.database, this.where.inTitle, (await this.titles()).batches, offset, Math.min(end, titles) - offset);
    if (end <= titles) return { ids: fromTitles, total: await this.everything() };
    const texts = await this.texts();
    const fromTexts = await stretch(this.database, texts.match, texts.batches, Math.max(offset - titles, 0), end - Math.max(offset, titles));
    return { ids: [...fromTitles, ...fromTexts], total: titles + texts.total };
  }
}

/**
 * The first `limit` matches of `match` from the oldest: all of them when fewer. A few title
 * matches are found this way, not by reading down from the newest: FTS5 reads its index
 * backwards more slowly, and finding the newest ten of a rare phrase means reading all of it
 * (13 ms for a ten-character key with no title match at 100,000 articles, now and then 50,
 * against 8.6 ms reading forwards).
 */
async function readOldestFirst(database: Database, match: string, limit: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT rowid & ${sql.lit(SEARCH_ID_MASK)} AS id FROM news_search
    WHERE news_search MATCH ${match} ORDER BY rowid LIMIT ${limit}`.execute(database.db);
  return rows.map((r) => r.id);
}

/** The matches of `match` at positions offset to offset + limit, read straight down the index. */
async function readInOrder(database: Database, match: string, offset: number, limit: number): Promise<number[]> {
  await yieldToLoop();
  const { rows } = await sql<{ id: number }>`SELECT rowid & ${sql.lit(SEARCH_ID_MASK)} AS id FROM news_search
    WHERE news_search MATCH ${match} ORDER BY rowid DESC LIMIT ${limit} OFFSET ${offset}`.execute(database.db);
  return rows.map((r) => r.id);
}

/**
 * Counts the matches of `match` searchBatches.batchMatches at a time, oldest first (the index's
 * own order: reading it backwards is slower), each batch one statement after a pause. The
 * first statement counts its batch (a rarer key's matches all fit in it: one pass); later ones
 * only find where their batch ends, a row skipped rather than counted (72 ms in all for 保险 at
 * 1,000,000 articles, against 117 counting every batch and 59 for one count of everything), and
 * the batch after the last full one is counted when that finds no end.
 */
function countInBatches(database: Database, match: string): Promise<Counted> {
  const size = searchBatches.batchMatches;
  const where = (low: bigint) => sql`news_search MATCH ${match} AND rowid >= ${low}`;
  return counting.run(async () => {
    await yieldToLoop();
    const { rows } = await sql<{ count: number; last: string | null }>`SELECT count(*) AS count, CAST(max(rowid) AS TEXT) AS last FROM
      (SELECT rowid FROM news_search WHERE ${where(MIN_KEY)} ORDER BY rowid LIMIT ${size})`.execute(database.db);
    const first = rows[0]!;
    if (first.count < size) return { total: first.count, batches: [{ low: MIN_KEY, high: MAX_KEY, count: first.count }] };
    const batches: Batch[] = [{ low: MIN_KEY, high: BigInt(first.last!), count: size }];
    for (let low = BigInt(first.last!) + 1n; ; ) {
      await yieldToLoop();
      const { rows: ends } = await sql<{ last: string }>`SELECT CAST(rowid AS TEXT) AS last FROM news_search WHERE ${where(low)}
        ORDER BY rowid LIMIT 1 OFFSET ${size - 1}`.execute(database.db);
      if (ends[0]) {
        const high = BigInt(ends[0].last);
        batches.push({ low, high, count: size });
        low = high + 1n;
        continue;
      }
      await yieldToLoop();
      const { rows: rest } = await sql<{ count: number }>`SELECT count(*) AS count FROM news_search WHERE ${where(low)}`.execute(database.db);
      batches.push({ low, high: MAX_KEY, count: rest[0]!.count });
      break;
    }
    return { total: batches.reduce((sum, b) => sum + b.count, 0), batches: batches.reverse() };
  });
}

/**
 * The matches of `match` at positions offset to offset + limit, given how many matches each
 * batch holds: only the batches holding those positions are read.
 */
async function stretch(database: Database, match: string, batches: readonly Batch[], offset: number, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let before = 0;
  for (const { low, high, count } of batches) {
    if (ids.length >= limit) break;
    const at = offset + ids.length;
    if (at < before + count) {
      await yieldToLoop();
      const { rows } = await sql<{ id: number }>`SELECT rowid & ${sql.lit(SEARCH_ID_MASK)} AS id FROM news_search
        WHERE news_search MATCH ${match} AND rowid BETWEEN ${low} AND ${high}
        ORDER BY rowid DESC LIMIT ${Math.min(limit - ids.length, before + count - at)} OFFSET ${at - before}`.execute(database.db);
      ids.push(...rows.map((r) => r.id));
    }
    before += count;
  }
  return ids;
}
