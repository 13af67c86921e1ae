import type { Kysely } from 'kysely';
import { ArticleStatus, Code, membershipMessages, messages, type PagingQuery } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { compiledRead, limitExpression, pageLimit } from '../../db/compiled.js';
import { AppError, notFound } from '../../http/envelope.js';
import { pageFromNearerEnd } from '../../http/paging.js';
import { shownDescendantIds, type MenuIndex } from '../menus/tree.js';
import { onContentChange } from '../../cache/generations.js';
import { invalidateSearch } from '../search/service.js';
import { Memo } from '../../cache/memo.js';
import { afterKey, readPage, type Direction, type ListReader } from './signposts.js';
import { countView } from './views.js';
import { inMenus, itemQuery, publishedItems, toItem, type NewsItem, type Page } from '../articles/items.js';
import { neighbours, type Neighbour } from '../articles/neighbours.js';

const PUBLISHED = ArticleStatus.Published;

/** The menus one menu's news list covers, and how many published articles they hold. */
export interface MenuScope {
  menuIds: number[];
  total: number;
}

/**
 * A menu lists its own articles. A menu with none of its own (a parent such as 新闻中心)
 * stands for its shown sub-menus instead, so its list is not empty.
 */
export async function menuScope(database: Database, index: MenuIndex, menuId: number): Promise<MenuScope> {
  const own = await countPublished(database, [menuId]);
  const below = shownDescendantIds(index, menuId);
  if (own > 0 || below.length === 0) return { menuIds: [menuId], total: own };
  const menuIds = [menuId, ...below];
  return { menuIds, total: await countPublished(database, menuIds) };
}

/**
 * Counting a big menu walks its whole index range, on every page view; the totals are kept
 * until articles change (any change in the news area, one article's included: reach.ts),
 * here or on another instance.
 */
const counts = new Memo<number>({ areas: ['news'], maxEntries: 256 });
// Kept search matches follow the articles too, on every instance, whatever articles a write names.
onContentChange('news', invalidateSearch);

function countPublished(database: Database, menuIds: readonly number[]): Promise<number> {
  return counts.get(database, menuIds.join(','), async () => {
    const { n } = await database.db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', PUBLISHED)
      .where(inMenus('menu_id', menuIds))
      .executeTakeFirstOrThrow();
    return n;
  });
}

/** One page of a menu's published articles: pinned first, then newest first (index news_menu_list). */
export async function listMenuNews(
  database: Database,
  scope: MenuScope,
  paging: PagingQuery,
  options: { withContent?: boolean } = {},
): Promise<Page<NewsItem>> {
  const read = publishedReader(database, ['is_top', 'news_create_time', 'id'], scope.menuIds);
  const ids = await readPage(database, `menu ${scope.menuIds.join(',')}`, pageFromNearerEnd(paging, scope.total), read);
  return { items: await publishedItems(database, ids, options), total: scope.total };
}

type SortColumn = 'is_top' | 'news_create_time' | 'id';
type SortKey = Array<string | number>;

/**
 * The published articles of some menus in one list order, from a signpost's key on: built and
 * compiled once per order, direction and number of menus (db/compiled.ts), as every uncached
 * list page reads it.
 */
const readPublished = compiledRead(
  (
    db: Kysely<DB>,
    { menuIds, after, limit, offset }: { menuIds: readonly number[]; after: SortKey; limit: number | undefined; offset: number },
    { columns, direction, writtenLimit }: { columns: readonly SortColumn[]; direction: Direction; writtenLimit: number | undefined },
  ) => {
    let query = db.selectFrom('news').where(inMenus('menu_id', menuIds)).where('status', '=', PUBLISHED);
    if (after.length > 0) query = query.where(afterKey(columns, direction, after));
    for (const column of columns) query = query.orderBy(column, direction);
    return query.select(columns).limit(limitExpression(limit, writtenLimit)).offset(offset);
  },
);

