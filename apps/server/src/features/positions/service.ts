import { ArticleStatus, contentMessages, formatCst, messages, type AdminPositionListQuery, type PagingQuery } from '@portal/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { compiledRead, limitExpression, pageLimit } from '../../db/compiled.js';
import { notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { inMenus, itemQuery, publishedItems, toItem, type NewsItem, type Page } from '../articles/items.js';
import { contentChanged } from '../../cache/generations.js';
import { containing } from '../../db/like.js';

/** An article placed in a home-page seat (spec §2 "Home": seats 1 to 4 feed the tabs). */
export interface PositionItem extends NewsItem {
  seat: number;
  sortNumber: number;
}

/**
 * One page of a seat's enabled placements of published articles of `menuIds` (the menus the
 * public may read): by the placement's order, then newest first.
 */
export async function listSeat(database: Database, seat: number, menuIds: readonly number[], paging: PagingQuery): Promise<Page<PositionItem>> {
  const { limit, offset } = pageWindow(paging);
  const { bound, written } = pageLimit(limit, database.engine);
  const [rows, [counted]] = await Promise.all([
    readSeatPage(database.db, { seat, menuIds, limit: bound, offset }, { writtenLimit: written }),
    countSeat(database.db, { seat, menuIds }),
  ]);
  const sortNumbers = new Map(rows.map((r) => [r.news_id, r.sort_number]));
  const items = await publishedItems(
    database,
    rows.map((r) => r.news_id),
  );
  return { items: items.map((item) => ({ ...item, seat, sortNumber: sortNumbers.get(item.id) ?? 0 })), total: counted?.n ?? 0 };
}

/** A seat's enabled placements of published articles of some menus: built and compiled once (db/compiled.ts), as every uncached home page reads them. */
const placedIn = (db: Kysely<DB>, { seat, menuIds }: { seat: number; menuIds: readonly number[] }) =>
  db
    .selectFrom('positions as p')
    .innerJoin('news as n', 'n.id', 'p.news_id')
    .where('p.seat', '=', seat)
    .where('p.status', '=', 1)
    .where('n.status', '=', ArticleStatus.Published)
    .where(inMenus('n.menu_id', menuIds));

const readSeatPage = compiledRead(
  (
    db: Kysely<DB>,
    values: { seat: number; menuIds: readonly number[]; limit: number | undefined; offset: number },
    { writtenLimit }: { writtenLimit: number | undefined },
  ) =>
    placedIn(db, values)
      .select(['p.news_id', 'p.sort_number'])
      .orderBy('p.sort_number', 'asc')
      .orderBy('n.news_create_time', 'desc')
      .orderBy('n.id', 'desc')
      .limit(limitExpression(values.limit, writtenLimit))
      .offset(values.offset),
);

const countSeat = compiledRead((db: Kysely<DB>, values: { seat: number; menuIds: readonly number[] }) =>
  placedIn(db, values).select((eb) => eb.fn.countAll<number>().as('n')),
);

// ——— Back office (推荐位管理) ———

/** A placement as the back office lists it: the article (any status) and the placement's own fields. */
export interface Placement extends NewsItem {
  positionId: number;
  seat: number;
  sortNumber: number;
  /** The placement's switch, apart from the article's status. */
  positionStatus: number;
  placedAt: string;
}

/** GetNewPositionList's filters as the route parsed them. */
export type PlacementFilter = Omit<AdminPositionListQuery, keyof PagingQuery>;

/** One page of placements in the order the home page shows them: by seat, then as listSeat orders a seat. */
export async function listPlacements(database: Database, filter: PlacementFilter, paging: PagingQuery): Promise<Page<Placement>> {
  const { db } = database;
  const matching = db
    .selectFrom('positions as p')
    .innerJoin('news as n', 'n.id', 'p.news_id')
    .$if(filter.seat !== undefined, (q) => q.where('p.seat', '=', filter.seat ?? 0))
    .$if(!!filter.key, (q) => q.where(containing('n.title', filter.key ?? '')))
    .$if(filter.status !== undefined, (q) => q.where('p.status', '=', filter.status ?? 0));
  const { limit, offset } = pageWindow(paging);
  const [page, { total }] = await Promise.all([
    matching
      .select('p.id')
      .orderBy('p.seat', 'asc')
      .orderBy('p.sort_number', 'asc')
      .orderBy('n.news_create_time', 'desc')
      .orderBy('n.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const ids = page.map((r) => r.id);
  if (ids.length === 0) return { items: [], total };
  const rows = await itemQuery(db)
    .innerJoin('positions as p', 'p.news_id', 'n.id')
    .select(['p.id as position_id', 'p.seat', 'p.sort_number', 'p.status as position_status', 'p.created_at as placed_at'])
    .where('p.id', 'in', ids)
    .execute();
  const byId = new Map(
    rows.map((r) => [
      r.position_id,
      { ...toItem(r), positionId: r.position_id, seat: r.seat, sortNumber: r.sort_number, positionStatus: r.position_status, placedAt: r.placed_at },
    ]),
  );
  return { items: ids.flatMap((id) => byId.get(id) ?? []), total };
}

/**
 * Puts articles into a seat (SaveSelectPosition). An article already in the seat keeps its
 * placement, sort number and status: asking twice is not an error. Answers how many were added.
 */
export async function placeArticles(database: Database, seat: number, newsIds: readonly number[], now: number): Promise<number> {
  const added = await database.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('news').select('id').where('id', 'in', newsIds).execute();
    if (found.length !== newsIds.length) throw notFound(messages.articleNotFound);
    const placed = await trx.selectFrom('positions').select('news_id').where('seat', '=', seat).where('news_id', 'in', newsIds).execute();
    const already = new Set(placed.map((p) => p.news_id));
    const fresh = newsIds.filter((id) => !already.has(id));
    if (fresh.length > 0) {
      const at = formatCst(now);
      await trx
        .insertInto('positions')
        .values(fresh.map((news_id) => ({ seat, news_id, sort_number: 0, status: 1, created_at: at })))
        .execute();
    }
    return fresh.length;
  });
  contentChanged(database, 'positions');
  return added;
}

/** Changes one placement (UpdateSortNumber, EditNewPositionStatus); 404 when there is none. */
export async function updatePlacement(database: Database, id: number, change: { sort_number: number } | { status: number }): Promise<void> {
  const result = await database.db.updateTable('positions').set(change).where('id', '=', id).executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw notFound(contentMessages.positionNotFound);
  contentChanged(database, 'positions');
}

/** Takes placements out of their seats (DelNewPosition); answers how many went. */
export async function removePlacements(database: Database, ids: readonly number[]): Promise<number> {
  const result = await database.db.deleteFrom('positions').where('id', 'in', ids).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound(contentMessages.positionNotFound);
  contentChanged(database, 'positions');
  return Number(result.numDeletedRows);
}
