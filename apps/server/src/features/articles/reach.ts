import { ArticleStatus } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { contentChanged, type ContentTag } from '../../cache/generations.js';
import { freshMenuIndex } from '../menus/service.js';
import { ancestry } from '../menus/tree.js';
import { neighbours } from './neighbours.js';

/**
 * Where some articles show on the public site, read before a write and again after it: what
 * a write of them announces (cache/generations.ts), so that only the answers and pages showing
 * them are drawn again. An article shows on its own page (`news:<id>`), on its previous and next
 * articles' pages (their `news:<id>`), in its menu's list and the lists of the menus above it
 * (`news:menu-<id>`: a parent menu without articles of its own lists its sub-menus'), and in the
 * lists across menus (`news:latest`: the latest articles, the home page's positions).
 */
export interface ArticleReach {
  tags: ReadonlySet<ContentTag>;
  /** The articles a visitor could read: one no longer readable after the write was withdrawn. */
  readable: ReadonlySet<number>;
}

export async function articleReach(database: Database, ids: readonly number[]): Promise<ArticleReach> {
  const tags = new Set<ContentTag>();
  const readable = new Set<number>();
  if (ids.length === 0) return { tags, readable };
  const rows = await database.db.selectFrom('news').select(['id', 'menu_id', 'status', 'is_member_read', 'news_create_time']).where('id', 'in', ids).execute();
  // As the back office reads them: the menus as they are, the readers' kept tree left alone.
  const index = await freshMenuIndex(database);
  for (const row of rows) {
    tags.add(`news:${row.id}`);
    for (const menu of ancestry(index, row.menu_id)) tags.add(`news:menu-${menu.id}`);
    // Where it stands in publish order, whatever its status: a save that publishes it or takes it down changes these pages alike.
    for (const next of await neighbours(database.db, { id: row.id, menuId: row.menu_id, newsCreateTime: row.news_create_time })) tags.add(`news:${next.id}`);
    if (row.status === ArticleStatus.Published && !row.is_member_read && index.readable.has(row.menu_id)) readable.add(row.id);
  }
  return { tags, readable };
}

/**
 * Announces a committed write of the articles `ids` (`before`: their reach read before it):
 * where they showed and where they show now, and news:withdrawal when one a visitor could read
 * is no longer readable (deleted, taken down, made members-only), which no stale copy outlives
 * (response-cache.ts). Should reading the reach fail, the articles changed as a whole.
 */
export async function articlesChanged(database: Database, before: ArticleReach, ids: readonly number[]): Promise<void> {
  let after: ArticleReach;
  try {
    after = await articleReach(database, ids);
  } catch {
    contentChanged(database, 'news');
    return;
  }
  const tags = new Set<ContentTag>([...before.tags, ...after.tags, 'news:latest']);
  if ([...before.readable].some((id) => !after.readable.has(id))) tags.add('news:withdrawal');
  contentChanged(database, ...tags);
}
