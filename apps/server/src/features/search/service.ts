import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { ArticleStatus, messages, type PagingQuery } from '@portal/shared';
import type { Database, Engine } from '../../db/connection.js';
import { badRequest } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { Memo } from '../news/cache.js';
import { bigramPhrase } from './bigrams.js';
import { mergeRanked, type RankedMatch } from './ranked.js';
import { inMenus, publishedItems, type NewsItem, type Page } from '../news/items.js';

/** Longer keys are refused (关键词不能超过50个字) rather than cut, so a result never answers a different question. */
export const KEYWORD_MAX_CHARS = 50;
/** The pair indexes find keys of two characters or more; one character scans with LIKE. */
const BIGRAM_CHARS = 2;

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
 * A search's whole ordered list of matches is kept for a minute, so paging through results and
 * the popular keys of the day cost one lookup per page instead of a search each. Pages are
 * read fresh (publishedItems), so an article withdrawn meanwhile never shows. Members and
 * visitors find different articles, so each has its own entries.
 * Typed arrays: a common two-character key matches most articles, and ids fit in 32 bits.
 */
const matches = new Memo<Int32Array>({ maxAgeMs: 60_000, maxEntries: 32 });

/**
 * One page of the published articles of `menuIds` whose title or text contains the key (for
 * visitors, the text of public articles only): title matches first, then text-only matches,
 * newest first within each.
 */
export async function searchNews(database: Database, query: SearchQuery, paging: PagingQuery): Promise<Page<NewsItem>> {
  const audience = query.isMember ? 'member' : 'visitor';
  const ids = await matches.get(database, `${audience}|${query.menuIds.join(',')}|${query.key}`, () => findMatches(database, query));
  const { limit, offset } = pageWindow(paging);
  return { items: await publishedItems(database, Array.from(ids.subarray(offset, offset + limit))), total: ids.length };
}

/** Drops the kept search results of this database: part of invalidateNewsCaches. */
export function invalidateSearch(database: Database): void {
  matches.clear(database);
}

/**
 * SQLite answers on the event loop (its driver is synchronous), and a common key matches most
 * articles: searched in one statement it held every other request for hundreds of
 * milliseconds. So SQLite searches a range of ids at a time, lets other requests run between
 * ranges, and merges the ranked ranges. PostgreSQL answers asynchronously in one statement.
 */
const SQLITE_BATCH_IDS = 8192;