/**
 * Reads the published articles of `menuIds` ordered by `columns` (all one way, the last the
 * unique id), for readPage: from a signpost's key on, and each with its own key.
 */
function publishedReader({ db, engine }: Database, columns: readonly SortColumn[], menuIds: readonly number[]): ListReader<SortKey> {
  return async (direction, after, limit, offset) => {
    const { bound, written } = pageLimit(limit, engine);
    const rows = await readPublished(db, { menuIds, after: after ?? [], limit: bound, offset }, { columns, direction, writtenLimit: written });
    return rows.map((row) => ({ id: row.id, key: columns.map((column) => row[column]) }));
  };
}

/**
 * One page of the newest published articles of `menuIds` (on the public site every menu it may
 * read, MenuIndex.readable), pins ignored. Index news_status_time gives the order; the menu of
 * each article it passes is read from the row.
 */
export async function listLatest(database: Database, menuIds: readonly number[], paging: PagingQuery): Promise<Page<NewsItem>> {
  // The total first (kept until articles change): it says from which end the page is nearer.
  const total = await countPublished(database, menuIds);
  const read = publishedReader(database, ['news_create_time', 'id'], menuIds);
  const ids = await readPage(database, `latest ${menuIds.join(',')}`, pageFromNearerEnd(paging, total), read);
  return { items: await publishedItems(database, ids), total };
}

export interface Article extends NewsItem {
  content: string;
  author: string;
  views: number;
  neighbours: Neighbour[];
}

/** Who opens an article: a member sees member-only text; a contribution's author sees it before it is published. */
export interface Reader {
  isMember: boolean;
  /** A member whose membership lapsed: told so rather than asked to sign in. */
  lapsed?: boolean;
  memberId?: number;
  /** Holds a valid preview link for it (preview.ts): sees it whole, whatever its status and menu. */
  previewing?: boolean;
}

/**
 * Opens an article for a reader. An unpublished one answers its id and status and nothing else
 * (the page shows 文章已关闭 / 文章审核不通过 / 文章审核中; its title, author, menu, picture and
 * an editor's rejection reason are not for the public), except to the member who contributed
 * it, who reads it whole (no neighbours, no view counted); a member-only one needs a member.
 * An article of a menu the public may not read (MenuIndex.readable) answers as a missing one,
 * to all but that author. Each reading of a published article counts one view.
 */
export async function readArticle(database: Database, index: MenuIndex, id: number, reader: Reader): Promise<Article> {
  const { db } = database;
  const [row] = await readArticleRow(db, { id });
  if (!row) throw notFound(messages.articleNotFound);
  const article = { ...toItem(row), author: row.author, views: row.views };
  const ownContribution = article.status !== PUBLISHED && reader.memberId !== undefined && row.member_id === reader.memberId;
  if (ownContribution || reader.previewing) return { ...article, summary: '', content: row.content, neighbours: [] };
  if (!index.readable.has(article.menuId)) throw notFound(messages.articleNotFound);
  if (article.status !== PUBLISHED) return withheld(article.id, article.status);
  if (article.isMemberRead && !reader.isMember) throw new AppError(Code.Forbidden, reader.lapsed ? membershipMessages.lapsed : messages.memberOnly);
  const unwritten = countView(database, id);
  return { ...article, content: row.content, views: row.views + unwritten, neighbours: await neighbours(db, article) };
}

/** What anyone but its author learns of an unpublished article: that it exists, and its status. */
const withheld = (id: number, status: number): Article => ({
  id,
  status,
  menuId: 0,
  menuName: '',
  title: '',
  imageUrl: '',
  isTop: false,
  isMemberRead: false,
  newsCreateTime: '',
  createdAt: '',
  summary: '',
  processItemName: '',
  content: '',
  author: '',
  views: 0,
  neighbours: [],
});

const readArticleRow = compiledRead((db: Kysely<DB>, { id }: { id: number }) =>
  itemQuery(db).select(['n.content', 'n.author', 'n.views', 'n.member_id']).where('n.id', '=', id),
);
