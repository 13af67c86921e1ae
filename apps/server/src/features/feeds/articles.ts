import { sql } from 'kysely';
import { ArticleStatus } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { inMenus } from '../articles/items.js';

/** How many articles a feed carries: the newest, as feed readers poll for what is new. */
export const FEED_SIZE = 20;

/** How much of an article's text a feed entry's summary holds (the full text goes beside it). */
const SUMMARY_CHARS = 200;

/** An article as a feed carries it: its whole text, as stored (sanitised when it was saved). */
export interface FeedArticle {
  id: number;
  menuId: number;
  menuName: string;
  title: string;
  /** Sanitised HTML (content/sanitize.ts), its links as the editor wrote them. */
  content: string;
  summary: string;
  imageUrl: string;
  /** CST `yyyy-MM-dd HH:mm:ss`, as stored. */
  published: string;
  updated: string;
  /** The member company that contributed it; null for the association's own. */
  memberName: string | null;
}

/**
 * The newest articles a visitor may read in `menuIds`: published (not closed, rejected, under
 * review, scheduled or draft) and not member-only. The text is the live one: an edit waiting in
 * its review chain sits in news_reviews until it is approved, never here. Newest first by
 * publish time (index news_status_time), the id breaking ties as the lists do.
 */
export async function latestPublicArticles({ db }: Database, menuIds: readonly number[]): Promise<FeedArticle[]> {
  const rows = await db
    .selectFrom('news as n')
    .innerJoin('menus as m', 'm.id', 'n.menu_id')
    .leftJoin('members as mb', 'mb.id', 'n.member_id')
    .select([
      'n.id',
      'n.menu_id',
      'm.name as menu_name',
      'n.title',
      'n.content',
      'n.image_url',
      'n.news_create_time',
      'n.updated_at',
      'mb.member_name',
      sql<string>`substr(n.body_text, 1, ${sql.lit(SUMMARY_CHARS)})`.as('summary'),
    ])
    .where('n.status', '=', ArticleStatus.Published)
    .where('n.is_member_read', '=', 0)
    .where(inMenus('n.menu_id', menuIds))
    .orderBy('n.news_create_time', 'desc')
    .orderBy('n.id', 'desc')
    .limit(FEED_SIZE)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    menuId: r.menu_id,
    menuName: r.menu_name,
    title: r.title,
    content: r.content,
    // body_text keeps one line per block; a summary reads as one line.
    summary: r.summary.replace(/\s+/g, ' ').trim(),
    imageUrl: r.image_url,
    published: r.news_create_time,
    updated: r.updated_at,
    memberName: r.member_name,
  }));
}
