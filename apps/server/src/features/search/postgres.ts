import { sql, type Kysely, type QueryResult, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { SEARCH_ID_BITS } from '../../db/migrations/018-search-order.js';
import { GRAM_CHARS } from '../../db/migrations/020-search-grams.js';
import { Memo } from '../../cache/memo.js';
import { searchLimits, type SearchPage, type SearchQuery } from './query.js';

/*
 * PostgreSQL: news_search (migrations 019 and 020) holds the published articles with their
 * sort key (as SQLite's rowid), title and text, each GIN-indexed by its runs of one to four
 * characters, its rows about 150 bytes (the texts live in its TOAST table, which GIN scans never
 * read). A page of title matches near the start is read straight in order, with a plain count
 * for its total (pgTitlePage). Any other page counts the search's matches per bucket of sort
 * keys (about three days of articles) in one statement, a bitmap scan of those small rows; the
 * page is then read with ORDER BY sort_key DESC within the buckets holding it, so no search
 * hands its whole list of matches to JavaScript and a deep page reads a few dozen rows rather
 * than sorting every match.
 *
 * A search lists at most searchLimits.resultsMax matches (query.ts). The count for a page of
 * title matches stops one past it; the count per bucket is of every match (bounding it would
 * need the newest matches found in order, which costs more here than counting them all), and
 * only what it tells of the first resultsMax is used.
 */

/** A stretch of sort keys, both ends included. */
interface Bucket {
  low: bigint;
  high: bigint;
}

/**
 * What a search found: how many matches, and the ids at any stretch of their order (title
 * matches first, then text-only matches, newest first within each).
 */
interface Found {
  total: number;
  ids(offset: number, limit: number): Promise<number[]>;
}

/**
 * What each search found is kept for a minute, so paging through results and the popular keys
 * of the day skip the counting, and so are the counts of all matches for pages of title matches
 * read in order (pgTitlePage). Pages are read fresh (publishedItems), so an article withdrawn
 * meanwhile never shows; any change to articles drops them all (forgetPostgresMatches). Members
 * and visitors find different articles, so each has its own entries.
 */
const kept = new Memo<Found>({ maxAgeMs: 60_000, maxEntries: 32 });
const totals = new Memo<Listed>({ maxAgeMs: 60_000, maxEntries: 32 });

/** How many matches a search lists: all of them, or searchLimits.resultsMax when there are more. */
type Listed = Omit<SearchPage, 'ids'>;

export function forgetPostgresMatches(database: Database): void {
  kept.clear(database);
  totals.clear(database);
}

/** One page of a search's matches, and how many there are; `key` names the search (audience, menus and key). */
export async function postgresPage(database: Database, query: SearchQuery, key: string, offset: number, limit: number): Promise<SearchPage> {
  // No page reaches past the matches a search lists.
  const most = searchLimits.resultsMax;
  const end = Math.min(offset + limit, most);
  const titlePage = await pgTitlePage(database, query, key, offset, limit, end);
  if (titlePage) return titlePage;
  const found = await kept.get(database, key, () => postgresIndexed(database, query));
  return { total: Math.min(found.total, most), capped: found.total > most, ids: end > offset ? await found.ids(offset, end - offset) : [] };
}

/** A bucket is the sort keys sharing their bits above this: 2^18 seconds (three days) of news_create_time. */
const BUCKET_SHIFT = BigInt(SEARCH_ID_BITS + 18);

/** The statements of one search: where its matches are, and which are title matches. */
interface PgSearch {
  menus: RawBuilder<SqlBool>;
  inTitle: RawBuilder<SqlBool>;
  /** Of a match: whether it is a title match. */
  titleHolds: RawBuilder<SqlBool>;
  anywhere: RawBuilder<SqlBool>;
  textOnly: RawBuilder<SqlBool>;
}

async function postgresIndexed(database: Database, query: SearchQuery): Promise<Found> {
  const search = pgSearch(query);
  const shift = sql.lit(Number(BUCKET_SHIFT));
  // One scan: a match's row, read anyway, tells whether its title holds the key. The inner
  // query (OFFSET 0 keeps it apart) hands on only the bucket and that answer, so the grouping
  // hashes small rows (grouped directly, the planner, not knowing how few buckets there are,
  // sorted every match with its title: 90 ms rather than 40 for 保险).
  const rows = await pgRead(database, (db) =>
    sql<{ bucket: string; titles: number; matches: number }>`SELECT bucket, (count(*) FILTER (WHERE in_title))::int AS titles, count(*)::int AS matches
      FROM (SELECT s.sort_key >> ${shift} AS bucket, ${search.titleHolds} AS in_title FROM news_search s WHERE ${search.menus} AND ${search.anywhere} OFFSET 0) m
      GROUP BY bucket ORDER BY bucket DESC`.execute(db),
  );
  const buckets = rows.map(({ bucket }) => ({ low: BigInt(bucket) << BUCKET_SHIFT, high: ((BigInt(bucket) + 1n) << BUCKET_SHIFT) - 1n }));
  const titleCounts = rows.map((r) => r.titles);
  const textCounts = rows.map((r) => r.matches - r.titles);
  const titles = titleCounts.reduce((a, b) => a + b, 0);
  const total = rows.reduce((sum, r) => sum + r.matches, 0);
  return {
    total,
    async ids(offset, limit) {
      const end = Math.min(offset + limit, total);
      const fromTitles = offset < titles ? await pgStretch(database, search, search.inTitle, buckets, titleCounts, offset, Math.min(end, titles) - offset) : [];
      const fromTexts =
        end > titles
          ? await pgStretch(database, search, search.textOnly, buckets, textCounts, Math.max(offset - titles, 0), end - Math.max(offset, titles))
          : [];
      return [...fromTitles, ...fromTexts];
    },
  };
}

/**
 * A page that holds title matches only, read in order without finding where every match lies:
 * ORDER BY sort_key DESC LIMIT stops after the page when the key is common (the planner walks
 * news_search_order testing the titles, which are in line) and reads the few title matches of
 * a rarer key through the title index. Its total is then a plain count of the matches, a third
 * of the time of postgresIndexed's count per bucket that tells title matches from the others
 * (保险, 86,860 matches of 100,000: about 20 ms against 60), and stops one past
 * searchLimits.resultsMax. Undefined when the page reaches past the title matches or lies
 * deeper than searchLimits.titlePageRows: postgresIndexed answers it. `end` is where the page
 * ends within the matches listed.
 */
async function pgTitlePage(database: Database, query: SearchQuery, key: string, offset: number, limit: number, end: number): Promise<SearchPage | undefined> {
  if (offset + limit > searchLimits.titlePageRows || end < offset + limit) return undefined;
  const search = pgSearch(query);
  const rows = await pgRead(database, (db) =>
    sql<{ id: number }>`SELECT s.id FROM news_search s WHERE ${search.menus} AND ${search.inTitle}
      ORDER BY s.sort_key DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
  );
  if (rows.length < limit) return undefined;
  const listed = await totals.get(database, key, async () => {
    const most = searchLimits.resultsMax;
    const [counted] = await pgRead(database, (db) =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM news_search s WHERE ${search.menus} AND ${search.anywhere} LIMIT ${most + 1}) m`.execute(
        db,
      ),
    );
    return { total: Math.min(counted!.n, most), capped: counted!.n > most };
  });
  return { ...listed, ids: rows.map((r) => r.id) };
}

