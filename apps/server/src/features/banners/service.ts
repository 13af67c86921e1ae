import type { Database } from '../../db/connection.js';

export interface Banner {
  id: number;
  type: number;
  title: string;
  imageUrl: string;
  jumpUrl: string;
  sortNumber: number;
  createdAt: string;
}

/** Enabled banners of one type in display order (type 2 feeds the home carousel). */
export async function listPublicBanners({ db }: Database, type: number): Promise<Banner[]> {
  const rows = await db
    .selectFrom('banners')
    .select(['id', 'type', 'title', 'image_url', 'jump_url', 'sort_number', 'created_at'])
    .where('type', '=', type)
    .where('status', '=', 1)
    .orderBy('sort_number', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    title: r.title,
    imageUrl: r.image_url,
    jumpUrl: r.jump_url,
    sortNumber: r.sort_number,
    createdAt: r.created_at,
  }));
}
