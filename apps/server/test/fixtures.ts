import type { Kysely } from 'kysely';
import { ArticleStatus, formatCst, MenuShowType } from '@portal/shared';
import type { DB } from '../src/db/schema.js';
import { stripHtml } from '../src/content/plain-text.js';

/**
 * Rows for API tests, written through Kysely with the defaults a real row would have.
 * Each helper answers the new id. Pass explicit times where a test depends on order.
 */

export interface MenuFixture {
  name: string;
  parentId?: number;
  status?: number;
  showType?: number;
  type?: number;
  webUrl?: string;
  curValue?: string;
  sortNumber?: number;
  acceptsContributions?: boolean;
}

export async function insertMenu(db: Kysely<DB>, m: MenuFixture): Promise<number> {
  const parentId = m.parentId ?? 0;
  const { id } = await db
    .insertInto('menus')
    .values({
      parent_id: parentId,
      name: m.name,
      status: m.status ?? 1,
      show_type: m.showType ?? MenuShowType.List,
      type: m.type ?? (parentId > 0 ? 2 : 1),
      web_url: m.webUrl ?? '',
      cur_value: m.curValue ?? '',
      sort_number: m.sortNumber ?? 0,
      accepts_contributions: m.acceptsContributions ? 1 : 0,
      created_at: formatCst(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface NewsFixture {
  menuId: number;
  title: string;
  /** HTML body; body_text is derived from it as the back office does. */
  content?: string;
  status?: number;
  isTop?: boolean;
  isMemberRead?: boolean;
  imageUrl?: string;
  author?: string;
  memberId?: number;
  processItemName?: string;
  views?: number;
  /** CST `yyyy-MM-dd HH:mm:ss`; now when absent. */
  newsCreateTime?: string;
}

const newsRow = (n: NewsFixture) => {
  const time = n.newsCreateTime ?? formatCst();
  const content = n.content ?? `<p>${n.title}</p>`;
  return {
    menu_id: n.menuId,
    title: n.title,
    content,
    body_text: stripHtml(content),
    image_url: n.imageUrl ?? '',
    status: n.status ?? ArticleStatus.Published,
    is_top: n.isTop ? 1 : 0,
    is_member_read: n.isMemberRead ? 1 : 0,
    author: n.author ?? '',
    member_id: n.memberId ?? null,
    process_item_name: n.processItemName ?? '',
    views: n.views ?? 0,
    news_create_time: time,
    created_at: time,
    updated_at: time,
  };
};

export async function insertNews(db: Kysely<DB>, n: NewsFixture): Promise<number> {
  const { id } = await db.insertInto('news').values(newsRow(n)).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Many articles in one statement (paging and size-limit tests); answers the ids in order. */
export async function insertManyNews(db: Kysely<DB>, articles: NewsFixture[]): Promise<number[]> {
  const rows = await db.insertInto('news').values(articles.map(newsRow)).returning('id').execute();
  return rows.map((r) => r.id);
}

export interface PositionFixture {
  seat: number;
  newsId: number;
  sortNumber?: number;
  status?: number;
}

export async function insertPosition(db: Kysely<DB>, p: PositionFixture): Promise<number> {
  const { id } = await db
    .insertInto('positions')
    .values({ seat: p.seat, news_id: p.newsId, sort_number: p.sortNumber ?? 0, status: p.status ?? 1, created_at: formatCst() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface BannerFixture {
  type?: number;
  title?: string;
  imageUrl: string;
  jumpUrl?: string;
  sortNumber?: number;
  status?: number;
  createdAt?: string;
}

export async function insertBanner(db: Kysely<DB>, b: BannerFixture): Promise<number> {
  const { id } = await db
    .insertInto('banners')
    .values({
      type: b.type ?? 2,
      title: b.title ?? '',
      image_url: b.imageUrl,
      jump_url: b.jumpUrl ?? '',
      sort_number: b.sortNumber ?? 0,
      status: b.status ?? 1,
      created_at: b.createdAt ?? formatCst(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const BASE_MS = Date.UTC(2024, 0, 1, 1, 0, 0);
/** The CST time `minute` minutes after 2024-01-01 09:00:00: distinct, ordered times for tests. */
export const timeAt = (minute: number): string => formatCst(BASE_MS + minute * 60_000);
