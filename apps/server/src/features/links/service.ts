import { contentMessages, formatCst, type AdminLinkListQuery, type PagingQuery, type SaveLinkBody } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { containing } from '../../db/like.js';
import { contentChanged } from '../../cache/generations.js';

export interface FriendLink {
  id: number;
  title: string;
  url: string;
  sortNumber: number;
}

/** A link as the back office sees it: shown or not, and since when. */
export interface AdminFriendLink extends FriendLink {
  status: number;
  createdAt: string;
}

const columns = ['id', 'title', 'url', 'sort_number', 'status', 'created_at'] as const;

const toLink = (r: { id: number; title: string; url: string; sort_number: number; status: number; created_at: string }): AdminFriendLink => ({
  id: r.id,
  title: r.title,
  url: r.url,
  sortNumber: r.sort_number,
  status: r.status,
  createdAt: r.created_at,
});

/** Enabled friendly links in display order (footer scroller). */
export async function listPublicLinks({ db }: Database): Promise<FriendLink[]> {
  const rows = await db.selectFrom('friend_links').select(columns).where('status', '=', 1).orderBy('sort_number', 'asc').orderBy('id', 'asc').execute();
  return rows.map(toLink);
}

export type LinkFilter = Omit<AdminLinkListQuery, keyof PagingQuery>;

/** One page of links of any status in display order. */
export async function listLinks({ db }: Database, filter: LinkFilter, paging: PagingQuery): Promise<{ items: AdminFriendLink[]; total: number }> {
  const matching = db
    .selectFrom('friend_links')
    .$if(!!filter.key, (q) => q.where(containing('title', filter.key ?? '')))
    .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status ?? 0));
  const { limit, offset } = pageWindow(paging);
  const [rows, { total }] = await Promise.all([
    matching.select(columns).orderBy('sort_number', 'asc').orderBy('id', 'asc').limit(limit).offset(offset).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toLink), total };
}

/** One link of any status; undefined when there is none. */
export async function findLink({ db }: Database, id: number): Promise<AdminFriendLink | undefined> {
  const row = await db.selectFrom('friend_links').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toLink(row);
}

/** Creates (Id 0) or updates a link. */
export async function saveLink(database: Database, body: SaveLinkBody, now: number): Promise<{ id: number; title: string }> {
  const saved = await writeLink(database, body, now);
  contentChanged(database, 'links');
  return saved;
}

async function writeLink({ db }: Database, body: SaveLinkBody, now: number): Promise<{ id: number; title: string }> {
  const values = { title: body.Title, url: body.Friendlinks, sort_number: body.SortNumber, status: body.Status };
  if (body.Id > 0) {
    const result = await db.updateTable('friend_links').set(values).where('id', '=', body.Id).executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw notFound(contentMessages.linkNotFound);
    return { id: body.Id, title: body.Title };
  }
  const { id } = await db
    .insertInto('friend_links')
    .values({ ...values, created_at: formatCst(now) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, title: body.Title };
}

export async function deleteLink(database: Database, id: number): Promise<string> {
  const link = await database.db.deleteFrom('friend_links').where('id', '=', id).returning('title').executeTakeFirst();
  if (!link) throw notFound(contentMessages.linkNotFound);
  contentChanged(database, 'links');
  return link.title;
}
