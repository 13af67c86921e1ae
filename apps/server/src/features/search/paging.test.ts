import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../../test/harness.js';
import { insertManyNews, insertMenu, timeAt, type NewsFixture } from '../../../test/fixtures.js';
import { contentChanged } from '../../cache/generations.js';
import { invalidateSearch, searchLimits, searchNews } from './service.js';

const DAY = 24 * 60;

/** An article of the generated set, as the search should see it. */
interface Article extends NewsFixture {
  id: number;
}

// Matches spread over a year and a half, some days apart and some at one time, so a page spans
// several of PostgreSQL's buckets of sort keys or lies inside one; every page of every size is
// checked against the order worked out here from the articles themselves. Pages of title
// matches within the first 20 are read straight in order, the others through the counts; on
// SQLite a page is read from whichever end of its matches is nearer.
describe.each(engines)('paging keyword search results over a long time on %s', (engine) => {
  let t: TestApp;
  const defaults = { ...searchLimits };
  let menuIds: number[];
  let other: number;
  const articles: Article[] = [];

  beforeAll(async () => {
    Object.assign(searchLimits, { titlePageRows: 20 });
    t = await createTestApp(engine);
    const db = t.app.services.database.db;
    menuIds = [await insertMenu(db, { name: '政策要闻' }), await insertMenu(db, { name: '通知公告' })];
    other = await insertMenu(db, { name: '内部资料' });
    const fixtures: NewsFixture[] = [];
    for (let i = 0; i < 120; i++) {
      // Days apart for most, a run of articles at one time for some; a few far in the past.
      const minute = i % 10 === 0 ? 400 * DAY : i < 20 ? i * 3 : i * 5 * DAY + (i % 7) * 60;
      const inTitle = i % 3 === 0;
      const inText = i % 4 !== 1;
      fixtures.push({
        menuId: i % 11 === 0 ? other : menuIds[i % 2]!,
        title: `${inTitle ? '鹦鹉螺号' : '海洋'}第${i}篇`,
        content: `<p>${inText ? '关于鹦鹉螺的记述' : '另一段正文'}，编号${i}。</p>`,
        newsCreateTime: timeAt(minute - 600 * DAY),
        isMemberRead: i % 13 === 0,
        status: i % 17 === 0 ? 3 : 1,
      });
    }
    const ids = await insertManyNews(db, fixtures);
    fixtures.forEach((f, i) => articles.push({ ...f, id: ids[i]! }));
    contentChanged(t.app.services.database, 'news');
  });
  afterAll(async () => {
    Object.assign(searchLimits, defaults);
    await t.close();
  });

  /** The ids a search should find, in order: title matches first, then the others, newest first, then higher id. */
  const expected = (key: string, isMember: boolean) => {
    const text = (a: Article) => (a.content ?? '').replace(/<[^>]+>/g, '');
    const found = articles.filter(
      (a) => a.status === 1 && menuIds.includes(a.menuId) && (a.title.includes(key) || ((isMember || !a.isMemberRead) && text(a).includes(key))),
    );
    const rank = (a: Article) => (a.title.includes(key) ? 0 : 1);
    return found.sort((a, b) => rank(a) - rank(b) || b.newsCreateTime!.localeCompare(a.newsCreateTime!) || b.id - a.id).map((a) => a.id);
  };

  /**
   * Every page of every size of `key` against `expected`, listing at most `most` matches;
   * `cold` drops the kept matches before each page, as if it were the first search of its key.
   */
  const checkEveryPage = async (key: string, pagesizes: number[], cold: boolean, most = searchLimits.resultsMax) => {
    const database = t.app.services.database;
    searchLimits.resultsMax = most;
    invalidateSearch(database);
    try {
      for (const isMember of [false, true]) {
        const all = expected(key, isMember);
        expect(all.length).toBeGreaterThan(20);
        const listed = all.slice(0, most);
        for (const pagesize of pagesizes) {
          for (let pageindex = 1; pageindex <= Math.ceil(all.length / pagesize) + 1; pageindex++) {
            if (cold) invalidateSearch(database);
            const page = await searchNews(database, { key, menuIds, isMember }, { pageindex, pagesize });
            expect(page).toMatchObject({ total: listed.length, capped: all.length > most });
            expect(page.items.map((n) => n.id)).toEqual(listed.slice((pageindex - 1) * pagesize, pageindex * pagesize));
          }
        }
      }
    } finally {
      searchLimits.resultsMax = defaults.resultsMax;
      invalidateSearch(database);
    }
  };

  it.each(['鹦鹉', '鹦鹉螺', '螺号', '关于鹦鹉螺的记述'])('answers every page of %s in order with the right total, for visitors and members', async (key) => {
    await checkEveryPage(key, [1, 7, 10, 50], false);
  });

  it.each(['鹦鹉', '关于鹦鹉螺的记述'])('answers every page of %s asked first, before any other page of the key', async (key) => {
    await checkEveryPage(key, [3, 10], true);
  });

  // Visitors find 34 title matches of 鹦鹉 (鹦鹉螺号) among about 80: fewer listed than the
  // title matches, exactly as many, and a limit among the text-only matches.
  it.each([
    ['鹦鹉', 15],
    ['鹦鹉', 34],
    ['鹦鹉', 45],
    ['关于鹦鹉螺的记述', 25],
  ] as const)('lists only the first matches of %s when more than %i, on every page, warm and cold', async (key, most) => {
    await checkEveryPage(key, [1, 7, 10], false, most);
    await checkEveryPage(key, [3, 10], true, most);
  });
});
