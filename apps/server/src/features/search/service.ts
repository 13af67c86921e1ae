import { sql, type Kysely, type QueryResult, type RawBuilder, type SqlBool } from 'kysely';
import { messages, type PagingQuery } from '@portal/shared';
import type { Database, Engine } from '../../db/connection.js';
import { badRequest } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { Memo } from '../news/cache.js';
import type { DB } from '../../db/schema.js';
import { SEARCH_ID_BITS, SEARCH_ID_MASK } from '../../db/migrations/018-search-order.js';
import { GRAM_CHARS } from '../../db/migrations/020-search-grams.js';
import { searchPhrase } from './bigrams.js';
import { Turns } from './turns.js';
import { publishedItems, type NewsItem, type Page } from '../news/items.js';

/** Longer keys are refused (关键词不能超过50个字) rather than cut, so a result never answers a different question. */
export const KEYWORD_MAX_CHARS = 50;

/** The trimmed keyword of a search; undefined when none was given (absent or empty). */
export function parseKeyword(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const key = raw.trim();
  if (!key) throw badRequest(messages.keywordRequired);
  if ([...key].length > KEYWORD_MAX_CHARS) throw badRequest(messages.keywordTooLong);
  return key;
}

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
 * What a search found: how many matches, and the ids at any stretch of their order (title
 * matches first, then text-only matches, newest first within each).
 */
interface Found {
  total: number;
  ids(offset: number, limit: number): Promise<number[]>;
}

/**
 * What each search found is kept for a minute, so paging through results and the popular keys
 * of the day skip the counting.
 * Pages are read fresh (publishedItems), so an article withdrawn meanwhile never shows; any
 * change to articles drops them all (invalidateSearch). Members and visitors find different
 * articles, so each has its own entries.
 */
const matches = new Memo<Found>({ maxAgeMs: 60_000, maxEntries: 32 });
/** PostgreSQL's counts of all matches, for pages of title matches read in order (pgTitlePage), kept as `matches` is. */
const pgTotals = new Memo<number>({ maxAgeMs: 60_000, maxEntries: 32 });

/**
 * One page of the published articles of `menuIds` whose title or text contains the key (for
 * visitors, the text of public articles only): title matches first, then text-only matches,
 * newest first within each.
 */
export async function searchNews(database: Database, query: SearchQuery, paging: PagingQuery): Promise<Page<NewsItem>> {
  if (query.menuIds.length === 0) return { items: [], total: 0 };
  const audience = query.isMember ? 'member' : 'visitor';
  const key = `${audience}|${query.menuIds.join(',')}|${query.key}`;
  const { limit, offset } = pageWindow(paging);
  const { total, ids } = (database.engine === 'postgres' ? await pgTitlePage(database, query, key, offset, limit) : undefined) ?? (await foundPage(database, query, key, offset, limit));
  const items = await publishedItems(database, ids);
  // The menus are checked again on the rows read: the index is told which menus to leave out
  // (sqliteMenuFilter), and a menu created since may not be in this search's scope.
  const scope = new Set(query.menuIds);
  return { items: items.filter((item) => scope.has(item.menuId)), total };
}

/** A page found through the kept matches of the search (`matches`), counted first. */
async function foundPage(database: Database, query: SearchQuery, key: string, offset: number, limit: number): Promise<{ total: number; ids: number[] }> {
  const found = await matches.get(database, key, () => findMatches(database, query));
  return { total: found.total, ids: await found.ids(offset, limit) };
}

/** Drops the kept search results of this database: part of invalidateNewsCaches. */
export function invalidateSearch(database: Database): void {
  matches.clear(database);
  pgTotals.clear(database);
}

/**
 * SQLite searches counting their matches at once (turns.ts); PostgreSQL counts in its own
 * processes, so its searches do not take turns.
 */
const sqliteCounting = new Turns(2);

async function findMatches(database: Database, query: SearchQuery): Promise<Found> {
  if (database.engine === 'postgres') return postgresIndexed(database, query);
  return sqliteCounting.run(() => sqliteIndexed(database, query));
}

/** Lets other requests run: SQLite answers on the event loop (its driver is synchronous). */
const yieldToLoop = () => new Promise((resolve) => setImmediate(resolve));

/*
 * SQLite: news_search (migration 018) holds the published articles as pair and character
 * tokens, with the sort key as rowid, so ORDER BY rowid DESC is the result order and FTS5
 * alone counts and pages the matches. The key is the phrase of its pairs, or its character
 * for a key of one (bigrams.ts); the menus are facets tokens. Counting a common key still visits every match
 * (87% of the articles for 保险), so it is done a stretch of the order (a chunk) at a time,
 * letting other requests run between chunks; the counts per chunk then take a deep page
 * straight to its chunk instead of skipping every match before it.
 */

