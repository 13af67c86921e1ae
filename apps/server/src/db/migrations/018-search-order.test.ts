import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../test/harness.js';
import { insertNews, timeAt } from '../../../test/fixtures.js';
import { searchSiteMigratedFrom, type SearchSite } from '../../../test/search-site.js';

describe.each(engines)('migration 018 on a %s site with articles', (engine) => {
  let site: SearchSite;
  beforeAll(async () => {
    site = await searchSiteMigratedFrom(engine, '017-cluster-workers', '升级前');
  });
  afterAll(() => site.close());

  it('indexes the published articles written before it, newest first, texts as their audience may search them', async () => {
    const { titles, notices } = site;
    expect(await titles('升级前')).toEqual(['升级前的新通知', '升级前的旧文章']);
    expect(await titles('升级前', false, [notices])).toEqual(['升级前的新通知']);
    expect(await titles('工程质量')).toEqual(['升级前的旧文章']);
    expect(await titles('工程质量', true)).toEqual(['会员专享', '升级前的旧文章']);
    expect(await titles('草稿')).toEqual([]);
  });

  it('follows the writes made after it', async () => {
    const { database, titles, draft, policy } = site;
    await database.db.updateTable('news').set({ status: 1 }).where('id', '=', draft).execute();
    expect(await titles('草稿')).toEqual(['升级前的草稿']);
    await insertNews(database.db, { menuId: policy, title: '升级后的文章', newsCreateTime: timeAt(5) });
    expect(await titles('升级')).toEqual(['升级后的文章', '升级前的草稿', '升级前的新通知', '升级前的旧文章']);
  });
});
