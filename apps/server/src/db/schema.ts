import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Times are text `yyyy-MM-dd HH:mm:ss` in CST (docs/decisions.md),
 * flags are integers 0/1 so both engines store them alike.
 */
export interface MenusTable {
  id: Generated<number>;
  parent_id: number;
  name: string;
  status: number;
  show_type: number;
  type: number;
  web_url: string;
  cur_value: string;
  sort_number: number;
  created_at: string;
}

export interface NewsTable {
  id: Generated<number>;
  menu_id: number;
  title: string;
  content: string;
  /** Title-free plain text of content, kept for search. */
  body_text: string;
  image_url: string;
  status: number;
  is_top: number;
  is_member_read: number;
  author: string;
  /** Member who contributed the article; null for editorial articles. */
  member_id: number | null;
  /** Latest review remark (rejection reason) shown to the contributor. */
  process_item_name: string;
  views: number;
  news_create_time: string;
  created_at: string;
  updated_at: string;
}

export interface PositionsTable {
  id: Generated<number>;
  seat: number;
  news_id: number;
  sort_number: number;
  status: number;
  created_at: string;
}

export interface BannersTable {
  id: Generated<number>;
  type: number;
  title: string;
  image_url: string;
  jump_url: string;
  sort_number: number;
  status: number;
  created_at: string;
}

export interface FriendLinksTable {
  id: Generated<number>;
  title: string;
  url: string;
  sort_number: number;
  status: number;
  created_at: string;
}

export interface TypeItemsTable {
  id: Generated<number>;
  type: number;
  name: string;
  sort_number: number;
  status: number;
  created_at: string;
}

export interface VisitCountsTable {
  day: string;
  count: number;
}

export interface DB {
  menus: MenusTable;
  news: NewsTable;
  positions: PositionsTable;
  banners: BannersTable;
  friend_links: FriendLinksTable;
  type_items: TypeItemsTable;
  visit_counts: VisitCountsTable;
}
