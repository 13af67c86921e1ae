import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuDto } from '@portal/shared';
import { createTestApp, enginesFor, envelope, type TestApp } from '../../../test/harness.js';
import { insertMenu } from '../../../test/fixtures.js';
import { invalidateMenus } from './service.js';

describe.each(enginesFor('neutral'))('public menus on %s', (engine) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const get = async <T = MenuDto>(url: string) => envelope<T>(await t.app.inject({ method: 'GET', url: `/api/XfWebApi/${url}` }));
  const names = (menus: MenuDto[]) => menus.map((m) => m.Name);

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.app.services.database.db;
    const add = async (key: string, m: Parameters<typeof insertMenu>[1]) => (ids[key] = await insertMenu(db, m));
    await add('home', { name: '首页', curValue: 'home', sortNumber: 10 });
    await add('about', { name: '协会概况', sortNumber: 20, showType: 1 });
    await add('intro', { name: '协会简介', parentId: ids.about, sortNumber: 20, showType: 1 });
    await add('charter', { name: '协会章程', parentId: ids.about, sortNumber: 10 });
    await add('hidden', { name: '内部资料', parentId: ids.about, sortNumber: 30, status: 0 });
    await add('underHidden', { name: '内部通知', parentId: ids.hidden });
    await add('news', { name: '新闻中心', sortNumber: 30 });
    await add('policy', { name: '政策要闻', parentId: ids.news, sortNumber: 10 });
    // Same sort number as 政策要闻: the earlier id comes first.
    await add('notices', { name: '通知公告', parentId: ids.news, sortNumber: 10 });
    await add('activities', { name: '协会动态', parentId: ids.news, sortNumber: 20 });
    await add('memberNews', { name: '会员动态', parentId: ids.activities, webUrl: 'https://example.org/members' });
    await add('tooDeep', { name: '第四级', parentId: ids.memberNews });
    await add('hiddenNotices', { name: '通知公告', sortNumber: 5, status: 0 });
    await add('experts', { name: '专家智库', sortNumber: 40 });
    await add('nestedExperts', { name: '专家智库', parentId: ids.news, sortNumber: 1 });
  });
  afterAll(() => t.close());

  it('answers the whole tree of shown menus, in sort order, three levels deep', async () => {
    const body = await get<MenuDto[]>('GetMenuList?parentid=-1');
    expect(body.Code).toBe(200);
    expect(names(body.Data)).toEqual(['首页', '协会概况', '新闻中心', '专家智库']);
    const about = body.Data[1] as MenuDto;
    // The hidden child and its own child are left out.
    expect(names(about.ChildList)).toEqual(['协会章程', '协会简介']);
    const news = body.Data[2] as MenuDto;
    expect(names(news.ChildList)).toEqual(['专家智库', '政策要闻', '通知公告', '协会动态']);
    const memberNews = news.ChildList[3]?.ChildList[0] as MenuDto;
    expect(memberNews).toMatchObject({
      MenuId: ids.memberNews,
      ParentId: ids.activities,
      Name: '会员动态',
      Status: 1,
      ShowType: 0,
      Type: 2,
      WebUrl: 'https://example.org/members',
      CurValue: '',
      ChildList: [],
    });
    expect(body.Data[0]).toMatchObject({ CurValue: 'home', ChildList: [] });
  });

  it('treats -2, 0, an empty value and no parentid as the root', async () => {
    const whole = (await get<MenuDto[]>('GetMenuList?parentid=-1')).Data;
    for (const query of ['?parentid=-2', '?parentid=0', '?parentid=', '', '?ParentId=-1']) {
      expect((await get<MenuDto[]>(`GetMenuList${query}`)).Data).toEqual(whole);
    }
  });

  it("answers a menu's children for a positive parentid", async () => {
    const body = await get<MenuDto[]>(`GetMenuList?parentid=${ids.activities}`);
    expect(names(body.Data)).toEqual(['会员动态']);
  });

  it('refuses an unknown or hidden parent and a malformed parentid', async () => {
    expect(await get(`GetMenuList?parentid=${ids.hidden}`)).toEqual({ Code: 404, Message: '栏目不存在', Data: null });
    expect((await get('GetMenuList?parentid=999999')).Code).toBe(404);
    expect(await get('GetMenuList?parentid=abc')).toEqual({ Code: 400, Message: '参数错误', Data: null });
  });

  it('finds a menu by id, hidden ones included, with its shown children', async () => {
    const about = await get(`GetMenuModel?menuid=${ids.about}`);
    expect(about.Code).toBe(200);
    expect(about.Data).toMatchObject({ MenuId: ids.about, ParentId: 0, Name: '协会概况', ShowType: 1, WebUrl: '' });
    expect(names(about.Data.ChildList)).toEqual(['协会章程', '协会简介']);
    const hidden = await get(`GetMenuModel?MenuId=${ids.hidden}`);
    expect(hidden.Data).toMatchObject({ Name: '内部资料', Status: 0, ChildList: [] });
  });

  it('finds a menu by label: a shown one first, then the one nearest the top', async () => {
    const notices = await get(`GetMenuModel?label=${encodeURIComponent('通知公告')}`);
    expect(notices.Data.MenuId).toBe(ids.notices);
    const experts = await get(`GetMenuModel?Label=${encodeURIComponent(' 专家智库 ')}`);
    expect(experts.Data.MenuId).toBe(ids.experts);
    expect(await get(`GetMenuModel?label=${encodeURIComponent('不存在的栏目')}`)).toEqual({ Code: 404, Message: '栏目不存在', Data: null });
  });

  it('refuses a menu lookup without a usable id or label', async () => {
    for (const query of ['', '?label=', '?label=%20%20', '?menuid=abc', '?menuid=-1', '?menuid=1e99', '?menuid=1.5']) {
      expect(await get(`GetMenuModel${query}`)).toEqual({ Code: 400, Message: '参数错误', Data: null });
    }
    expect(await get('GetMenuModel?menuid=999999')).toEqual({ Code: 404, Message: '栏目不存在', Data: null });
  });

  it('answers the top-level ancestor of a menu', async () => {
    const root = await get(`GetMenuTreeModel?menuid=${ids.memberNews}`);
    expect(root.Code).toBe(200);
    expect(root.Data.MenuId).toBe(ids.news);
    expect(names(root.Data.ChildList)).toEqual(['专家智库', '政策要闻', '通知公告', '协会动态']);
    expect((await get(`GetMenuTreeModel?menuid=${ids.home}`)).Data.MenuId).toBe(ids.home);
    expect((await get(`GetMenuTreeModel?menuid=${ids.underHidden}`)).Data.MenuId).toBe(ids.about);
    expect(await get('GetMenuTreeModel?menuid=999999')).toEqual({ Code: 404, Message: '栏目不存在', Data: null });
    expect(await get('GetMenuTreeModel')).toEqual({ Code: 400, Message: '参数错误', Data: null });
  });

  it('keeps the menus until they are invalidated', async () => {
    await get('GetMenuList');
    const id = await insertMenu(t.app.services.database.db, { name: '新栏目', sortNumber: 99 });
    expect(names((await get<MenuDto[]>('GetMenuList')).Data)).not.toContain('新栏目');
    invalidateMenus(t.app.services.database);
    expect(names((await get<MenuDto[]>('GetMenuList')).Data)).toContain('新栏目');
    expect((await get(`GetMenuModel?menuid=${id}`)).Data.Name).toBe('新栏目');
  });
});
