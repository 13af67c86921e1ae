import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListDto, MenuDto } from '@portal/shared';
import { createContentAdminTest, expectGuarded, type ContentAdminTest } from '../../../test/content-admin.js';
import { insertNews } from '../../../test/fixtures.js';
import { enginesFor, envelope } from '../../../test/harness.js';

describe.each(enginesFor('neutral'))('back-office menus on %s', (engine) => {
  let c: ContentAdminTest;
  const ids = {} as Record<'news' | 'home' | 'policy' | 'hidden' | 'local' | 'about', number>;
  const save = (body: Record<string, unknown>, token = c.admin) => c.call<number>(token, 'POST', 'SaveMenu', body);
  const publicTree = async () => envelope<MenuDto[]>(await c.t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetMenuList' })).Data;
  const names = (menus: MenuDto[]) => menus.map((m) => m.Name);

  beforeAll(async () => {
    c = await createContentAdminTest(engine);
    const add = async (key: keyof typeof ids, body: Record<string, unknown>) => {
      const saved = await save(body);
      expect(saved.Code, saved.Message).toBe(200);
      ids[key] = saved.Data;
    };
    await add('news', { Name: '新闻中心', SortNumber: 20 });
    await add('home', { Name: '首页', CurValue: 'home', SortNumber: 10 });
    await add('policy', { Name: '政策要闻', ParentId: ids.news, SortNumber: 1 });
    await add('hidden', { Name: '内部通知', ParentId: ids.news, SortNumber: 2, Status: 0 });
    await add('local', { Name: '地方政策', ParentId: ids.policy, WebUrl: 'https://example.gov.cn/policy' });
    await add('about', { Name: '关于协会', SortNumber: 30, ShowType: 1 });
  });
  afterAll(() => c.t.close());

  it('stores every field of a menu and derives Type from the level', async () => {
    const model = await c.call<MenuDto>(c.admin, 'GET', `GetMenuModel?menuid=${ids.news}`);
    expect(model.Code).toBe(200);
    expect(model.Data).toMatchObject({
      MenuId: ids.news,
      ParentId: 0,
      Name: '新闻中心',
      Status: 1,
      ShowType: 0,
      Type: 1,
      WebUrl: '',
      CurValue: '',
      SortNumber: 20,
    });
    // The hidden child is part of the back office's tree.
    expect(names(model.Data.ChildList)).toEqual(['政策要闻', '内部通知']);
    expect(model.Data.ChildList[0]?.ChildList[0]).toMatchObject({ Name: '地方政策', Type: 2, WebUrl: 'https://example.gov.cn/policy', ChildList: [] });
    expect((await c.call<MenuDto>(c.admin, 'GET', `GetMenuModel?menuid=${ids.home}`)).Data).toMatchObject({ CurValue: 'home' });
    expect((await c.call<MenuDto>(c.admin, 'GET', `GetMenuModel?menuid=${ids.about}`)).Data).toMatchObject({ ShowType: 1 });
    expect(await c.call(c.admin, 'GET', 'GetMenuModel?menuid=999999')).toEqual({ Code: 404, Message: '栏目不存在', Data: null });
  });

  it('lists a level page by page, each menu with its whole subtree, hidden ones included', async () => {
    const top = await c.call<ListDto<MenuDto>>(c.admin, 'GET', 'GetMenuList?pageindex=1&pagesize=2');
    expect(top.Data.TotalCount).toBe(3);
    expect(names(top.Data.List)).toEqual(['首页', '新闻中心']);
    expect(names(top.Data.List[1]?.ChildList ?? [])).toEqual(['政策要闻', '内部通知']);
    const second = await c.call<ListDto<MenuDto>>(c.admin, 'GET', 'GetMenuList?PageIndex=2&PageSize=2&ParentId=-1');
    expect(names(second.Data.List)).toEqual(['关于协会']);
    const children = await c.call<ListDto<MenuDto>>(c.admin, 'GET', `GetMenuList?parentid=${ids.news}&pagesize=999`);
    expect(children.Data).toMatchObject({ TotalCount: 2, List: [{ Name: '政策要闻' }, { Name: '内部通知', Status: 0 }] });
    expect((await c.call(c.admin, 'GET', 'GetMenuList?parentid=999999')).Code).toBe(404);
  });

  it('shows a saved menu on the public site at once', async () => {
    expect(names(await publicTree())).toEqual(['首页', '新闻中心', '关于协会']);
    const renamed = await save({ MenuId: ids.about, Name: '协会概况', SortNumber: 5, ShowType: 1 });
    expect(renamed).toEqual({ Code: 200, Message: '操作成功', Data: ids.about });
    expect(names(await publicTree())).toEqual(['协会概况', '首页', '新闻中心']);
    await save({ MenuId: ids.about, Name: '协会概况', SortNumber: 5, ShowType: 1, Status: 0 });
    expect(names(await publicTree())).toEqual(['首页', '新闻中心']);
    await save({ MenuId: ids.about, Name: '关于协会', SortNumber: 30, ShowType: 1 });
  });

  it('refuses invalid fields with their messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, '请输入栏目名称'],
      [{ Name: '   ' }, '请输入栏目名称'],
      [{ Name: '长'.repeat(101) }, '栏目名称不能超过100个字'],
      [{ Name: '栏目', Status: 2 }, '状态只能是0或1'],
      [{ Name: '栏目', ShowType: 3 }, '展示方式只能是0（列表）或1（单页）'],
      [{ Name: '栏目', Type: 5 }, '栏目类型只能是1或2'],
      [{ Name: '栏目', SortNumber: 1_000_000 }, '排序号需为0至999999的整数'],
      [{ Name: '栏目', SortNumber: 1.5 }, '排序号需为0至999999的整数'],
      [{ Name: '栏目', WebUrl: 'javascript:alert(1)' }, '地址需以http://或https://开头，或为以/开头的站内路径'],
      [{ Name: '栏目', WebUrl: '//evil.example.com' }, '地址需以http://或https://开头，或为以/开头的站内路径'],
      [{ Name: '栏目', WebUrl: '/\\evil.example' }, '地址需以http://或https://开头，或为以/开头的站内路径'],
      [{ Name: '栏目', WebUrl: '/%0aevil' }, '地址需以http://或https://开头，或为以/开头的站内路径'],
      [{ Name: '栏目', ParentId: 999999 }, '上级栏目不存在'],
    ];
    for (const [body, message] of cases) expect(await save(body), JSON.stringify(body)).toEqual({ Code: 400, Message: message, Data: null });
    expect(await save({ MenuId: 999999, Name: '栏目' })).toEqual({ Code: 404, Message: '栏目不存在', Data: null });
    expect((await save({ Name: '站内', WebUrl: '/menuList?MenuId=1' })).Code).toBe(200);
  });

  it('keeps the tree three levels deep and free of cycles', async () => {
    expect(await save({ Name: '第四级', ParentId: ids.local })).toEqual({ Code: 400, Message: '栏目最多三级，不能再添加下级栏目', Data: null });
    // 政策要闻 brings 地方政策 along: under 内部通知 the pair would reach a fourth level.
    expect(await save({ MenuId: ids.policy, Name: '政策要闻', ParentId: ids.hidden })).toEqual({
      Code: 400,
      Message: '栏目最多三级，不能再添加下级栏目',
      Data: null,
    });
    expect(await save({ MenuId: ids.news, Name: '新闻中心', ParentId: ids.policy })).toEqual({
      Code: 400,
      Message: '上级栏目不能是当前栏目或其下级栏目',
      Data: null,
    });
    expect(await save({ MenuId: ids.news, Name: '新闻中心', ParentId: ids.news })).toEqual({
      Code: 400,
      Message: '上级栏目不能是当前栏目或其下级栏目',
      Data: null,
    });
    // Moving a whole branch to the top is fine, and so is moving it back. Type blank: by its new
    // level (left out, an edit keeps the menu's type).
    expect((await save({ MenuId: ids.policy, Name: '政策要闻', ParentId: 0, Type: '' })).Code).toBe(200);
    expect((await c.call<MenuDto>(c.admin, 'GET', `GetMenuModel?menuid=${ids.policy}`)).Data).toMatchObject({
      ParentId: 0,
      Type: 1,
      ChildList: [{ Name: '地方政策' }],
    });
    expect((await save({ MenuId: ids.policy, Name: '政策要闻', ParentId: ids.news, Type: '', SortNumber: 1 })).Code).toBe(200);
  });

  it('refuses to delete a menu with children or articles, then deletes it when empty', async () => {
    expect(await c.call(c.admin, 'POST', 'DelMenu', { MenuId: ids.policy })).toEqual({ Code: 400, Message: '该栏目下有子栏目，不能删除', Data: null });
    const db = c.t.app.services.database.db;
    const articles = [await insertNews(db, { menuId: ids.local, title: '甲' }), await insertNews(db, { menuId: ids.local, title: '乙', status: 0 })];
    expect(await c.call(c.admin, 'POST', 'DelMenu', { MenuId: ids.local })).toEqual({
      Code: 400,
      Message: '该栏目下有2篇文章，请先移动或删除文章',
      Data: null,
    });
    await db.deleteFrom('news').where('id', 'in', articles).execute();
    expect(await c.call(c.admin, 'POST', 'DelMenu', { MenuId: ids.local })).toEqual({ Code: 200, Message: '操作成功', Data: null });
    expect(await c.call(c.admin, 'POST', 'DelMenu', { MenuId: ids.local })).toEqual({ Code: 404, Message: '栏目不存在', Data: null });
    const policy = (await publicTree()).find((m) => m.Name === '新闻中心')?.ChildList[0];
    expect(policy).toMatchObject({ Name: '政策要闻', ChildList: [] });
  });

  it('lets a 内容编辑 manage menus and records each write in the audit log', async () => {
    const saved = await save({ Name: '编辑新增' }, c.editor);
    expect(saved.Code).toBe(200);
    expect((await c.call(c.editor, 'POST', 'DelMenu', { MenuId: saved.Data })).Code).toBe(200);
    const audit = await c.t.app.services.database.db
      .selectFrom('audit_logs')
      .select(['account', 'action', 'target', 'target_id', 'result', 'detail'])
      .where('account', '=', 'editor')
      .where('action', 'like', 'content:%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { account: 'editor', action: 'content:menu:add', target: '栏目', target_id: String(saved.Data), result: 1, detail: '编辑新增' },
      { account: 'editor', action: 'content:menu:delete', target: '栏目', target_id: String(saved.Data), result: 1, detail: '编辑新增' },
    ]);
  });

  it('guards every call', async () => {
    await expectGuarded(c, [
      ['GET', 'GetMenuList'],
      ['GET', `GetMenuModel?menuid=${ids.news}`],
      ['POST', 'SaveMenu', { Name: '入侵' }],
      ['POST', 'SaveMenu', { MenuId: ids.news, Name: '入侵' }],
      ['POST', 'DelMenu', { MenuId: ids.home }],
    ]);
    expect((await c.call<MenuDto>(c.admin, 'GET', `GetMenuModel?menuid=${ids.news}`)).Data.Name).toBe('新闻中心');
    expect((await c.call(c.admin, 'GET', `GetMenuModel?menuid=${ids.home}`)).Code).toBe(200);
  });
});