/**
 * The ids of the matches of `condition` at positions offset to offset + limit, given how many
 * each bucket holds: one statement over the key range of the buckets holding those positions.
 */
async function pgStretch(
  database: Database,
  search: PgSearch,
  condition: RawBuilder<SqlBool>,
  buckets: readonly Bucket[],
  counts: readonly number[],
  offset: number,
  limit: number,
): Promise<number[]> {
  if (limit <= 0) return [];
  let before = 0;
  let first: number | undefined;
  let last = 0;
  let skip = 0;
  for (const [i, count] of counts.entries()) {
    if (first === undefined && offset < before + count) {
      first = i;
      skip = offset - before;
    }
    before += count;
    if (first !== undefined) {
      last = i;
      if (offset + limit <= before) break;
    }
  }
  if (first === undefined) return [];
  const high = buckets[first]!.high.toString();
  const low = buckets[last]!.low.toString();
  const rows = await pgRead(database, (db) =>
    sql<{ id: number }>`SELECT s.id FROM news_search s
      WHERE ${search.menus} AND ${condition} AND s.sort_key BETWEEN ${low} AND ${high}
      ORDER BY s.sort_key DESC LIMIT ${limit} OFFSET ${skip}`.execute(db),
  );
  return rows.map((r) => r.id);
}

