import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArticleStatus, ReviewDecision } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin } from '../../../test/admin.js';
import { eventually } from '../../../test/eventually.js';
import { insertManyNews, insertMenu, insertNews, timeAt } from '../../../test/fixtures.js';
import { engines, secondInstance, type TestApp } from '../../../test/harness.js';
import type { Engine } from '../../db/connection.js';
import { addMember, seedTypeChoices } from '../../../test/members.js';
import { testWebBuild, type TestWebBuild } from '../../../test/web-build.js';
import { runPublishingClock } from '../news/schedule.js';

const BASE = 'https://www.example.org.cn';
const REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * The web build's server entry (apps/web/src/entry-server.tsx) as far as the server sees it: each
 * page makes the calls the real one makes (the menu tree everywhere; the latest articles on
 * /home; an article and its menu's list on /info; the menu's list on /menuList) and shows what
 * they answer, marked with a number of its own drawing, so a page answered from the cache is
 * told from one drawn again.
 */
const ENTRY_SERVER = `export async function render(url, { transport }) {
  const call = async (name, params) => (await transport({ method: 'get', baseURL: '/api/XfWebApi/', url: name, params })).data.Data;
  const titles = (list) => list.List.map((n) => n.Title).join(',');
  const address = new URL(url, 'http://page');
  const at = address.pathname.toLowerCase();
  const shown = [(await call('GetMenuList')).map((m) => m.Name).join(',')];
  if (at === '/home') shown.push(titles(await call('GetNewsReList', { pageindex: 1, pagesize: 10 })));
  if (at === '/info') {
    const article = await call('GetNewsDetail', { newsid: address.searchParams.get('NewsId') });
    shown.push(article.Title, titles(await call('GetNewsList', { pid: article.MenuId, pageindex: 1, pagesize: 10 })));
  }
  if (at === '/menulist') shown.push(titles(await call('GetNewsList', { pid: address.searchParams.get('MenuId'), pageindex: 1, pagesize: 10 })));
  return { html: '<main data-drawing="' + Math.random() + '">' + shown.join(' | ') + '</main>', styles: '', state: '{}' };
}
`;

const info = (menuId: number, newsId: number) => `/info?MenuId=${menuId}&NewsId=${newsId}`;
const menuList = (menuId: number) => `/menuList?ParentId=0&MenuId=${menuId}`;

/** A page as served, with the number of its drawing. */
async function page(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return { body: res.body, drawing: /data-drawing="([^"]+)"/.exec(res.body)?.[1] ?? '' };
}

/** Each page's drawing as served now, after asking twice: the second answer is the kept copy. */
async function kept(t: TestApp, urls: string[]) {
  const drawings = new Map<string, string>();
  for (const url of urls) {
    const first = await page(t, url);
    expect((await page(t, url)).drawing, url).toBe(first.drawing);
    drawings.set(url, first.drawing);
  }
  return drawings;
}

/** Two instances on one database, as page-drawing tests need them: on SQLite they hear each other through Redis. */
async function twoInstances(engine: Engine, web: TestWebBuild, options: { backgroundJobs?: boolean } = {}): Promise<[TestApp, TestApp]> {
  const one = await createAdminTestApp(engine, options, { webDist: web.webDist, publicBaseUrl: BASE, ...(engine === 'sqlite' ? { redisUrl: REDIS_URL } : {}) });
  return [one, await secondInstance(one, options)];
}

/**
 * A save draws again the pages showing what it changed, and only those, on the instance it was
 * made on and on another serving the same database (told by PostgreSQL NOTIFY, or by Redis
 * between instances on one SQLite file).
 */
