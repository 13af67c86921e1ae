import { messages, type PagingQuery } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { badRequest } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { publishedItems, type NewsItem, type Page } from '../articles/items.js';
import { forgetPostgresMatches, postgresPage } from './postgres.js';
import type { SearchQuery } from './query.js';
import { forgetSqliteMatches, sqlitePage } from './sqlite.js';

export { searchLimits, type SearchQuery } from './query.js';

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

/**
 * One page of the published articles of `menuIds` whose title or text contains the key (for
 * visitors, the text of public articles only): title matches first, then text-only matches,
 * newest first within each; at most searchLimits.resultsMax of them, `capped` when there are
 * more. Each engine has its own index (sqlite.ts, postgres.ts).
 */
export async function searchNews(database: Database, query: SearchQuery, paging: PagingQuery): Promise<Page<NewsItem> & { capped: boolean }> {
  if (query.menuIds.length === 0) return { items: [], total: 0, capped: false };
  const audience = query.isMember ? 'member' : 'visitor';
  const key = `${audience}|${query.menuIds.join(',')}|${query.key}`;
  const { limit, offset } = pageWindow(paging);
  const page = database.engine === 'postgres' ? postgresPage : sqlitePage;
  const { total, capped, ids } = await page(database, query, key, offset, limit);
  const items = await publishedItems(database, ids);
  // The menus are checked again on the rows read: SQLite's index is told which menus to leave
  // out, and a menu created since may not be in this search's scope.
  const scope = new Set(query.menuIds);
  return { items: items.filter((item) => scope.has(item.menuId)), total, capped };
}

/** Drops the kept search results of this database: on any change in the news area (features/news/service.ts). */
export function invalidateSearch(database: Database): void {
  forgetSqliteMatches(database);
  forgetPostgresMatches(database);
}
