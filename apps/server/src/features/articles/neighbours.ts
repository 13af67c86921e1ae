import { sql, type Kysely } from 'kysely';
import { ArticleStatus } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { compiledRead } from '../../db/compiled.js';
import type { NewsItem } from './items.js';

const PUBLISHED = ArticleStatus.Published;

/** The next newer (previous, as the page lists newest first) or next older article of the same menu. */
export interface Neighbour {
  id: number;
  menuId: number;
  title: string;
  side: 'previous' | 'next';
}

/** The published articles shown beside one as previous and next: those of its menu nearest it in publish order. */
export async function neighbours(db: Kysely<DB>, article: Pick<NewsItem, 'id' | 'menuId' | 'newsCreateTime'>): Promise<Neighbour[]> {
  const candidates = await readNeighbours(db, { menuId: article.menuId, time: article.newsCreateTime, id: article.id });
  const at = { news_create_time: article.newsCreateTime, id: article.id };
  const newer = candidates.filter((c) => byTime(c, at) > 0).sort(byTime);
  const older = candidates.filter((c) => byTime(c, at) < 0).sort((a, b) => byTime(b, a));
  const neighbour = (row: NeighbourRow | undefined, side: Neighbour['side']) => row && { id: row.id, menuId: row.menu_id, title: row.title, side };
  return [neighbour(newer[0], 'previous'), neighbour(older[0], 'next')].filter((n): n is Neighbour => n !== undefined);
}

interface NeighbourRow {
  id: number;
  menu_id: number;
  title: string;
  news_create_time: string;
}

/**
 * The candidates for an article's neighbours, in one statement: the nearest newer and the
 * nearest older published article of its menu, once among the pinned and once among the rest.
 * news_menu_list orders is_top before the time, so each pin value gets its own index seek (a
 * plain range over the menu would scan it); the nearest of each side is the neighbour. One
 * statement rather than four: on PostgreSQL each was a round trip.
 */
const readNeighbours = compiledRead((db: Kysely<DB>, { menuId, time, id }: { menuId: number; time: string; id: number }) => {
  const seek = (newer: boolean, isTop: number) => {
    const order = newer ? 'asc' : 'desc';
    return (
      db
        .selectFrom('news')
        .select(['id', 'menu_id', 'title', 'news_create_time'])
        .where('menu_id', '=', menuId)
        .where('status', '=', PUBLISHED)
        .where('is_top', '=', isTop)
        .where((eb) => eb(eb.refTuple('news_create_time', 'id'), newer ? '>' : '<', eb.tuple(time, id)))
        .orderBy('news_create_time', order)
        .orderBy('id', order)
        // Written into the SQL, not bound: SQLite took 54 µs for the four seeks with LIMIT ? and 8 µs with LIMIT 1.
        .limit(sql.lit(1))
    );
  };
  // Each part keeps its own ORDER BY and LIMIT as a subquery: neither engine takes them on a member of a UNION.
  const [first, ...rest] = [seek(true, 0), seek(true, 1), seek(false, 0), seek(false, 1)].map((part, i) => db.selectFrom(part.as(`n${i}`)).selectAll());
  return rest.reduce((union, part) => union.unionAll(part), first!);
});

/** Publish order: time text (fixed width, so it sorts as text), then id. */
function byTime(a: { news_create_time: string; id: number }, b: { news_create_time: string; id: number }): number {
  if (a.news_create_time !== b.news_create_time) return a.news_create_time < b.news_create_time ? -1 : 1;
  return a.id - b.id;
}