/**
 * SQLite's articles per chunk (counting a common key in one takes a few milliseconds), and how
 * deep into PostgreSQL's title matches pgTitlePage reads: walking the order, the planner cuts
 * each title found by LIKE into its runs to confirm it (search_grams, about 0.2 ms a title), so
 * the first five pages of ten cost at most about 10 ms (page 100 took 220 ms for 保险). Tests
 * make them small, so a few articles span several chunks and both ways of reading a page of
 * titles.
 */
export const searchBatches = { chunkArticles: 8192, titlePageRows: 50 };
const MAX_KEY = 2n ** 63n - 1n;
const MIN_KEY = -(2n ** 63n);

/** A stretch of news_search rowids, both ends included. */
interface Chunk {
  low: bigint;
  high: bigint;
}

/**
 * The chunks, newest first. They need not follow every write (counts stay exact whatever the
 * chunks; only their sizes drift), so they are found once and then again in the background
 * every ten minutes, while searches go on with the ones they have: finding them takes about a
 * second at 1,000,000 articles.
 */
const CHUNKS_MAX_AGE_MS = 600_000;
const chunkings = new WeakMap<Database, { size: number; at: number; chunks: Promise<Chunk[]>; renewing?: boolean }>();

function chunksOf(database: Database): Promise<Chunk[]> {
  const size = searchBatches.chunkArticles;
  const kept = chunkings.get(database);
  if (!kept || kept.size !== size) {
    const chunks = findChunks(database, size);
    chunkings.set(database, { size, at: Date.now(), chunks });
    chunks.catch(() => {
      if (chunkings.get(database)?.chunks === chunks) chunkings.delete(database);
    });
    return chunks;
  }
  if (Date.now() - kept.at > CHUNKS_MAX_AGE_MS && !kept.renewing) {
    kept.renewing = true;
    findChunks(database, size).then(
      (chunks) => chunkings.set(database, { size, at: Date.now(), chunks: Promise.resolve(chunks) }),
      () => (kept.renewing = false),
    );
  }
  return kept.chunks;
}

/** Steps down the index `size` rows at a time. */
async function findChunks(database: Database, size: number): Promise<Chunk[]> {
  const chunks: Chunk[] = [];
  let high = MAX_KEY;
  for (;;) {
    const { rows } = await sql<{ key: string }>`SELECT CAST(rowid AS TEXT) AS key FROM news_search
      WHERE rowid <= ${high} ORDER BY rowid DESC LIMIT 1 OFFSET ${size - 1}`.execute(database.db);
    if (!rows[0]) break;
    const low = BigInt(rows[0].key);
    chunks.push({ low, high });
    high = low - 1n;
    await yieldToLoop();
  }
  chunks.push({ low: MIN_KEY, high });
  return chunks;
}

/** All menu ids, to tell the index the few menus a search leaves out rather than the many it keeps. */
const menuLists = new Memo<number[]>({ areas: ['menus'], maxEntries: 1 });

/** The FTS5 condition (with its operator) keeping a search to `menuIds`; '' when it covers every menu. */
async function sqliteMenuFilter(database: Database, menuIds: readonly number[]): Promise<string> {
  const all = await menuLists.get(database, '', async () => (await database.db.selectFrom('menus').select('id').execute()).map((m) => m.id));
  const kept = new Set(menuIds);
  const left = all.filter((id) => !kept.has(id));
  const tokens = (ids: readonly number[]) => `facets : (${ids.map((id) => `m${id}`).join(' OR ')})`;
  // Either form reads the doclists of the menus it names: the shorter list is cheaper.
  if (left.length === 0) return '';
  return left.length < menuIds.length ? ` NOT ${tokens(left)}` : ` AND ${tokens(menuIds)}`;
}

