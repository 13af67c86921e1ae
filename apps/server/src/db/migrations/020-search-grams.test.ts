import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../test/harness.js';
import { insertNews, timeAt } from '../../../test/fixtures.js';
import { searchSiteMigratedFrom, type SearchSite } from '../../../test/search-site.js';

describe.each(engines)('migration 020 on a %s site with articles', (engine) => {
  let site: SearchSite;
  beforeAll(async () => {
    site = await searchSiteMigratedFrom(engine, '019-postgres-search', '改版前');
  });
  afterAll(() => site.close());

  it('indexes the articles written before it for keys of every length, texts as their audience may search them', async () => {
    const { titles, notices } = site;
    expect(await titles('改版前')).toEqual(['改版前的新通知', '改版前的旧文章']);
    expect(await titles('改', false, [notices])).toEqual(['改版前的新通知']);
    expect(await titles('版')).toEqual(['改版前的新通知', '改版前的旧文章']);
    for (const key of ['质', '质量', '程质量', '工程质量', '的工程质量']) {
      expect(await titles(key)).toEqual(['改版前的旧文章']);
      expect(await titles(key, true)).toEqual(['会员专享', '改版前的旧文章']);
    }
    expect(await titles('草稿')).toEqual([]);
    expect(await titles('稿')).toEqual([]);
  });

  it('follows the writes made after it', async () => {
    const { database, titles, draft, policy } = site;
    await database.db.updateTable('news').set({ status: 1 }).where('id', '=', draft).execute();
    expect(await titles('稿')).toEqual(['改版前的草稿']);
    await insertNews(database.db, { menuId: policy, title: '改版后的文章', content: '<p>新的正文</p>', newsCreateTime: timeAt(5) });
    expect(await titles('改版')).toEqual(['改版后的文章', '改版前的草稿', '改版前的新通知', '改版前的旧文章']);
    expect(await titles('新的正文')).toEqual(['改版后的文章']);
    expect(await titles('的正')).toEqual(['改版后的文章']);
    await database.db.deleteFrom('news').where('id', '=', draft).execute();
    expect(await titles('稿')).toEqual([]);
  });
});
