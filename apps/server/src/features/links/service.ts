import type { Database } from '../../db/connection.js';

export interface FriendLink {
  id: number;
  title: string;
  url: string;
  sortNumber: number;
}

/** Enabled friendly links in display order (footer scroller). */
export async function listPublicLinks({ db }: Database): Promise<FriendLink[]> {
  const rows = await db
    .selectFrom('friend_links')
    .select(['id', 'title', 'url', 'sort_number'])
    .where('status', '=', 1)
    .orderBy('sort_number', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, url: r.url, sortNumber: r.sort_number }));
}
