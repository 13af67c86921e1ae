import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../test/harness.js';
import { insertNews, timeAt } from '../../../test/fixtures.js';
import { searchSiteMigratedFrom, type SearchSite } from '../../../test/search-site.js';

describe.each(engines)('migration 019 on a %s site with articles', (engine) => {
  let site: SearchSite;
  beforeAll(async () => {
    site = await searchSiteMigratedFrom(engine, '018-search-order', '迁移前', async ({ db }, policy) => {
      // Not a time (only a hand edit writes these): found all the same (where they rank differs
      // between the engines: SQLite reads 02-30 as 03-01).
      await insertNews(db, { menuId: policy, title: '迁移前 日期不存在', newsCreateTime: '2024-02-30 10:00:00' });
      await insertNews(db, { menuId: policy, title: '迁移前 日期不明', newsCreateTime: 'now' });
    });
  });
  afterAll(() => site.close());

  it('indexes the published articles written before it, newest first, texts as their audience may search them', async () => {
    const { titles, notices } = site;
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
    const { database, titles, draft, policy } = site;
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