async function findMatches(database: Database, query: SearchQuery): Promise<Int32Array> {
  if (database.engine === 'postgres') return Int32Array.from(await rankedMatches(database, query), (r) => r.id);
  const last = await database.db.selectFrom('news').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  const runs: RankedMatch[][] = [];
  for (let low = 0; low <= (last?.id ?? 0); low += SQLITE_BATCH_IDS) {
    runs.push(await rankedMatches(database, query, { low, high: low + SQLITE_BATCH_IDS - 1 }));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return Int32Array.from(mergeRanked(runs), (r) => r.id);
}

/** Article ids from `low` to `high`, both included. */
interface IdRange {
  low: number;
  high: number;
}

/** The matches (within `range` when given), ranked. */
async function rankedMatches({ db, engine }: Database, { key, menuIds, isMember }: SearchQuery, range?: IdRange): Promise<RankedMatch[]> {
  const { inTitle, inTitleOrText } = conditions(engine, key, range);
  return db
    .selectFrom('news as n')
    .select(['n.id', 'n.news_create_time', sql<number>`CASE WHEN ${inTitle} THEN 1 ELSE 0 END`.as('in_title')])
    // The unary plus keeps the planner off the status index: read through it, every published
    // article is visited to test its id against the matches, instead of only the matches.
    .where(sql<SqlBool>`+n.status = ${ArticleStatus.Published}`)
    .where(inTitleOrText)
    .where(inMenus('n.menu_id', menuIds))
    .$if(range !== undefined, (q) => q.where('n.id', '>=', range!.low).where('n.id', '<=', range!.high))
    // Checked on the matches only: the index still finds them (reading the flag costs a row read per match).
    .$if(!isMember, (q) => q.where((eb) => eb.or([eb('n.is_member_read', '=', 0), inTitle])))
    .orderBy('in_title', 'desc')
    .orderBy('n.news_create_time', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
}

/** Conditions on `news as n`: the key in the title; the key in the title or the text. */
interface MatchConditions {
  inTitle: RawBuilder<SqlBool>;
  inTitleOrText: RawBuilder<SqlBool>;
}

function conditions(engine: Engine, key: string, range?: IdRange): MatchConditions {
  if ([...key].length < BIGRAM_CHARS) return likeConditions(engine, key);
  return engine === 'postgres' ? pgBigramConditions(key) : ftsConditions(key, range);
}

/**
 * SQLite: the key's character pairs as one FTS5 phrase in news_bigrams, which matches exactly
 * the texts holding the key (the pairs in a row). A column filter keeps title and text apart,
 * so a key never matches across the end of a title and the start of a text.
 */
function ftsConditions(key: string, range?: IdRange): MatchConditions {
  const phrase = bigramPhrase(key);
  // The range inside the subquery too: FTS5 then reads only that part of each token's list.
  const within = range ? sql` AND rowid BETWEEN ${range.low} AND ${range.high}` : sql``;
  const matching = (query: string) => sql<SqlBool>`n.id IN (SELECT rowid FROM news_bigrams WHERE news_bigrams MATCH ${query}${within})`;
  return { inTitle: matching(`title : ${phrase}`), inTitleOrText: matching(phrase) };
}

/** `%key%` with `\`, `%` and `_` escaped, so they match themselves. */
const containing = (key: string) => `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * LIKE on PostgreSQL folds no case; ILIKE folds the case of every character it reads, many
 * times slower. A key without cased letters (Chinese) matches the same with LIKE, so only
 * others pay for ILIKE. SQLite's LIKE folds ASCII letters itself.
 */
function likeOperator(engine: Engine, key: string) {
  return sql.raw(engine === 'postgres' && key.toLowerCase() !== key.toUpperCase() ? 'ILIKE' : 'LIKE');
}

/** A one-character key, which no pair index holds: a LIKE scan. */
function likeConditions(engine: Engine, key: string): MatchConditions {
  const pattern = containing(key);
  const operator = likeOperator(engine, key);
  const like = (column: 'n.title' | 'n.body_text') => sql<SqlBool>`${sql.ref(column)} ${operator} ${pattern} ESCAPE '\\'`;
  return { inTitle: like('n.title'), inTitleOrText: sql<SqlBool>`(${like('n.title')} OR ${like('n.body_text')})` };
}

/**
 * PostgreSQL: the GIN indexes on bigrams(column) find the articles holding all of the key's
 * pairs; LIKE/ILIKE then keeps those holding them in a row. Two characters are one pair, so
 * their candidates need no check.
 */
function pgBigramConditions(key: string): MatchConditions {
  const pattern = containing(key);
  const operator = likeOperator('postgres', key);
  const verify = [...key].length > BIGRAM_CHARS;
  const matches = (column: 'title' | 'body_text') =>
    sql<SqlBool>`bigrams(${sql.ref(column)}) @> bigrams(${key})${verify ? sql` AND ${sql.ref(column)} ${operator} ${pattern} ESCAPE '\\'` : sql``}`;
  return {
    inTitle: sql<SqlBool>`n.id IN (SELECT id FROM news WHERE ${matches('title')})`,
    // One index scan per column, then their union: given the two as an OR, the planner
    // underestimates the cost of matching each row and scans the whole table.
    inTitleOrText: sql<SqlBool>`n.id IN (SELECT id FROM news WHERE ${matches('title')} UNION SELECT id FROM news WHERE ${matches('body_text')})`,
  };
}
