import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPositionDto, ListDto, PositionItemDto } from '@portal/shared';
import { createContentAdminTest, expectGuarded, type ContentAdminTest } from '../../../test/content-admin.js';
import { insertMenu, insertNews, timeAt } from '../../../test/fixtures.js';
import { engines, envelope } from '../../../test/harness.js';

describe.each(engines)('back-office home positions on %s', (engine) => {
  let c: ContentAdminTest;
  const news = {} as Record<'a' | 'b' | 'c' | 'closed', number>;
  const placements = async (query = '') => (await c.call<ListDto<AdminPositionDto>>(c.admin, 'GET', `GetNewPositionList?pagesize=100&${query}`)).Data;
  const homeTab = async (seat: number) =>
    envelope<ListDto<PositionItemDto>>(await c.t.app.inject({ method: 'GET', url: `/api/XfWebApi/GetNewPositionList?seat=${seat}&pagesize=12` })).Data.List.map(
      (i) => i.Title,
    );
  const idOf = async (seat: number, newsId: number) => {
    const found = (await placements(`seat=${seat}`)).List.find((p) => p.NewsId === newsId);
    if (!found) throw new Error(`article ${newsId} is not in seat ${seat}`);
    return found.Id;
  };

  beforeAll(async () => {
    c = await createContentAdminTest(engine);
    const db = c.t.app.services.database.db;
    const menu = await insertMenu(db, { name: '政策要闻' });
    news.a = await insertNews(db, { menuId: menu, title: '政策甲', newsCreateTime: timeAt(1) });
    news.b = await insertNews(db, { menuId: menu, title: '政策乙', newsCreateTime: timeAt(2) });
    news.c = await insertNews(db, { menuId: menu, title: '政策丙', newsCreateTime: timeAt(3) });
    news.closed = await insertNews(db, { menuId: menu, title: '已关闭', newsCreateTime: timeAt(4), status: 0 });
  });
  afterAll(() => c.t.close());

  it('puts articles into a seat, leaving those already there as they are', async () => {
    expect(await c.call(c.admin, 'POST', 'SaveSelectPosition', { Seat: 1, NewsId: [news.a, news.b] })).toEqual({ Code: 200, Message: '操作成功', Data: 2 });
    expect(await homeTab(1)).toEqual(['政策乙', '政策甲']);
    // 政策甲 is in seat 1 already: only 政策丙 is added.
    expect((await c.call(c.admin, 'POST', 'SaveSelectPosition', { Seat: 1, NewsId: `${news.a},${news.c}` })).Data).toBe(1);
    expect((await c.call(c.admin, 'POST', 'SaveSelectPosition', { Seat: 2, NewsId: news.closed })).Data).toBe(1);
    const list = await placements();
    expect(list.TotalCount).toBe(4);
    expect(list.List.map((p) => [p.Seat, p.Title])).toEqual([
      [1, '政策丙'],
      [1, '政策乙'],
      [1, '政策甲'],
      [2, '已关闭'],
    ]);
    expect(list.List[3]).toMatchObject({
      Seat: 2,
      SortNumber: 0,
      Status: 1,
      NewsId: news.closed,
      NewsStatus: 0,
      MenuName: '政策要闻',
      IsTop: false,
      NewsCreateTime: timeAt(4),
    });
    // The public tab shows published articles only.
    expect(await homeTab(2)).toEqual([]);
  });

  it('orders a seat by the sort numbers set inline', async () => {
    expect(await c.call(c.admin, 'POST', 'UpdateSortNumber', { Id: await idOf(1, news.a), SortNumber: 1 })).toEqual({
      Code: 200,
      Message: '操作成功',
      Data: null,
    });
    await c.call(c.admin, 'POST', 'UpdateSortNumber', { Id: await idOf(1, news.b), SortNumber: 2 });
    await c.call(c.admin, 'POST', 'UpdateSortNumber', { Id: await idOf(1, news.c), SortNumber: 3 });
    expect(await homeTab(1)).toEqual(['政策甲', '政策乙', '政策丙']);
    expect((await placements('seat=1')).List.map((p) => p.SortNumber)).toEqual([1, 2, 3]);
    for (const SortNumber of [-1, 1_000_000, 1.5, 'abc', undefined]) {
      expect(await c.call(c.admin, 'POST', 'UpdateSortNumber', { Id: await idOf(1, news.a), SortNumber }), String(SortNumber)).toEqual({
        Code: 400,
        Message: '排序号需为0至999999的整数',
        Data: null,
      });
    }
    expect(await c.call(c.admin, 'POST', 'UpdateSortNumber', { Id: 999999, SortNumber: 1 })).toEqual({ Code: 404, Message: '推荐位记录不存在', Data: null });
  });

  it('switches a placement off and on', async () => {
    const id = await idOf(1, news.b);
    expect((await c.call(c.admin, 'POST', 'EditNewPositionStatus', { Id: id, Status: 0 })).Code).toBe(200);
    expect(await homeTab(1)).toEqual(['政策甲', '政策丙']);
    expect((await placements('status=0')).List.map((p) => p.Title)).toEqual(['政策乙']);
    expect((await c.call(c.admin, 'POST', 'EditNewPositionStatus', { Id: id, Status: 1 })).Code).toBe(200);
    expect(await homeTab(1)).toEqual(['政策甲', '政策乙', '政策丙']);
    expect(await c.call(c.admin, 'POST', 'EditNewPositionStatus', { Id: id, Status: 2 })).toEqual({ Code: 400, Message: '状态只能是0或1', Data: null });
    expect(await c.call(c.admin, 'POST', 'EditNewPositionStatus', { Id: 999999, Status: 1 })).toEqual({ Code: 404, Message: '推荐位记录不存在', Data: null });
  });

  it('filters the list by seat and title and pages it', async () => {
    expect((await placements(`key=${encodeURIComponent('丙')}`)).List.map((p) => p.Title)).toEqual(['政策丙']);
    expect((await placements('seat=2')).List.map((p) => p.Title)).toEqual(['已关闭']);
    const page = (await c.call<ListDto<AdminPositionDto>>(c.admin, 'GET', 'GetNewPositionList?pageindex=2&pagesize=3')).Data;
    expect(page).toMatchObject({ TotalCount: 4, List: [{ Title: '已关闭' }] });
    expect(await c.call(c.admin, 'GET', 'GetNewPositionList?seat=5')).toEqual({ Code: 400, Message: '推荐位只能是1至4', Data: null });
  });

  it('refuses a bad seat or unknown articles', async () => {
    expect(await c.call(c.admin, 'POST', 'SaveSelectPosition', { Seat: 0, NewsId: [news.a] })).toEqual({ Code: 400, Message: '推荐位只能是1至4', Data: null });
    expect(await c.call(c.admin, 'POST', 'SaveSelectPosition', { Seat: 5, NewsId: [news.a] })).toEqual({ Code: 400, Message: '推荐位只能是1至4', Data: null });
    expect(await c.call(c.admin, 'POST', 'SaveSelectPosition', { Seat: 3, NewsId: [] })).toEqual({ Code: 400, Message: '请选择文章', Data: null });
    expect(await c.call(c.admin, 'POST', 'SaveSelectPosition', { Seat: 3, NewsId: [news.a, 999999] })).toEqual({
      Code: 404,
      Message: '文章不存在或已删除',
      Data: null,
    });
    expect((await placements('seat=3')).TotalCount).toBe(0);
  });

  it('takes placements out of their seats', async () => {
    const ids = [await idOf(1, news.a), await idOf(2, news.closed)];
    expect(await c.call(c.admin, 'POST', 'DelNewPosition', { Id: ids })).toEqual({ Code: 200, Message: '操作成功', Data: 2 });
    expect(await homeTab(1)).toEqual(['政策乙', '政策丙']);
    expect((await placements()).TotalCount).toBe(2);
    expect(await c.call(c.admin, 'POST', 'DelNewPosition', { Id: ids })).toEqual({ Code: 404, Message: '推荐位记录不存在', Data: null });
  });

  it('lets a 内容编辑 manage positions and guards every call', async () => {
    const id = await idOf(1, news.b);
    expect((await c.call(c.editor, 'POST', 'UpdateSortNumber', { Id: id, SortNumber: 9 })).Code).toBe(200);
    await expectGuarded(c, [
      ['GET', 'GetNewPositionList'],
      ['POST', 'SaveSelectPosition', { Seat: 4, NewsId: [news.a] }],
      ['POST', 'UpdateSortNumber', { Id: id, SortNumber: 0 }],
      ['POST', 'EditNewPositionStatus', { Id: id, Status: 0 }],
      ['POST', 'DelNewPosition', { Id: id }],
    ]);
    expect((await placements('seat=1')).List.find((p) => p.Id === id)).toMatchObject({ SortNumber: 9, Status: 1 });
    expect((await placements('seat=4')).TotalCount).toBe(0);
  });
});