async function sqliteIndexed(database: Database, { key, menuIds, isMember }: SearchQuery): Promise<Found> {
  const phrase = searchPhrase(key);
  const filter = await sqliteMenuFilter(database, menuIds);
  // A member-only article's text is in member_body, which visitors' searches leave out.
  const texts = isMember ? 'body member_body' : 'body';
  const inTitle = `(title : ${phrase})${filter}`;
  const anywhere = `({title ${texts}} : ${phrase})${filter}`;
  const textOnly = `({${texts}} : ${phrase} NOT title : ${phrase})${filter}`;
  const chunks = await chunksOf(database);
  const titleCounts = new Array<number>(chunks.length);
  const textCounts = new Array<number>(chunks.length);
  // One statement a count, each followed by a pause: a chunk's count is the longest step.
  const count = async (match: string, { low, high }: Chunk) => {
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM news_search WHERE news_search MATCH ${match} AND rowid BETWEEN ${low} AND ${high}`.execute(
      database.db,
    );
    await yieldToLoop();
    return rows[0]!.n;
  };
  for (const [i, chunk] of chunks.entries()) {
    titleCounts[i] = await count(inTitle, chunk);
    textCounts[i] = (await count(anywhere, chunk)) - titleCounts[i]!;
  }
  const titles = titleCounts.reduce((a, b) => a + b, 0);
  return {
    total: titles + textCounts.reduce((a, b) => a + b, 0),
    async ids(offset, limit) {
      const end = offset + limit;
      const fromTitles = offset < titles ? await stretch(database, inTitle, chunks, titleCounts, offset, Math.min(end, titles) - offset) : [];
      const fromTexts = end > titles ? await stretch(database, textOnly, chunks, textCounts, Math.max(offset - titles, 0), end - Math.max(offset, titles)) : [];
      return [...fromTitles, ...fromTexts];
    },
  };
}

/**
 * The ids of the matches of `match` at positions offset to offset + limit, given how many
 * matches each chunk holds: only the chunks holding those positions are read.
 */
async function stretch(database: Database, match: string, chunks: readonly Chunk[], counts: readonly number[], offset: number, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let before = 0;
  for (const [i, { low, high }] of chunks.entries()) {
    if (ids.length >= limit) break;
    const count = counts[i]!;
    const at = offset + ids.length;
    if (at < before + count) {
      const { rows } = await sql<{ id: number }>`SELECT rowid & ${sql.lit(SEARCH_ID_MASK)} AS id FROM news_search
        WHERE news_search MATCH ${match} AND rowid BETWEEN ${low} AND ${high}
        ORDER BY rowid DESC LIMIT ${Math.min(limit - ids.length, before + count - at)} OFFSET ${at - before}`.execute(database.db);
      ids.push(...rows.map((r) => r.id));
    }
    before += count;
  }
  return ids;
}

/*
 * PostgreSQL: news_search (migrations 019 and 020) holds the published articles with their sort
 * key (as SQLite's rowid), title and text, each GIN-indexed by its runs of one to four
 * characters, its rows about 150 bytes (the texts live in its TOAST table, which GIN scans never
 * read). A page of title matches near the start is read straight in order, with a plain count
 * for its total (pgTitlePage). Any other page counts the search's matches per bucket of sort
 * keys (about three days of articles) in one statement, a bitmap scan of those small rows; the
 * page is then read with ORDER BY sort_key DESC within the buckets holding it, so no search
 * hands its whole list of matches to JavaScript and a deep page reads a few dozen rows rather
 * than sorting every match.
 */

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
      const fromTexts = end > titles ? await pgStretch(database, search, search.textOnly, buckets, textCounts, Math.max(offset - titles, 0), end - Math.max(offset, titles)) : [];
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
 * (保险, 86,860 matches of 100,000: about 20 ms against 60). Undefined when the page reaches
 * past the title matches or lies deeper than searchBatches.titlePageRows: postgresIndexed
 * answers it.
 */
async function pgTitlePage(database: Database, query: SearchQuery, key: string, offset: number, limit: number): Promise<{ total: number; ids: number[] } | undefined> {
  if (offset + limit > searchBatches.titlePageRows) return undefined;
  const search = pgSearch(query);
  const rows = await pgRead(database, (db) =>
    sql<{ id: number }>`SELECT s.id FROM news_search s WHERE ${search.menus} AND ${search.inTitle}
      ORDER BY s.sort_key DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
  );
  if (rows.length < limit) return undefined;
  const total = await pgTotals.get(database, key, async () => {
    const [counted] = await pgRead(database, (db) => sql<{ n: number }>`SELECT count(*)::int AS n FROM news_search s WHERE ${search.menus} AND ${search.anywhere}`.execute(db));
    return counted!.n;
  });
  return { total, ids: rows.map((r) => r.id) };
}

/**
 * The ids of the matches of `condition` at positions offset to offset + limit, given how many
 * each bucket holds: one statement over the key range of the buckets holding those positions.
 */
async function pgStretch(
  database: Database,
  search: PgSearch,
  condition: RawBuilder<SqlBool>,
  buckets: readonly Chunk[],
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
    await sql`SELECT set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`.execute(trx);
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
  const operator = likeOperator('postgres', key);
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
function likeOperator(engine: Engine, key: string) {
  return sql.raw(engine === 'postgres' && key.toLowerCase() !== key.toUpperCase() ? 'ILIKE' : 'LIKE');
}