describe.each(engines)('pages drawn again after an article save, on two instances on %s', (engine) => {
  let one: TestApp;
  let other: TestApp;
  let web: TestWebBuild;
  let token: string;
  let newsMenu: number;
  let policyMenu: number;
  /** Three articles of 协会动态 in publish order: `saved` has the other two as its neighbours. */
  let older: number;
  let saved: number;
  let newer: number;
  let policyArticles: number[] = [];

  beforeAll(async () => {
    web = testWebBuild(ENTRY_SERVER);
    [one, other] = await twoInstances(engine, web);
    token = await loginAdmin(one);
    const { db } = one.app.services.database;
    newsMenu = await insertMenu(db, { name: '协会动态' });
    policyMenu = await insertMenu(db, { name: '政策法规' });
    older = await insertNews(db, { menuId: newsMenu, title: '年会筹备', newsCreateTime: timeAt(1) });
    saved = await insertNews(db, { menuId: newsMenu, title: '理事会召开', newsCreateTime: timeAt(2) });
    newer = await insertNews(db, { menuId: newsMenu, title: '培训通知', newsCreateTime: timeAt(3) });
    policyArticles = await insertManyNews(
      db,
      Array.from({ length: 20 }, (_, i) => ({ menuId: policyMenu, title: `政策解读第${i + 1}期`, newsCreateTime: timeAt(-100 + i) })),
    );
  });
  afterAll(async () => {
    await other.close();
    await one.close();
    web.remove();
  });

  const saveTitle = async (id: number, menuId: number, title: string) => {
    const saved = await adminCall(one, token, 'POST', '/api/XfSysBussiness/SaveNews', { NewsId: id, MenuId: menuId, Title: title, Status: 1 });
    expect(saved.Code, saved.Message).toBe(200);
  };

  it('draws again the article’s page, its neighbours’, its list and /home, and serves the other pages kept, on both instances', async () => {
    const dependent = ['/home', info(newsMenu, saved), info(newsMenu, older), info(newsMenu, newer), menuList(newsMenu)];
    const independent = [info(policyMenu, policyArticles[0]!), info(policyMenu, policyArticles[5]!), menuList(policyMenu)];
    const before = { one: await kept(one, [...dependent, ...independent]), other: await kept(other, [...dependent, ...independent]) };
    for (const url of dependent) expect((await page(one, url)).body).toContain('理事会召开');

    await saveTitle(saved, newsMenu, '理事会第二次会议召开');

    for (const url of dependent) {
      const now = await page(one, url);
      expect(now.body, url).toContain('理事会第二次会议召开');
      expect(now.drawing, url).not.toBe(before.one.get(url));
    }
    for (const url of independent) expect((await page(one, url)).drawing, url).toBe(before.one.get(url));

    // The other instance hears of it in its own time; then the same pages, and only those, are drawn again there.
    await eventually(async () => (await page(other, '/home')).body.includes('理事会第二次会议召开'), 10);
    for (const url of dependent) {
      const now = await page(other, url);
      expect(now.body, url).toContain('理事会第二次会议召开');
      expect(now.drawing, url).not.toBe(before.other.get(url));
    }
    for (const url of independent) expect((await page(other, url)).drawing, url).toBe(before.other.get(url));
  });

  it('answers at least 95 % of the next 1,000 requests for /home and other articles’ pages from the cache after a save', async () => {
    const urls = ['/home', info(newsMenu, newer), ...policyArticles.map((id) => info(policyMenu, id))];
    const last = await kept(one, urls);
    await saveTitle(older, newsMenu, '年会筹备（更新）');
    let fromCache = 0;
    for (let i = 0; i < 1000; i++) {
      const url = urls[i % urls.length]!;
      const { drawing } = await page(one, url);
      if (drawing === last.get(url)) fromCache += 1;
      last.set(url, drawing);
    }
    // /home and the newer neighbour's page are drawn once each; every other answer is the kept copy.
    expect(fromCache).toBe(998);
  });

  it('never serves a withdrawn article’s kept page', async () => {
    const url = info(newsMenu, newer);
    await kept(one, [url]);
    const res = await adminCall(one, token, 'POST', '/api/XfSysBussiness/SaveNews', { NewsId: newer, MenuId: newsMenu, Title: '培训通知', Status: 0 });
    expect(res.Code, res.Message).toBe(200);
    const now = await page(one, url);
    expect(now.body).not.toContain('培训通知 |');
    await eventually(async () => !(await page(other, url)).body.includes('培训通知 |'), 10);
  });
});

/**
 * The writes outside the editor announce only the articles they changed, as a save does
 * (features/articles/reach.ts): the bulk actions, the publishing clock and a contribution's approval
 * draw again the pages showing those articles, and another menu's pages stay kept, on the
 * instance that wrote and on the other.
 */
