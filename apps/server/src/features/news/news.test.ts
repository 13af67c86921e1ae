import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListDto, NewsDetailDto, NewsListItemDto } from '@portal/shared';
import { createTestApp, engines, envelope, type TestApp } from '../../../test/harness.js';
import { insertManyNews, insertMenu, insertNews, timeAt } from '../../../test/fixtures.js';
import { readFromEnd } from '../../http/paging.js';
import { contentChanged } from '../../cache/generations.js';
import { signposts } from './signposts.js';
import { flushViews } from './views.js';

const CDN = 'https://cdn.example.com';

describe.each(engines)('public news on %s', (engine) => {
  let t: TestApp;
  const menus: Record<string, number> = {};
  const news: Record<string, number> = {};
  /** 政策要闻's published articles, oldest first. */
  const policy: number[] = [];
  const get = async <T>(url: string) => envelope<T>(await t.app.inject({ method: 'GET', url: `/api/XfWebApi/${url}` }));
  const list = (url: string) => get<ListDto<NewsListItemDto>>(url);
  const detail = (id: number | string) => get<NewsDetailDto>(`GetNewsDetail?newsid=${id}`);
  const titles = (l: ListDto<NewsListItemDto>) => l.List.map((n) => n.Title);

  beforeAll(async () => {
    t = await createTestApp(engine, { assetBaseUrl: CDN });
    const db = t.app.services.database.db;
    menus.center = await insertMenu(db, { name: '新闻中心' });
    menus.policy = await insertMenu(db, { name: '政策要闻', parentId: menus.center, sortNumber: 1 });
    menus.notices = await insertMenu(db, { name: '通知公告', parentId: menus.center, sortNumber: 2 });
    menus.activities = await insertMenu(db, { name: '协会动态', parentId: menus.center, sortNumber: 3 });
    menus.memberNews = await insertMenu(db, { name: '会员动态', parentId: menus.activities });
    menus.intro = await insertMenu(db, { name: '协会简介', showType: 1 });
    menus.journal = await insertMenu(db, { name: '协会期刊', showType: 1 });
    menus.bulk = await insertMenu(db, { name: '历史资料' });

    // 政策要闻: seven published articles one day apart, the oldest pinned.
    for (let i = 1; i <= 7; i++) {
      policy.push(
        await insertNews(db, {
          menuId: menus.policy,
          title: `政策${i}`,
          content: `<p>第${i}篇政策的<strong>正文</strong>内容。</p><p>${'详细说明'.repeat(30)}</p>`,
          isTop: i === 1,
          newsCreateTime: timeAt(i * 60),
          author: '秘书处',
          imageUrl: i === 7 ? '/uploads/2024/cover.png' : i === 6 ? 'https://img.example.org/a.png' : '',
        }),
      );
    }
    news.closed = await insertNews(db, { menuId: menus.policy, title: '已关闭的文章', content: '<p>关闭</p>', status: 0, newsCreateTime: timeAt(150) });
    news.rejected = await insertNews(db, { menuId: menus.policy, title: '未通过的文章', content: '<p>未通过</p>', status: 2, newsCreateTime: timeAt(210) });
    news.reviewing = await insertNews(db, { menuId: menus.policy, title: '审核中的文章', content: '<p>审核中</p>', status: 3, newsCreateTime: timeAt(1000) });
    news.memberOnly = await insertNews(db, {
      menuId: menus.notices,
      title: '会员专享通知',
      content: '<p>仅会员可见的内容</p>',
      isMemberRead: true,
      newsCreateTime: timeAt(500),
    });
    news.notice = await insertNews(db, { menuId: menus.notices, title: '普通通知', newsCreateTime: timeAt(30) });
    news.activity = await insertNews(db, { menuId: menus.activities, title: '协会活动', newsCreateTime: timeAt(40) });
    news.memberNews = await insertNews(db, { menuId: menus.memberNews, title: '会员风采', newsCreateTime: timeAt(45) });
    news.intro = await insertNews(db, { menuId: menus.intro, title: '协会简介', content: '<h3>简介</h3><p>协会成立于2008年。</p>', newsCreateTime: timeAt(1) });
    news.journal = await insertNews(db, { menuId: menus.journal, title: '会刊', content: '<p>会员刊物</p>', isMemberRead: true, newsCreateTime: timeAt(2) });
    await insertManyNews(
      db,
      Array.from({ length: 1005 }, (_, i) => ({ menuId: menus.bulk as number, title: `资料${i}`, newsCreateTime: timeAt(-5000 + i) })),
    );
  });
  afterAll(() => t.close());

  describe('GetNewsList', () => {
    it("lists a menu's published articles: pinned first, then newest first", async () => {
      const body = await list(`GetNewsList?pid=${menus.policy}&pageindex=1&pagesize=5`);
      expect(body.Code).toBe(200);
      expect(body.Data.TotalCount).toBe(7);
      expect(titles(body.Data)).toEqual(['政策1', '政策7', '政策6', '政策5', '政策4']);
      expect(body.Data.List[0]).toEqual({
        NewsId: policy[0],
        MenuId: menus.policy,
        MenuName: '政策要闻',
        Title: '政策1',
        ImageUrl: '',
        Status: 1,
        IsTop: true,
        IsMemberRead: false,
        NewsCreateTime: '2024-01-01 10:00:00',
        CreateTime: '2024-01-01 10:00:00',
        Summary: `第1篇政策的正文内容。 ${'详细说明'.repeat(30)}`.slice(0, 80),
        ProcessItemName: '',
      });
    });

    it('serves stored image paths from the asset base and leaves absolute ones alone', async () => {
      const body = await list(`GetNewsList?pid=${menus.policy}&pagesize=3`);
      expect(body.Data.List[1]?.ImageUrl).toBe(`${CDN}/uploads/2024/cover.png`);
      expect(body.Data.List[2]?.ImageUrl).toBe('https://img.example.org/a.png');
    });

    it('pages with any spelling of the paging parameters', async () => {
      const body = await list(`GetNewsList?Pid=${menus.policy}&PageIndex=2&PageSize=5`);
      expect(titles(body.Data)).toEqual(['政策3', '政策2']);
      expect(body.Data.TotalCount).toBe(7);
      const past = await list(`GetNewsList?pid=${menus.policy}&pageindex=9&pagesize=5`);
      expect(past.Data).toEqual({ List: [], TotalCount: 7 });
    });

    it('caps the page size at 1000 and falls back to the defaults for bad paging values', async () => {
      const huge = await list(`GetNewsList?pid=${menus.bulk}&pagesize=100000`);
      expect(huge.Data.List).toHaveLength(1000);
      expect(huge.Data.TotalCount).toBe(1005);
      const fallback = await list(`GetNewsList?pid=${menus.bulk}&pageindex=abc&pagesize=-3`);
      expect(fallback.Data.List).toHaveLength(10);
      expect(fallback.Data.List[0]?.Title).toBe('资料1004');
    });

    it('lists the sub-menus of a menu without articles of its own, and only its own otherwise', async () => {
      const center = await list(`GetNewsList?pid=${menus.center}&pagesize=20`);
      expect(center.Data.TotalCount).toBe(11);
      expect(center.Data.List[0]?.Title).toBe('政策1');
      expect(titles(center.Data)).toEqual(expect.arrayContaining(['会员风采', '协会活动', '普通通知', '会员专享通知']));
      const activities = await list(`GetNewsList?pid=${menus.activities}`);
      expect(titles(activities.Data)).toEqual(['协会活动']);
    });

    it("carries the page body in a single-page menu's list, never a member-only one's to a visitor", async () => {
      const intro = await list(`GetNewsList?pid=${menus.intro}&pagesize=1`);
      expect(intro.Data.List[0]?.NewContent).toBe('<h3>简介</h3><p>协会成立于2008年。</p>');
      const journal = await list(`GetNewsList?pid=${menus.journal}`);
      expect(journal.Data.List[0]).toMatchObject({ Title: '会刊', IsMemberRead: true, Summary: '', NewContent: '' });
      const policyList = await list(`GetNewsList?pid=${menus.policy}`);
      expect(policyList.Data.List[0]).not.toHaveProperty('NewContent');
    });

    it('shows member-only titles to visitors without their text', async () => {
      const body = await list(`GetNewsList?pid=${menus.notices}`);
      expect(body.Data.List[0]).toMatchObject({ Title: '会员专享通知', IsMemberRead: true, Summary: '' });
      expect(body.Data.List[1]).toMatchObject({ Title: '普通通知', Summary: '普通通知' });
    });

    it('lists the newest articles of every menu without pid or key', async () => {
      const body = await list('GetNewsList?pagesize=3');
      const latest = await list('GetNewsList?pid=&key=&pagesize=3');
      expect(titles(body.Data)).toEqual(['会员专享通知', '政策7', '政策6']);
      expect(latest.Data).toEqual(body.Data);
      expect(body.Data.TotalCount).toBe(1005 + 13);
    });

    it('answers every page alike whether it is read from the front, past the middle from the end, or from a signpost', async () => {
      const ids = (l: ListDto<NewsListItemDto>) => l.List.map((n) => n.NewsId);
      const whole = async (query: string) => [
        ...ids((await list(`${query}&pagesize=1000&pageindex=1`)).Data),
        ...ids((await list(`${query}&pagesize=1000&pageindex=2`)).Data),
      ];
      const lists = [`GetNewsList?pid=${menus.policy}`, `GetNewsList?pid=${menus.bulk}`, 'GetNewsList?key='];
      const wholeLists = await Promise.all(lists.map(whole));
      // Every page past the middle from the far end, however few rows it skips (a pinned article
      // included), and every page from a signpost three rows before it.
      const [minOffset, stride] = [readFromEnd.minOffset, signposts.stride];
      readFromEnd.minOffset = 0;
      signposts.stride = 3;
      try {
        for (const [i, query] of lists.entries()) {
          const all = wholeLists[i]!;
          for (const size of [2, 7]) {
            const last = Math.ceil(all.length / size);
            for (const page of new Set([1, 2, Math.floor(last / 2), Math.floor(last / 2) + 1, last - 1, last, last + 1].filter((p) => p >= 1))) {
              const body = await list(`${query}&pagesize=${size}&pageindex=${page}`);
              expect(ids(body.Data), `${query} size ${size} page ${page}`).toEqual(all.slice((page - 1) * size, page * size));
              expect(body.Data.TotalCount).toBe(all.length);
            }
          }
        }
        // The newest article added through the services moves every row after it one place: the
        // signposts kept along the list are dropped with its total, and the pages read from the
        // front (before the middle) show the move.
        const bulk = wholeLists[1]!;
        const added = await insertNews(t.app.services.database.db, { menuId: menus.bulk!, title: '新增资料', newsCreateTime: timeAt(-3000) });
        contentChanged(t.app.services.database, 'news');
        const moved = [added, ...bulk];
        for (const page of [2, 50, 71, 144]) {
          const body = await list(`${lists[1]}&pagesize=7&pageindex=${page}`);
          expect(ids(body.Data), `after a write, page ${page}`).toEqual(moved.slice((page - 1) * 7, page * 7));
        }
        await t.app.services.database.db.deleteFrom('news').where('id', '=', added).execute();
        contentChanged(t.app.services.database, 'news');
      } finally {
        readFromEnd.minOffset = minOffset;
        signposts.stride = stride;
      }
    });

    it('refuses a malformed or unknown pid and a blank key', async () => {
      for (const pid of ['abc', '-1', '0', '1e99', '2.5']) {
        expect(await list(`GetNewsList?pid=${pid}`)).toEqual({ Code: 400, Message: '参数错误', Data: null });
      }
      expect(await list('GetNewsList?pid=999999')).toEqual({ Code: 404, Message: '栏目不存在', Data: null });
      expect(await list('GetNewsList?key=%20%20')).toEqual({ Code: 400, Message: '请输入关键词', Data: null });
    });
  });

  describe('GetNewsDetail', () => {
    it('answers the article with its content, neighbours and one more view', async () => {
      const body = await detail(policy[3] as number);
      expect(body.Code).toBe(200);
      expect(body.Data).toMatchObject({
        NewsId: policy[3],
        MenuId: menus.policy,
        MenuName: '政策要闻',
        Title: '政策4',
        Status: 1,
        Author: '秘书处',
        NewContent: expect.stringContaining('第4篇政策的<strong>正文</strong>内容'),
        Views: 1,
      });
      expect(body.Data.AboutList).toEqual([
        { NewsId: policy[4], MenuId: menus.policy, Title: '政策5', SortNumber: 1 },
        { NewsId: policy[2], MenuId: menus.policy, Title: '政策3', SortNumber: 0 },
      ]);
      expect((await detail(policy[3] as number)).Data.Views).toBe(2);
    });

    it('writes the counted views in one batch and keeps counting on top of them', async () => {
      const id = policy[1] as number;
      await detail(id);
      await detail(id);
      await flushViews(t.app.services.database);
      const row = await t.app.services.database.db.selectFrom('news').select('views').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.views).toBe(2);
      expect((await detail(id)).Data.Views).toBe(3);
    });

    it('has no previous article for the newest and no next one for the oldest, pinned or not', async () => {
      const newest = await detail(policy[6] as number);
      expect(newest.Data.AboutList).toEqual([{ NewsId: policy[5], MenuId: menus.policy, Title: '政策6', SortNumber: 0 }]);
      const oldest = await detail(policy[0] as number);
      expect(oldest.Data.AboutList).toEqual([{ NewsId: policy[1], MenuId: menus.policy, Title: '政策2', SortNumber: 1 }]);
    });

    it('skips unpublished articles when finding neighbours', async () => {
      // 已关闭的文章 (status 0) lies between 政策2 and 政策3 in time.
      const second = await detail(policy[1] as number);
      expect(second.Data.AboutList.map((n) => n.Title)).toEqual(['政策3', '政策1']);
    });

    it('answers the status of an unpublished article and nothing else: no title, text, menu, picture, author or reason', async () => {
      await t.app.services.database.db
        .updateTable('news')
        .set({ process_item_name: '编辑部内部意见', author: '某公司', image_url: '/uploads/202401/c.png' })
        .where('id', '=', news.rejected as number)
        .execute();
      for (const [id, status] of [
        [news.closed, 0],
        [news.rejected, 2],
        [news.reviewing, 3],
      ] as const) {
        const body = await detail(id as number);
        expect(body.Code).toBe(200);
        expect(body.Data).toEqual({
          NewsId: id,
          Status: status,
          MenuId: 0,
          MenuName: '',
          Title: '',
          ImageUrl: '',
          IsTop: false,
          IsMemberRead: false,
          NewsCreateTime: '',
          CreateTime: '',
          Summary: '',
          ProcessItemName: '',
          NewContent: '',
          Author: '',
          Views: 0,
          AboutList: [],
        });
      }
    });

    it('refuses a member-only article to a visitor', async () => {
      expect(await detail(news.memberOnly as number)).toEqual({ Code: 403, Message: '该文章仅限会员阅读，请先登录', Data: null });
    });

    it('answers 404 for an unknown article and 400 for a malformed id', async () => {
      expect(await detail(999999)).toEqual({ Code: 404, Message: '文章不存在或已删除', Data: null });
      for (const id of ['abc', '-1', '0', '1e99', '']) {
        expect(await detail(id)).toEqual({ Code: 400, Message: '参数错误', Data: null });
      }
      expect((await get<NewsDetailDto>(`GetNewsDetail?NewsId=${news.notice}`)).Data.Title).toBe('普通通知');
    });
  });

  describe('GetNewsReList', () => {
    it('lists the newest published articles of every menu, pins not considered', async () => {
      const body = await list('GetNewsReList?pageindex=1&pagesize=4');
      expect(body.Code).toBe(200);
      expect(titles(body.Data)).toEqual(['会员专享通知', '政策7', '政策6', '政策5']);
      expect(body.Data.List[0]?.Summary).toBe('');
      expect(body.Data.TotalCount).toBe(1018);
      const page = await list('GetNewsReList?PageIndex=3&PageSize=4');
      expect(titles(page.Data)).toEqual(['会员风采', '协会活动', '普通通知', '会刊']);
    });
  });
});
