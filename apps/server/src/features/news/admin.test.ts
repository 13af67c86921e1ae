import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminNewsItemDto, ListDto, NewsDetailDto, NewsListItemDto } from '@portal/shared';
import { createContentAdminTest, expectGuarded, type ContentAdminTest } from '../../../test/content-admin.js';
import { insertMenu, insertNews, insertPosition, timeAt } from '../../../test/fixtures.js';
import { engines, envelope } from '../../../test/harness.js';

describe.each(engines)('back-office articles on %s', (engine) => {
  let c: ContentAdminTest;
  const menus = {} as Record<'center' | 'policy' | 'local' | 'notices', number>;
  const save = (body: Record<string, unknown>, token = c.admin) => c.call<number>(token, 'POST', 'SaveNews', body);
  const detail = (id: number) => c.call<NewsDetailDto>(c.admin, 'GET', `GetNewsDetail?newsid=${id}`);
  const adminList = async (query: string) => (await c.call<ListDto<AdminNewsItemDto>>(c.admin, 'GET', `GetNewsList?pagesize=100&${query}`)).Data;
  const titles = (l: ListDto<NewsListItemDto>) => l.List.map((n) => n.Title);
  const publicGet = async <T>(url: string) => envelope<T>(await c.t.app.inject({ method: 'GET', url: `/api/XfWebApi/${url}` }));

  beforeAll(async () => {
    c = await createContentAdminTest(engine);
    const db = c.t.app.services.database.db;
    menus.center = await insertMenu(db, { name: '新闻中心' });
    menus.policy = await insertMenu(db, { name: '政策要闻', parentId: menus.center });
    menus.local = await insertMenu(db, { name: '地方政策', parentId: menus.policy, status: 0 });
    menus.notices = await insertMenu(db, { name: '通知公告' });
    await insertNews(db, { menuId: menus.policy, title: '监管办法解读', newsCreateTime: timeAt(10), isTop: true });
    await insertNews(db, { menuId: menus.local, title: '地方监管细则', newsCreateTime: timeAt(20), status: 0 });
    await insertNews(db, { menuId: menus.notices, title: '年会通知', newsCreateTime: timeAt(60 * 24 * 40), isMemberRead: true, author: '秘书处' });
    await insertNews(db, { menuId: menus.notices, title: '投稿审核中', newsCreateTime: timeAt(60 * 24 * 41), status: 3 });
  });
  afterAll(() => c.t.close());

  it('creates an article with every field and opens it for editing', async () => {
    const saved = await save({
      MenuId: menus.policy,
      Title: '  保险条款修订  ',
      NewContent: '<p style="text-indent: 2em;">修订<strong>要点</strong></p>',
      ImageUrl: '/uploads/202406/cover.png',
      Status: 1,
      IsTop: true,
      IsMemberRead: 1,
      NewsCreateTime: '2024-05-01',
      Author: '研究部',
    });
    expect(saved.Code, saved.Message).toBe(200);
    const article = await detail(saved.Data);
    expect(article.Data).toMatchObject({
      NewsId: saved.Data,
      MenuId: menus.policy,
      MenuName: '政策要闻',
      Title: '保险条款修订',
      NewContent: '<p style="text-indent: 2em;">修订<strong>要点</strong></p>',
      ImageUrl: '/uploads/202406/cover.png',
      Status: 1,
      IsTop: true,
      IsMemberRead: true,
      NewsCreateTime: '2024-05-01 00:00:00',
      Author: '研究部',
      Summary: '修订要点',
      AboutList: [],
    });
    // Opening it in the editor counts no view.
    expect((await detail(saved.Data)).Data.Views).toBe(0);
  });

  it('defaults the publish time to now and keeps it when an edit leaves it blank', async () => {
    const saved = await save({ MenuId: menus.notices, Title: '新通知' });
    const created = (await detail(saved.Data)).Data;
    expect(created.NewsCreateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(created).toMatchObject({ Status: 1, IsTop: false, IsMemberRead: false, NewContent: '', ImageUrl: '', Author: '' });
    expect((await save({ NewsId: saved.Data, MenuId: menus.notices, Title: '新通知（更正）', NewsCreateTime: '' })).Code).toBe(200);
    expect((await detail(saved.Data)).Data).toMatchObject({ Title: '新通知（更正）', NewsCreateTime: created.NewsCreateTime });
    expect((await save({ NewsId: saved.Data, MenuId: menus.notices, Title: '新通知（更正）', NewsCreateTime: '2024-06-01 08:30' })).Code).toBe(200);
    expect((await detail(saved.Data)).Data.NewsCreateTime).toBe('2024-06-01 08:30:00');
  });

  it('stores the body sanitised, and its text for search', async () => {
    const saved = await save({
      MenuId: menus.notices,
      Title: '净化测试',
      NewContent: '<p onclick="steal()">安全正文<script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">链接</a>',
    });
    const stored = await c.t.app.services.database.db
      .selectFrom('news')
      .select(['content', 'body_text'])
      .where('id', '=', saved.Data)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ content: '<p>安全正文</p><img src="x"><a>链接</a>', body_text: '安全正文\n链接' });
    const found = await publicGet<ListDto<NewsListItemDto>>(`GetNewsList?key=${encodeURIComponent('安全正文')}`);
    expect(titles(found.Data)).toEqual(['净化测试']);
  });

  it('shows saves and deletes on the public site at once', async () => {
    const key = encodeURIComponent('即时生效');
    // Warm the kept totals and search results first.
    const before = (await publicGet<ListDto<NewsListItemDto>>(`GetNewsList?pid=${menus.policy}`)).Data.TotalCount;
    expect((await publicGet<ListDto<NewsListItemDto>>(`GetNewsList?key=${key}`)).Data.TotalCount).toBe(0);
    const saved = await save({ MenuId: menus.policy, Title: '即时生效的文章' });
    expect((await publicGet<ListDto<NewsListItemDto>>(`GetNewsList?pid=${menus.policy}`)).Data.TotalCount).toBe(before + 1);
    expect(titles((await publicGet<ListDto<NewsListItemDto>>(`GetNewsList?key=${key}`)).Data)).toEqual(['即时生效的文章']);
    await save({ NewsId: saved.Data, MenuId: menus.policy, Title: '即时生效的文章', Status: 0 });
    expect((await publicGet<ListDto<NewsListItemDto>>(`GetNewsList?pid=${menus.policy}`)).Data.TotalCount).toBe(before);
    expect((await publicGet<NewsDetailDto>(`GetNewsDetail?newsid=${saved.Data}`)).Data.NewContent).toBe('');
    expect((await c.call(c.admin, 'POST', 'DelNews', { NewsId: saved.Data })).Data).toBe(1);
    expect((await publicGet<ListDto<NewsListItemDto>>(`GetNewsList?key=${key}`)).Data.TotalCount).toBe(0);
  });

  it('refuses invalid fields with their messages', async () => {
    const ok = { MenuId: menus.policy, Title: '标题' };
    const cases: [Record<string, unknown>, string][] = [
      [{ MenuId: menus.policy }, '请输入标题'],
      [{ ...ok, Title: '  ' }, '请输入标题'],
      [{ ...ok, Title: '标'.repeat(201) }, '标题不能超过200个字'],
      [{ Title: '标题' }, '请选择所属菜单'],
      [{ ...ok, MenuId: 0 }, '请选择所属菜单'],
      [{ ...ok, MenuId: '' }, '请选择所属菜单'],
      [{ ...ok, Status: 6 }, '文章状态只能是0至5'],
      [{ ...ok, Status: -1 }, '文章状态只能是0至5'],
      [{ ...ok, NewsCreateTime: '2024-02-30' }, '发布时间格式应为yyyy-MM-dd HH:mm:ss'],
      [{ ...ok, NewsCreateTime: '昨天' }, '发布时间格式应为yyyy-MM-dd HH:mm:ss'],
      [{ ...ok, NewsCreateTime: '2024-01-01 24:00:00' }, '发布时间格式应为yyyy-MM-dd HH:mm:ss'],
      [{ ...ok, ImageUrl: 'javascript:alert(1)' }, '地址需以http://或https://开头，或为以/开头的站内路径'],
      [{ ...ok, Author: '作'.repeat(101) }, '作者不能超过100个字'],
      [{ ...ok, MenuId: 999999 }, '栏目不存在'],
    ];
    for (const [body, message] of cases) expect(await save(body), JSON.stringify(body)).toEqual({ Code: 400, Message: message, Data: null });
    expect(await save({ ...ok, NewsId: 999999 })).toEqual({ Code: 404, Message: '文章不存在或已删除', Data: null });
    expect(await detail(999999)).toEqual({ Code: 404, Message: '文章不存在或已删除', Data: null });
    // The review states of contributions are accepted too.
    expect((await save({ ...ok, Title: '审核中', Status: 3 })).Code).toBe(200);
  });

  it('lists every article newest first, filtered by title, menu with its sub-menus, flags and dates', async () => {
    const all = await adminList('');
    expect(all.TotalCount).toBeGreaterThanOrEqual(8);
    expect(all.List.map((n) => n.NewsCreateTime)).toEqual([...all.List.map((n) => n.NewsCreateTime)].sort().reverse());
    expect(titles(await adminList(`key=${encodeURIComponent('监管')}`))).toEqual(['地方监管细则', '监管办法解读']);
    // 政策要闻 covers 地方政策 (hidden, with a closed article) too.
    expect(titles(await adminList(`menuid=${menus.policy}&key=${encodeURIComponent('监管')}`))).toEqual(['地方监管细则', '监管办法解读']);
    expect(titles(await adminList(`menuid=${menus.local}`))).toEqual(['地方监管细则']);
    expect(titles(await adminList(`menuid=${menus.notices}&status=3`))).toEqual(['投稿审核中']);
    expect(titles(await adminList(`menuid=${menus.notices}&ismemberread=1`))).toEqual(['年会通知']);
    expect(titles(await adminList(`menuid=${menus.policy}&istop=1&start=2024-01-01&end=2024-01-01`))).toEqual(['监管办法解读']);
    expect(titles(await adminList('start=2024-02-10&end=2024-02-10'))).toEqual(['年会通知']);
    const notice = (await adminList(`key=${encodeURIComponent('年会')}`)).List[0];
    expect(notice).toMatchObject({ Title: '年会通知', MenuName: '通知公告', Author: '秘书处', Views: 0, IsMemberRead: true, Status: 1 });
    const page = await c.call<ListDto<AdminNewsItemDto>>(c.admin, 'GET', 'GetNewsList?pageindex=2&pagesize=2');
    expect(page.Data.List.map((n) => n.NewsId)).toEqual(all.List.slice(2, 4).map((n) => n.NewsId));
    expect((await c.call(c.admin, 'GET', 'GetNewsList?menuid=999999')).Code).toBe(404);
    expect((await c.call(c.admin, 'GET', 'GetNewsList?start=2024/01/01')).Message).toBe('日期格式应为yyyy-MM-dd');
  });

  it('deletes one article or several in one go, with their home positions', async () => {
    const db = c.t.app.services.database.db;
    const ids = [];
    for (const title of ['删一', '删二', '删三', '删四']) ids.push(await insertNews(db, { menuId: menus.notices, title }));
    const [one, two, three, four] = ids as [number, number, number, number];
    await insertPosition(db, { seat: 1, newsId: two });
    await insertPosition(db, { seat: 2, newsId: three });
    expect(await c.call(c.admin, 'POST', 'DelNews', { NewsId: one })).toEqual({ Code: 200, Message: '操作成功', Data: 1 });
    expect((await c.call(c.admin, 'POST', 'DelNews', { NewsId: [two, three, 999999] })).Data).toBe(2);
    expect((await c.call(c.admin, 'POST', 'DelNews', { NewsId: `${four}` })).Data).toBe(1);
    expect(await db.selectFrom('news').select('id').where('id', 'in', ids).execute()).toEqual([]);
    expect(await db.selectFrom('positions').select('id').where('news_id', 'in', ids).execute()).toEqual([]);
    expect(await c.call(c.admin, 'POST', 'DelNews', { NewsId: one })).toEqual({ Code: 404, Message: '文章不存在或已删除', Data: null });
    expect(await c.call(c.admin, 'POST', 'DelNews', { NewsId: [] })).toEqual({ Code: 400, Message: '请选择文章', Data: null });
    expect(await c.call(c.admin, 'POST', 'DelNews', {})).toEqual({ Code: 400, Message: '请选择文章', Data: null });
    expect((await c.call(c.admin, 'POST', 'DelNews', { NewsId: 'abc' })).Code).toBe(400);
  });

  it('lets a 内容编辑 write articles and guards every call', async () => {
    const saved = await save({ MenuId: menus.notices, Title: '编辑的文章' }, c.editor);
    expect(saved.Code).toBe(200);
    await expectGuarded(c, [
      ['GET', 'GetNewsList'],
      ['GET', `GetNewsDetail?newsid=${saved.Data}`],
      ['POST', 'SaveNews', { MenuId: menus.notices, Title: '入侵' }],
      ['POST', 'SaveNews', { NewsId: saved.Data, MenuId: menus.notices, Title: '入侵' }],
      ['POST', 'DelNews', { NewsId: saved.Data }],
    ]);
    expect((await detail(saved.Data)).Data.Title).toBe('编辑的文章');
  });
});
