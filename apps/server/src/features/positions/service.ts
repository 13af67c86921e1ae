import { ArticleStatus, type PagingQuery } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { pageWindow } from '../../http/paging.js';
import { publishedItems, type NewsItem, type Page } from '../news/items.js';

/** An article placed in a home-page seat (spec §2 "Home": seats 1 to 4 feed the tabs). */
export interface PositionItem extends NewsItem {
  seat: number;
  sortNumber: number;
}

/** One page of a seat's enabled placements of published articles: by the placement's order, then newest first. */
export async function listSeat(database: Database, seat: number, paging: PagingQuery): Promise<Page<PositionItem>> {
  const { limit, offset } = pageWindow(paging);
  const placed = database.db
    .selectFrom('positions as p')
    .innerJoin('news as n', 'n.id', 'p.news_id')
    .where('p.seat', '=', seat)
    .where('p.status', '=', 1)
    .where('n.status', '=', ArticleStatus.Published);
  const [rows, { n }] = await Promise.all([
    placed
      .select(['p.news_id', 'p.sort_number'])
      .orderBy('p.sort_number', 'asc')
      .orderBy('n.news_create_time', 'desc')
      .orderBy('n.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    placed.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const sortNumbers = new Map(rows.map((r) => [r.news_id, r.sort_number]));
  const items = await publishedItems(database, rows.map((r) => r.news_id));
  return { items: items.map((item) => ({ ...item, seat, sortNumber: sortNumbers.get(item.id) ?? 0 })), total: n };
}
