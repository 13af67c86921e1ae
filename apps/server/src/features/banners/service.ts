import { contentMessages, formatCst, type AdminBannerListQuery, type PagingQuery, type SaveBannerBody } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { storedAssetPath } from '../../http/assets.js';
import { notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { containing } from '../../db/like.js';
import { contentChanged } from '../../cache/generations.js';

export interface Banner {
  id: number;
  type: number;
  title: string;
  imageUrl: string;
  jumpUrl: string;
  sortNumber: number;
  createdAt: string;
}

/** A banner as the back office sees it: shown or not. */
export interface AdminBanner extends Banner {
  status: number;
}

const columns = ['id', 'type', 'title', 'image_url', 'jump_url', 'sort_number', 'status', 'created_at'] as const;

function toBanner(r: {
  id: number;
  type: number;
  title: string;
  image_url: string;
  jump_url: string;
  sort_number: number;
  status: number;
  created_at: string;
}): AdminBanner {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    imageUrl: r.image_url,
    jumpUrl: r.jump_url,
    sortNumber: r.sort_number,
    status: r.status,
    createdAt: r.created_at,
  };
}

/** Enabled banners of one type in display order (type 2 feeds the home carousel). */
export async function listPublicBanners({ db }: Database, type: number): Promise<Banner[]> {
  const rows = await db
    .selectFrom('banners')
    .select(columns)
    .where('type', '=', type)
    .where('status', '=', 1)
    .orderBy('sort_number', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toBanner);
}

export type BannerFilter = Omit<AdminBannerListQuery, keyof PagingQuery>;

/** One page of banners of any status, by type and then in display order. */
export async function listBanners({ db }: Database, filter: BannerFilter, paging: PagingQuery): Promise<{ items: AdminBanner[]; total: number }> {
  const matching = db
    .selectFrom('banners')
    .$if(filter.type !== undefined, (q) => q.where('type', '=', filter.type ?? 0))
    .$if(!!filter.key, (q) => q.where(containing('title', filter.key ?? '')))
    .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status ?? 0));
  const { limit, offset } = pageWindow(paging);
  const [rows, { total }] = await Promise.all([
    matching.select(columns).orderBy('type', 'asc').orderBy('sort_number', 'asc').orderBy('id', 'asc').limit(limit).offset(offset).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toBanner), total };
}

/** One banner of any status; undefined when there is none. */
export async function findBanner({ db }: Database, id: number): Promise<AdminBanner | undefined> {
  const row = await db.selectFrom('banners').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toBanner(row);
}

/** Creates (Id 0) or updates a banner; the image is stored as its upload path. */
export async function saveBanner(database: Database, body: SaveBannerBody, now: number, assetBaseUrl: string): Promise<{ id: number; title: string }> {
  const saved = await writeBanner(database, body, now, assetBaseUrl);
  contentChanged(database, 'banners');
  return saved;
}

async function writeBanner({ db }: Database, body: SaveBannerBody, now: number, assetBaseUrl: string): Promise<{ id: number; title: string }> {
  const values = {
    type: body.Type,
    title: body.Title,
    image_url: storedAssetPath(assetBaseUrl, body.ImageUrl),
    jump_url: body.JumpUrl,
    sort_number: body.SortNumber,
    status: body.Status,
  };
  if (body.Id > 0) {
    const result = await db.updateTable('banners').set(values).where('id', '=', body.Id).executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw notFound(contentMessages.bannerNotFound);
    return { id: body.Id, title: body.Title };
  }
  const { id } = await db
    .insertInto('banners')
    .values({ ...values, created_at: formatCst(now) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, title: body.Title };
}

export async function deleteBanner(database: Database, id: number): Promise<string> {
  const banner = await database.db.deleteFrom('banners').where('id', '=', id).returning('title').executeTakeFirst();
  if (!banner) throw notFound(contentMessages.bannerNotFound);
  contentChanged(database, 'banners');
  return banner.title;
}
