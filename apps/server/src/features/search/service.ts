import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { ArticleStatus, messages, type PagingQuery } from '@portal/shared';
import type { Database, Engine } from '../../db/connection.js';
import { badRequest } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { Memo } from '../news/cache.js';
import { inMenus, publishedItems, type NewsItem, type Page } from '../news/items.js';

/** Longer keys are refused (关键词不能超过50个字) rather than cut, so a result never answers a different question. */
export const KEYWORD_MAX_CHARS = 50;
/** The trigram indexes find substrings of three characters or more; shorter keys scan with LIKE. */
const TRIGRAM_CHARS = 3;

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

async function findMatches({ db, engine }: Database, { key, menuIds, isMember }: SearchQuery): Promise<Int32Array> {
  const { inTitle, inTitleOrText } = conditions(engine, key);
  const rows = await db
    .selectFrom('news as n')
    .select('n.id')
    .where('n.status', '=', ArticleStatus.Published)
    .where(inTitleOrText)
    .where(inMenus('n.menu_id', menuIds))
    // Checked on the matches only: the index still finds them (reading the flag costs a row read per match).
    .$if(!isMember, (q) => q.where((eb) => eb.or([eb('n.is_member_read', '=', 0), inTitle])))
    .orderBy(inTitle, 'desc')
    .orderBy('n.news_create_time', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
  return Int32Array.from(rows, (r) => r.id);
}

/** Conditions on `news as n`: the key in the title; the key in the title or the text. */
interface MatchConditions {
  inTitle: RawBuilder<SqlBool>;
  inTitleOrText: RawBuilder<SqlBool>;
}

function conditions(engine: Engine, key: string): MatchConditions {
  if (engine === 'postgres') return trigramConditions(key);
  return [...key].length >= TRIGRAM_CHARS ? ftsConditions(key) : likeConditions(key);
}

/**
 * SQLite's FTS5 trigram table (news_fts). The key is one FTS5 string (quoted, inner quotes
 * doubled), so operators, column names and wildcards in it are plain characters.
 */
function ftsConditions(key: string): MatchConditions {
  const phrase = `"${key.replaceAll('"', '""')}"`;
  const matching = (query: string) => sql<SqlBool>`n.id IN (SELECT rowid FROM news_fts WHERE news_fts MATCH ${query})`;
  return { inTitle: matching(`title : ${phrase}`), inTitleOrText: matching(phrase) };
}

/** `%key%` with `\`, `%` and `_` escaped, so they match themselves. */
const containing = (key: string) => `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQLite keys shorter than a trigram: a LIKE scan (ASCII letters match regardless of case). */
function likeConditions(key: string): MatchConditions {
  const pattern = containing(key);
  const like = (column: 'n.title' | 'n.body_text') => sql<SqlBool>`${sql.ref(column)} LIKE ${pattern} ESCAPE '\\'`;
  return { inTitle: like('n.title'), inTitleOrText: sql<SqlBool>`(${like('n.title')} OR ${like('n.body_text')})` };
}

/**
 * PostgreSQL: LIKE/ILIKE, served by the pg_trgm GIN indexes from three characters on.
 * ILIKE folds the case of every character it reads, many times slower than LIKE; a key
 * without cased letters (Chinese) matches the same with LIKE, so only others pay for ILIKE.
 */
function trigramConditions(key: string): MatchConditions {
  const pattern = containing(key);
  const operator = sql.raw(key.toLowerCase() === key.toUpperCase() ? 'LIKE' : 'ILIKE');
  const matches = (column: string) => sql<SqlBool>`${sql.ref(column)} ${operator} ${pattern} ESCAPE '\\'`;
  return {
    inTitle: matches('n.title'),
    // One index scan per column, then their union: given the two as an OR, the planner
    // underestimates the cost of matching each row and scans the whole table.
    inTitleOrText: sql<SqlBool>`n.id IN (SELECT id FROM news WHERE ${matches('title')} UNION SELECT id FROM news WHERE ${matches('body_text')})`,
  };
}
