import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../test/harness.js';
import { databaseAt } from '../../../test/migrated.js';
import type { Database } from '../connection.js';
import { insertMenu, insertNews, timeAt } from '../../../test/fixtures.js';
import { invalidateSearch, searchNews } from '../../features/search/service.js';
import { migrate } from '../migrate.js';

describe.each(engines)('migration 018 on a %s site with articles', (engine) => {
  let database: Database;
  let close: () => Promise<void>;
  let policy: number;
  let notices: number;
  let draft: number;
  beforeAll(async () => {
    ({ database, close } = await databaseAt(engine, '017-cluster-workers'));
    const db = database.db;
    policy = await insertMenu(db, { name: '政策要闻' });
    notices = await insertMenu(db, { name: '通知公告' });
    await insertNews(db, { menuId: policy, title: '升级前的旧文章', content: '<p>正文里的工程质量</p>', newsCreateTime: timeAt(1) });
    await insertNews(db, { menuId: notices, title: '升级前的新通知', content: '<p>通知正文</p>', newsCreateTime: timeAt(2) });
    await insertNews(db, { menuId: policy, title: '会员专享', content: '<p>会员正文的工程质量</p>', newsCreateTime: timeAt(3), isMemberRead: true });
    draft = await insertNews(db, { menuId: policy, title: '升级前的草稿', content: '<p>草稿正文</p>', newsCreateTime: timeAt(4), status: 3 });
    await migrate(database);
  });
  afterAll(() => close());

  const titles = async (key: string, isMember = false, menuIds = [policy, notices]) => {
    invalidateSearch(database);
    return (await searchNews(database, { key, menuIds, isMember }, { pageindex: 1, pagesize: 10 })).items.map((n) => n.title);
  };

  it('indexes the published articles written before it, newest first, texts as their audience may search them', async () => {
    expect(await titles('升级前')).toEqual(['升级前的新通知', '升级前的旧文章']);
    expect(await titles('升级前', false, [notices])).toEqual(['升级前的新通知']);
    expect(await titles('工程质量')).toEqual(['升级前的旧文章']);
    expect(await titles('工程质量', true)).toEqual(['会员专享', '升级前的旧文章']);
    expect(await titles('草稿')).toEqual([]);
  });

  it('follows the writes made after it', async () => {
    await database.db.updateTable('news').set({ status: 1 }).where('id', '=', draft).execute();
    expect(await titles('草稿')).toEqual(['升级前的草稿']);
    await insertNews(database.db, { menuId: policy, title: '升级后的文章', newsCreateTime: timeAt(5) });
    expect(await titles('升级')).toEqual(['升级后的文章', '升级前的草稿', '升级前的新通知', '升级前的旧文章']);
  });
});
