import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListDto, NewsDetailDto, NewsListItemDto } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin } from '../../../test/admin.js';
import { insertMenu, insertNews, insertPosition, timeAt } from '../../../test/fixtures.js';
import { engines, envelope, type TestApp } from '../../../test/harness.js';

/**
 * A menu is public only when it and every menu above it are shown (Status 1). Articles of any
 * other menu are neither listed, searched nor opened on the public site.
 */
describe.each(engines)('articles under hidden menus on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  const menus: Record<string, number> = {};
  const news: Record<string, number> = {};
  const get = async <T>(url: string) => envelope<T>(await t.app.inject({ method: 'GET', url: `/api/XfWebApi/${url}` }));
  const titles = async (url: string) => {
    const body = await get<ListDto<NewsListItemDto>>(url);
    expect(body.Code, `${url}: ${body.Message}`).toBe(200);
    return body.Data.List.map((n) => n.Title);
  };
  const detail = (id: number) => get<NewsDetailDto>(`GetNewsDetail?newsid=${id}`);
  const missingArticle = { Code: 404, Message: '文章不存在或已删除', Data: null };
  const missingMenu = { Code: 404, Message: '栏目不存在', Data: null };
  const saveMenu = (id: number, name: string, parentId: number, status: number) =>
    adminCall(t, admin, 'POST', '/api/XfSysBussiness/SaveMenu', { MenuId: id, Name: name, ParentId: parentId, Status: status });

  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    admin = await loginAdmin(t);
    const db = t.app.services.database.db;
    menus.center = await insertMenu(db, { name: '新闻中心' });
    menus.policy = await insertMenu(db, { name: '政策要闻', parentId: menus.center });
    menus.internal = await insertMenu(db, { name: '内部通知', parentId: menus.center, status: 0 });
    // Shown itself, but below a hidden menu.
    menus.underHidden = await insertMenu(db, { name: '内部简报', parentId: menus.internal });
    const add = (menuId: number, title: string, minute: number, more: Partial<Parameters<typeof insertNews>[1]> = {}) =>
      insertNews(db, { menuId, title, content: `<p>${title}的安全检查正文</p>`, newsCreateTime: timeAt(minute), ...more });
    news.older = await add(menus.policy, '公开的安全检查通报', 10);
    news.internal = await add(menus.internal, '内部的安全检查通报', 20);
    news.underHidden = await add(menus.underHidden, '简报里的安全检查通报', 25);
    news.newer = await add(menus.policy, '公开的安全检查总结', 30);
    news.internalReviewing = await add(menus.internal, '审核中的内部通报', 40, { status: 3 });
    for (const newsId of [news.older, news.internal, news.underHidden]) await insertPosition(db, { seat: 1, newsId });
  });
  afterAll(() => t.close());

  const everyList = ['GetNewsList?pagesize=20', 'GetNewsReList?pagesize=20', 'GetNewPositionList?seat=1', 'GetNewsList?key=安全检查', 'GetNewsList?key=检查'];

  it('leaves them out of the latest lists, the home page seats and search (long and short keys)', async () => {
    expect(await titles('GetNewsList?pagesize=20')).toEqual(['公开的安全检查总结', '公开的安全检查通报']);
    expect((await get<ListDto<NewsListItemDto>>('GetNewsReList')).Data.TotalCount).toBe(2);
    expect((await get<ListDto<NewsListItemDto>>('GetNewsList')).Data.TotalCount).toBe(2);
    expect(await get<ListDto<NewsListItemDto>>('GetNewPositionList?seat=1')).toMatchObject({
      Data: { TotalCount: 1, List: [{ Title: '公开的安全检查通报' }] },
    });
    for (const key of ['安全检查', '检查', '内部的安全', '简报']) {
      expect(
        (await titles(`GetNewsList?key=${encodeURIComponent(key)}`)).filter((title) => !title.startsWith('公开')),
        key,
      ).toEqual([]);
    }
    expect(await titles(`GetNewsList?key=${encodeURIComponent('安全检查')}`)).toEqual(['公开的安全检查总结', '公开的安全检查通报']);
  });

  it("answers 栏目不存在 for a hidden menu's list and search, and for a shown menu below one", async () => {
    for (const pid of [menus.internal, menus.underHidden]) {
      expect(await get(`GetNewsList?pid=${pid}`)).toEqual(missingMenu);
      expect(await get(`GetNewsList?pid=${pid}&key=${encodeURIComponent('安全检查')}`)).toEqual(missingMenu);
    }
    // The parent lists its shown sub-menus' articles only.
    expect(await titles(`GetNewsList?pid=${menus.center}`)).toEqual(['公开的安全检查总结', '公开的安全检查通报']);
  });

  it('answers their articles as missing ones, whatever their status', async () => {
    for (const id of [news.internal, news.underHidden, news.internalReviewing]) {
      expect(await detail(id as number)).toEqual(missingArticle);
    }
    const open = await detail(news.newer as number);
    expect(open.Data.AboutList).toEqual([{ NewsId: news.older, MenuId: menus.policy, Title: '公开的安全检查通报', SortNumber: 0 }]);
  });

  it("follows a menu's status as soon as the back office saves it, kept lists and results included", async () => {
    // Warm every kept copy: the menus, the list totals and the search matches.
    for (const url of everyList) expect(await titles(url), url).toContain('公开的安全检查通报');
    expect((await detail(news.older as number)).Code).toBe(200);

    const hidden = await saveMenu(menus.center as number, '新闻中心', 0, 0);
    expect(hidden.Code, hidden.Message).toBe(200);
    for (const url of everyList) expect(await titles(url), url).toEqual([]);
    expect((await get<ListDto<NewsListItemDto>>('GetNewsReList')).Data.TotalCount).toBe(0);
    expect(await detail(news.older as number)).toEqual(missingArticle);
    expect(await get(`GetNewsList?pid=${menus.policy}`)).toEqual(missingMenu);

    const shown = await saveMenu(menus.center as number, '新闻中心', 0, 1);
    expect(shown.Code, shown.Message).toBe(200);
    for (const url of everyList) expect(await titles(url), url).toContain('公开的安全检查通报');
    expect((await detail(news.older as number)).Code).toBe(200);
    await saveMenu(menus.internal as number, '内部通知', menus.center as number, 1);
    expect(await titles(`GetNewsList?pid=${menus.underHidden}`)).toEqual(['简报里的安全检查通报']);
    expect((await detail(news.internal as number)).Data.Title).toBe('内部的安全检查通报');
  });
});
