import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../test/harness.js';
import { databaseAt } from '../../../test/migrated.js';
import type { Database } from '../connection.js';
import { insertMenu, insertNews, timeAt } from '../../../test/fixtures.js';
import { invalidateSearch, searchNews } from '../../features/search/service.js';
import { migrate } from '../migrate.js';

describe.each(engines)('migration 019 on a %s site with articles', (engine) => {
  let database: Database;
  let close: () => Promise<void>;
  let policy: number;
  let notices: number;
  let draft: number;
  beforeAll(async () => {
    ({ database, close } = await databaseAt(engine, '018-search-order'));
    const db = database.db;
    policy = await insertMenu(db, { name: '政策要闻' });
    notices = await insertMenu(db, { name: '通知公告' });
    await insertNews(db, { menuId: policy, title: '迁移前的旧文章', content: '<p>正文里的工程质量</p>', newsCreateTime: timeAt(1) });
    await insertNews(db, { menuId: notices, title: '迁移前的新通知', content: '<p>通知正文</p>', newsCreateTime: timeAt(2) });
    await insertNews(db, { menuId: policy, title: '会员专享', content: '<p>会员正文的工程质量</p>', newsCreateTime: timeAt(3), isMemberRead: true });
    draft = await insertNews(db, { menuId: policy, title: '迁移前的草稿', content: '<p>草稿正文</p>', newsCreateTime: timeAt(4), status: 3 });
    // Not a time (only a hand edit writes these): found all the same (where they rank differs
    // between the engines: SQLite reads 02-30 as 03-01).
    await insertNews(db, { menuId: policy, title: '迁移前 日期不存在', newsCreateTime: '2024-02-30 10:00:00' });
    await insertNews(db, { menuId: policy, title: '迁移前 日期不明', newsCreateTime: 'now' });
    await migrate(database);
  });
  afterAll(() => close());

  const titles = async (key: string, isMember = false, menuIds = [policy, notices]) => {
    invalidateSearch(database);
    return (await searchNews(database, { key, menuIds, isMember }, { pageindex: 1, pagesize: 10 })).items.map((n) => n.title);
  };

  it('indexes the published articles written before it, newest first, texts as their audience may search them', async () => {
    const odd = (title: string) => title.includes('日期');
    const before = await titles('迁移前');
    expect(before.filter((title) => !odd(title))).toEqual(['迁移前的新通知', '迁移前的旧文章']);
    expect(before.filter(odd).sort()).toEqual(['迁移前 日期不存在', '迁移前 日期不明']);
    expect(await titles('迁移前', false, [notices])).toEqual(['迁移前的新通知']);
    expect(await titles('工程质量')).toEqual(['迁移前的旧文章']);
    expect(await titles('工程质量', true)).toEqual(['会员专享', '迁移前的旧文章']);
    expect(await titles('草稿')).toEqual([]);
  });

  it('follows the writes made after it, a time that is no time included', async () => {
    await database.db.updateTable('news').set({ status: 1 }).where('id', '=', draft).execute();
    expect(await titles('草稿')).toEqual(['迁移前的草稿']);
    await insertNews(database.db, { menuId: policy, title: '迁移后的文章', newsCreateTime: timeAt(5) });
    await insertNews(database.db, { menuId: policy, title: '迁移后 日期不存在', newsCreateTime: '2023-13-01 00:00:00' });
    expect(await titles('迁移后')).toEqual(['迁移后的文章', '迁移后 日期不存在']);
    const all = await titles('迁移');
    expect(all.filter((title) => !title.includes('日期'))).toEqual(['迁移后的文章', '迁移前的草稿', '迁移前的新通知', '迁移前的旧文章']);
    expect(all).toHaveLength(7);
  });
});