/**
 * Runs a search statement with sequential scans off: for a key found in most articles the
 * planner prefers reading the whole table, not knowing that testing a row's runs of characters
 * means reading its text out of line and cutting it up (seconds, where the bitmap of the GIN
 * index takes milliseconds). JIT is off too: the planner's cost of a count grows with the
 * articles (45,000 for 保险 at 100,000) and past jit_above_cost (100,000) it would compile the
 * statement, which takes longer than running these short ones. So are parallel
 * workers: they hand every match back to the leader one row at a time (the grouping above
 * them must not be split, see postgresIndexed), which cost more than it saved: 保险 took
 * 69 ms with a worker and 58 ms without (p50, 100,000 articles).
 */
async function pgRead<R>(database: Database, statement: (db: Kysely<DB>) => Promise<QueryResult<R>>): Promise<R[]> {
  return database.db.transaction().execute(async (trx) => {
    // set_config(…, true) is SET LOCAL: the three in one round trip.
    await sql`SELECT set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`.execute(
      trx,
    );
    return (await statement(trx)).rows;
  });
}

/**
 * The conditions of a search on `news_search s`. The GIN indexes hold every run of one to
 * GRAM_CHARS characters of each text (migration 020), so they alone find a key of up to that
 * many characters; a longer key's runs may stand apart in a text, so the indexes find
 * candidates and LIKE/ILIKE checks them against the title and the text, both in news_search.
 * A title holds the key exactly when LIKE/ILIKE says so (the runs are of its lowered text, as
 * ILIKE compares), which tells title matches from the others.
 */
function pgSearch({ key, menuIds, isMember }: SearchQuery): PgSearch {
  const menus = sql<SqlBool>`s.menu_id IN (${sql.join(menuIds)})`;
  const pattern = containing(key);
  const operator = likeOperator(key);
  const like = (column: 's.title' | 's.body' | 's.member_body') => sql<SqlBool>`${sql.ref(column)} ${operator} ${pattern} ESCAPE '\\'`;
  const has = (column: 's.title' | 's.body' | 's.member_body') => sql<SqlBool>`search_grams(${sql.ref(column)}) @> search_key_grams(${key})`;
  const titleHolds = like('s.title');
  // A member-only article's text is in member_body, searched for members only.
  const texts = isMember ? (['s.body', 's.member_body'] as const) : (['s.body'] as const);
  // The candidates, through the GIN indexes: every match is one of them.
  const grams = sql<SqlBool>`(${sql.join([has('s.title'), ...texts.map(has)], sql` OR `)})`;
  const inTitle = sql<SqlBool>`(${has('s.title')} AND ${titleHolds})`;
  if ([...key].length <= GRAM_CHARS) {
    return { menus, inTitle, titleHolds, anywhere: grams, textOnly: sql<SqlBool>`(${grams} AND NOT ${titleHolds})` };
  }
  const likeText = sql<SqlBool>`(${sql.join(texts.map(like), sql` OR `)})`;
  return {
    menus,
    inTitle,
    titleHolds,
    anywhere: sql<SqlBool>`(${grams} AND (${titleHolds} OR ${likeText}))`,
    textOnly: sql<SqlBool>`(${grams} AND ${likeText} AND NOT ${titleHolds})`,
  };
}

/** `%key%` with `\`, `%` and `_` escaped, so they match themselves. */
const containing = (key: string) => `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * LIKE on PostgreSQL folds no case; ILIKE folds the case of every character it reads, many
 * times slower. A key without cased letters (Chinese) matches the same with LIKE, so only
 * others pay for ILIKE. (The pairs are of the lowered text, as ILIKE compares.)
 */
function likeOperator(key: string) {
  return sql.raw(key.toLowerCase() !== key.toUpperCase() ? 'ILIKE' : 'LIKE');
}
