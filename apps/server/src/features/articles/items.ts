import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { ArticleStatus } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { compiledRead } from '../../db/compiled.js';

/** An article as lists show it: no body, an excerpt of its text, its menu's name. */
export interface NewsItem {
  id: number;
  menuId: number;
  menuName: string;
  title: string;
  imageUrl: string;
  status: number;
  isTop: boolean;
  isMemberRead: boolean;
  newsCreateTime: string;
  createdAt: string;
  summary: string;
  processItemName: string;
  /** The body HTML, read only where it is shown (single-page menus). */
  content?: string;
}

export interface Page<T> {
  items: T[];
  total: number;
}

const SUMMARY_CHARS = 80;

/** The list columns of articles joined with their menu; the excerpt is cut in SQL so whole bodies never travel. */
export function itemQuery(db: Kysely<DB>) {
  return db
    .selectFrom('news as n')
    .innerJoin('menus as m', 'm.id', 'n.menu_id')
    .select([
      'n.id',
      'n.menu_id',
      'm.name as menu_name',
      'n.title',
      'n.image_url',
      'n.status',
      'n.is_top',
      'n.is_member_read',
      'n.news_create_time',
      'n.created_at',
      'n.process_item_name',
      sql<string>`substr(n.body_text, 1, ${sql.lit(SUMMARY_CHARS)})`.as('summary'),
    ]);
}

interface ItemRow {
  id: number;
  menu_id: number;
  menu_name: string;
  title: string;
  image_url: string;
  status: number;
  is_top: number;
  is_member_read: number;
  news_create_time: string;
  created_at: string;
  process_item_name: string;
  summary: string;
  content?: string;
}

export function toItem(r: ItemRow): NewsItem {
  return {
    id: r.id,
    menuId: r.menu_id,
    menuName: r.menu_name,
    title: r.title,
    imageUrl: r.image_url,
    status: r.status,
    isTop: r.is_top === 1,
    isMemberRead: r.is_member_read === 1,
    newsCreateTime: r.news_create_time,
    createdAt: r.created_at,
    // body_text keeps one line per block; an excerpt reads as one line.
    summary: r.summary.replace(/\s+/g, ' ').trim(),
    processItemName: r.process_item_name,
    ...(r.content === undefined ? {} : { content: r.content }),
  };
}

/**
 * `column IN (menuIds)`: how public reads keep to the menus the public may read
 * (MenuIndex.readable). No menus match nothing, as PostgreSQL refuses an empty IN list.
 */
export function inMenus(column: 'menu_id' | 'n.menu_id', menuIds: readonly number[]): RawBuilder<SqlBool> {
  if (menuIds.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(column)} IN (${sql.join(menuIds)})`;
}

const readItems = compiledRead((db: Kysely<DB>, { ids }: { ids: readonly number[] }, { withContent }: { withContent: boolean }) =>
  itemQuery(db)
    .$if(withContent, (q) => q.select('n.content'))
    .where('n.id', 'in', ids),
);

/**
 * The published articles among `ids`, in the order given. Lists first find one page of ids
 * through an index, then read just those rows here: one query, however long the list.
 */
export async function publishedItems({ db }: Database, ids: readonly number[], options: { withContent?: boolean } = {}): Promise<NewsItem[]> {
  if (ids.length === 0) return [];
  const rows = await readItems(db, { ids }, { withContent: options.withContent === true });
  // Status is checked here rather than in SQL: with a status condition SQLite (which has no
  // statistics) prefers the status index over the primary key and walks every article.
  const byId = new Map(rows.filter((r) => r.status === ArticleStatus.Published).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toItem(row)] : [];
  });
}
