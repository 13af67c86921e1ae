import {
  ArticleStatus,
  cstDate,
  daysBetween,
  defaultColumnIntervals,
  formatCst,
  HOME_MARKER,
  HOME_STALE_DAYS,
  MenuShowType,
  STALE_COLUMNS_THRESHOLD,
  type ColumnKind,
  type ColumnState,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { inMenus } from '../articles/items.js';
import { freshMenuIndex } from '../menus/service.js';
import { ancestry, type Menu, type MenuIndex } from '../menus/tree.js';

/**
 * 栏目更新 (docs/inspection.md): which columns of the public site are overdue or empty by the
 * office's intervals, and whether the home page was updated in the inspection's two weeks. Read
 * from the menus and from one GROUP BY of the published articles per menu; nothing is stored
 * but the intervals the office set (column_intervals).
 */

export interface ColumnFreshness {
  id: number;
  name: string;
  path: string;
  kind: ColumnKind;
  intervalDays: number;
  intervalIsDefault: boolean;
  articles: number;
  lastPublishedAt: string | null;
  daysSince: number | null;
  state: ColumnState;
}

export interface HomeFreshness {
  newsId: number | null;
  title: string;
  menuName: string;
  lastPublishedAt: string | null;
  daysSince: number | null;
  state: ColumnState;
}

export interface FreshnessReport {
  checkedAt: string;
  home: HomeFreshness;
  overdue: number;
  empty: number;
  /** Overdue and empty together reach STALE_COLUMNS_THRESHOLD: the inspection fails the site. */
  failing: boolean;
  columns: ColumnFreshness[];
}

/**
 * What 栏目更新 makes of a menu: a link (its WebUrl leads elsewhere or to a page of the site that
 * is no article list: never checked), the home page's menu (checked as the home page), a single
 * page or a list of articles.
 */
export function kindOf(menu: Menu): ColumnKind | 'link' | 'home' {
  if (menu.webUrl) return 'link';
  if (menu.curValue === HOME_MARKER) return 'home';
  return menu.showType === MenuShowType.SinglePage ? 'single' : 'list';
}

/** The names from the top-level menu down to `id`, as the back office shows where a column is. */
export const pathOf = (index: MenuIndex, id: number) =>
  ancestry(index, id)
    .map((m) => m.name)
    .join(' › ');

/** Calendar days (China time) from a stored time's day to today; a time ahead of the clock is today. */
const daysSince = (at: string, today: string) => Math.max(0, daysBetween(at.slice(0, 10), today));

interface Published {
  articles: number;
  last: string;
}

/** Each menu's published articles and the newest one's time: one GROUP BY over the index news_menu_list. */
async function publishedByMenu({ db }: Database): Promise<Map<number, Published>> {
  const rows = await db
    .selectFrom('news')
    .select(['menu_id', (eb) => eb.fn.countAll<number | string>().as('articles'), (eb) => eb.fn.max('news_create_time').as('last')])
    .where('status', '=', ArticleStatus.Published)
    .groupBy('menu_id')
    .execute();
  // PostgreSQL's count is a bigint, which the driver answers as text.
  return new Map(rows.map((r) => [r.menu_id, { articles: Number(r.articles), last: r.last }]));
}

/**
 * The menus checked, in the site's order: those the public can reach (shown, under shown
 * parents), but links and the home page's menu. A menu with shown children and no published
 * article of its own is a group (its page lists its children's articles, news/menuScope), not a
 * column: its children are checked instead.
 */
function checkedMenus(index: MenuIndex, published: ReadonlyMap<number, Published>): { menu: Menu; kind: ColumnKind }[] {
  const out: { menu: Menu; kind: ColumnKind }[] = [];
  const visit = (parentId: number) => {
    for (const menu of index.byParent.get(parentId) ?? []) {
      if (!index.readable.has(menu.id)) continue;
      const kind = kindOf(menu);
      const group = (index.byParent.get(menu.id) ?? []).some((c) => index.readable.has(c.id)) && !published.has(menu.id);
      if (kind !== 'link' && kind !== 'home' && !group) out.push({ menu, kind });
      visit(menu.id);
    }
  };
  visit(0);
  return out;
}

/** Empty without a published article (days null); overdue when its newest is more than `limit` days old. */
const stateOf = (days: number | null, limit: number): ColumnState => (days === null ? 'empty' : days > limit ? 'overdue' : 'ok');

/** The newest published article of the menus the public reads: the first of the home page's 最新资讯, and no seat shows a newer one. */
async function homeFreshness({ db }: Database, index: MenuIndex, today: string): Promise<HomeFreshness> {
  const newest = await db
    .selectFrom('news')
    .select(['id', 'title', 'menu_id', 'news_create_time'])
    .where('status', '=', ArticleStatus.Published)
    .where(inMenus('menu_id', [...index.readable]))
    .orderBy('news_create_time', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!newest) return { newsId: null, title: '', menuName: '', lastPublishedAt: null, daysSince: null, state: 'empty' };
  const days = daysSince(newest.news_create_time, today);
  return {
    newsId: newest.id,
    title: newest.title,
    menuName: index.byId.get(newest.menu_id)?.name ?? '',
    lastPublishedAt: newest.news_create_time,
    daysSince: days,
    state: stateOf(days, HOME_STALE_DAYS),
  };
}

/** 栏目更新 as of `now`: every checked column (of `state` when given), the home page, and the counts against the inspection's threshold. */
export async function columnFreshness(database: Database, now: number, state?: ColumnState): Promise<FreshnessReport> {
  const today = cstDate(now);
  const [index, published, intervals] = await Promise.all([
    freshMenuIndex(database),
    publishedByMenu(database),
    database.db.selectFrom('column_intervals').select(['menu_id', 'days']).execute(),
  ]);
  const set = new Map(intervals.map((r) => [r.menu_id, r.days]));
  const columns = checkedMenus(index, published).map(({ menu, kind }): ColumnFreshness => {
    const own = published.get(menu.id);
    const intervalDays = set.get(menu.id) ?? defaultColumnIntervals[kind];
    const days = own ? daysSince(own.last, today) : null;
    return {
      id: menu.id,
      name: menu.name,
      path: pathOf(index, menu.id),
      kind,
      intervalDays,
      intervalIsDefault: !set.has(menu.id),
      articles: own?.articles ?? 0,
      lastPublishedAt: own?.last ?? null,
      daysSince: days,
      state: stateOf(days, intervalDays),
    };
  });
  const overdue = columns.filter((c) => c.state === 'overdue').length;
  const empty = columns.filter((c) => c.state === 'empty').length;
  return {
    checkedAt: formatCst(now),
    home: await homeFreshness(database, index, today),
    overdue,
    empty,
    failing: overdue + empty >= STALE_COLUMNS_THRESHOLD,
    columns: state ? columns.filter((c) => c.state === state) : columns,
  };
}