describe.each(engines)('pages drawn again after bulk actions, the publishing clock and an approved contribution, on two instances on %s', (engine) => {
  let one: TestApp;
  let other: TestApp;
  let web: TestWebBuild;
  let token: string;
  let noticeMenu: number;
  let industryMenu: number;
  let policyMenu: number;
  let unrelated: string[] = [];

  beforeAll(async () => {
    web = testWebBuild(ENTRY_SERVER);
    // The publishing clock is ticked by hand.
    [one, other] = await twoInstances(engine, web, { backgroundJobs: false });
    token = await loginAdmin(one);
    const { db } = one.app.services.database;
    noticeMenu = await insertMenu(db, { name: '通知公告' });
    industryMenu = await insertMenu(db, { name: '行业动态' });
    policyMenu = await insertMenu(db, { name: '政策法规' });
    const policies = await insertManyNews(
      db,
      Array.from({ length: 3 }, (_, i) => ({ menuId: policyMenu, title: `政策解读第${i + 1}期`, newsCreateTime: timeAt(i) })),
    );
    unrelated = [info(policyMenu, policies[0]!), info(policyMenu, policies[1]!), menuList(policyMenu)];
  });
  afterAll(async () => {
    await other.close();
    await one.close();
    web.remove();
  });

  /**
   * Writes, then expects each page of `dependent` to be drawn again and to pass its check (what
   * the write changed shows), and the other menu's pages to be the copies kept before it, on
   * both instances.
   */
  const drawnAgainOnly = async (write: () => Promise<void>, dependent: Record<string, (body: string) => boolean>) => {
    const urls = Object.keys(dependent);
    const before = new Map([
      [one, await kept(one, [...urls, ...unrelated])],
      [other, await kept(other, [...urls, ...unrelated])],
    ]);
    await write();
    for (const [t, drawings] of before) {
      // The other instance hears of the write in its own time.
      await eventually(async () => dependent[urls[0]!]!((await page(t, urls[0]!)).body), 10);
      for (const url of urls) {
        const now = await page(t, url);
        expect(dependent[url]!(now.body), `${url}: ${now.body}`).toBe(true);
        expect(now.drawing, url).not.toBe(drawings.get(url));
      }
      for (const url of unrelated) expect((await page(t, url)).drawing, url).toBe(drawings.get(url));
    }
  };
  const shows = (title: string) => (body: string) => body.includes(title);
  const lacks = (title: string) => (body: string) => !body.includes(title);
  const bulk = async (name: string, payload: Record<string, unknown>) => {
    const res = await adminCall(one, token, 'POST', `/api/XfSysBussiness/${name}`, payload);
    expect(res.Code, res.Message).toBe(200);
  };

  it('draws again only the pages showing the articles a bulk publish, take-down or move changed', async () => {
    const { db } = one.app.services.database;
    const meeting = await insertNews(db, { menuId: noticeMenu, title: '年会通知', newsCreateTime: timeAt(10) });
    const training = await insertNews(db, { menuId: noticeMenu, title: '培训通知', status: ArticleStatus.Draft, newsCreateTime: timeAt(11) });

    // Published, the draft shows in its menu's list, on its neighbour's page (which shows that list) and on /home.
    await drawnAgainOnly(() => bulk('PublishNews', { NewsId: [training] }), {
      '/home': shows('培训通知'),
      [menuList(noticeMenu)]: shows('培训通知'),
      [info(noticeMenu, meeting)]: shows('培训通知'),
    });
    // Taken down, an article leaves its own page, its list, its neighbour's page and /home.
    await drawnAgainOnly(() => bulk('OfflineNews', { NewsId: [meeting] }), {
      '/home': lacks('年会通知'),
      [menuList(noticeMenu)]: lacks('年会通知'),
      [info(noticeMenu, meeting)]: lacks('年会通知'),
      [info(noticeMenu, training)]: lacks('年会通知'),
    });
    // Moved, it leaves the list of the menu it was in and joins the other's.
    await drawnAgainOnly(() => bulk('MoveNews', { NewsId: `${training}`, MenuId: industryMenu }), {
      [menuList(noticeMenu)]: lacks('培训通知'),
      [menuList(industryMenu)]: shows('培训通知'),
      '/home': shows('培训通知'),
    });
  });

  it('draws again only the pages showing the articles the publishing clock published or took down', async () => {
    const { db } = one.app.services.database;
    // Due since long ago: the clock's first tick moves both.
    const assembly = await insertNews(db, { menuId: noticeMenu, title: '会员大会通知', status: ArticleStatus.Scheduled, newsCreateTime: timeAt(20) });
    const tender = await insertNews(db, { menuId: noticeMenu, title: '招标公示', newsCreateTime: timeAt(19) });
    await db
      .updateTable('news')
      .set({ offline_at: timeAt(21) })
      .where('id', '=', tender)
      .execute();

    await drawnAgainOnly(async () => expect(await runPublishingClock(one.app.services)).toBe(2), {
      '/home': (body) => body.includes('会员大会通知') && !body.includes('招标公示'),
      [menuList(noticeMenu)]: (body) => body.includes('会员大会通知') && !body.includes('招标公示'),
      [info(noticeMenu, tender)]: lacks('招标公示'),
    });
    expect((await page(one, info(noticeMenu, assembly))).body).toContain('会员大会通知');
  });

  it('draws again only the pages showing a contribution its review approved', async () => {
    const types = await seedTypeChoices(one);
    const memberId = await addMember(one, token, types, 'contributor_co', { MemberName: '甲建设集团' });
    const contribution = await insertNews(one.app.services.database.db, {
      menuId: noticeMenu,
      title: '工程质量保险实践',
      status: ArticleStatus.UnderReview,
      memberId,
      newsCreateTime: timeAt(30),
    });
    await drawnAgainOnly(
      async () => {
        const res = await adminCall(one, token, 'POST', '/api/XfSysBussiness/AuditContribution', { NewsId: contribution, Decision: ReviewDecision.Approved });
        expect(res.Code, res.Message).toBe(200);
      },
      { '/home': shows('工程质量保险实践'), [menuList(noticeMenu)]: shows('工程质量保险实践') },
    );
  });
});
