import type { Database, Engine } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { invalidateSearch, searchNews } from '../src/features/search/service.js';
import { insertMenu, insertNews, timeAt } from './fixtures.js';
import { databaseAt } from './migrated.js';

/** A site whose articles were written before a search migration, then migrated (see searchSiteMigratedFrom). */
export interface SearchSite {
  database: Database;
  close: () => Promise<void>;
  policy: number;
  notices: number;
  /** An unpublished article (status 3). */
  draft: number;
  /** The titles a search finds (first page, its cache dropped first), for a visitor unless isMember. */
  titles: (key: string, isMember?: boolean, menuIds?: number[]) => Promise<string[]>;
}

/**
 * A database at migration `before` holding, under 政策要闻 and 通知公告, `${prefix}的旧文章`,
 * `${prefix}的新通知` (newer), a member-only 会员专享 whose text (工程质量) only members find,
 * and the draft `${prefix}的草稿`; plus what `more` writes; then migrated to the latest.
 */
export async function searchSiteMigratedFrom(
  engine: Engine,
  before: string,
  prefix: string,
  more?: (database: Database, policy: number) => Promise<void>,
): Promise<SearchSite> {
  const { database, close } = await databaseAt(engine, before);
  const db = database.db;
  const policy = await insertMenu(db, { name: '政策要闻' });
  const notices = await insertMenu(db, { name: '通知公告' });
  await insertNews(db, { menuId: policy, title: `${prefix}的旧文章`, content: '<p>正文里的工程质量</p>', newsCreateTime: timeAt(1) });
  await insertNews(db, { menuId: notices, title: `${prefix}的新通知`, content: '<p>通知正文</p>', newsCreateTime: timeAt(2) });
  await insertNews(db, { menuId: policy, title: '会员专享', content: '<p>会员正文的工程质量</p>', newsCreateTime: timeAt(3), isMemberRead: true });
  const draft = await insertNews(db, { menuId: policy, title: `${prefix}的草稿`, content: '<p>草稿正文</p>', newsCreateTime: timeAt(4), status: 3 });
  await more?.(database, policy);
  await migrate(database);
  const titles = async (key: string, isMember = false, menuIds = [policy, notices]) => {
    invalidateSearch(database);
    return (await searchNews(database, { key, menuIds, isMember }, { pageindex: 1, pagesize: 10 })).items.map((n) => n.title);
  };
  return { database, close, policy, notices, draft, titles };
}
