import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListDto, PositionItemDto } from '@portal/shared';
import { createTestApp, engines, envelope, type TestApp } from '../../../test/harness.js';
import { insertMenu, insertNews, insertPosition, timeAt } from '../../../test/fixtures.js';

describe.each(engines)('home page seats on %s', (engine) => {
  let t: TestApp;
  const get = async (url: string) => envelope<ListDto<PositionItemDto>>(await t.app.inject({ method: 'GET', url: `/api/XfWebApi/${url}` }));
  const titles = (l: ListDto<PositionItemDto>) => l.List.map((n) => n.Title);

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.app.services.database.db;
    const menuId = await insertMenu(db, { name: '政策要闻' });
    const article = (title: string, minute: number, more: Partial<Parameters<typeof insertNews>[1]> = {}) =>
      insertNews(db, { menuId, title, newsCreateTime: timeAt(minute), ...more });
    const older = await article('较早的要闻', 10);
    const newer = await article('较新的要闻', 20);
    const first = await article('置顶推荐', 5);
    const memberOnly = await article('会员专享', 30, { isMemberRead: true, content: '<p>会员内容</p>' });
    const withdrawn = await article('已撤回', 40, { status: 0 });
    const disabled = await article('推荐已停用', 50);
    // Equal sort numbers fall back to the newest article first.
    await insertPosition(db, { seat: 1, newsId: older, sortNumber: 2 });
    await insertPosition(db, { seat: 1, newsId: newer, sortNumber: 2 });
    await insertPosition(db, { seat: 1, newsId: first, sortNumber: 1 });
    await insertPosition(db, { seat: 1, newsId: memberOnly, sortNumber: 3 });
    await insertPosition(db, { seat: 1, newsId: withdrawn, sortNumber: 0 });
    await insertPosition(db, { seat: 1, newsId: disabled, sortNumber: 0, status: 0 });
    await insertPosition(db, { seat: 2, newsId: older, sortNumber: 1 });
  });
  afterAll(() => t.close());

  it("lists a seat's enabled placements of published articles in placement order", async () => {
    const body = await get('GetNewPositionList?seat=1&pageindex=1&pagesize=12');
    expect(body.Code).toBe(200);
    expect(titles(body.Data)).toEqual(['置顶推荐', '较新的要闻', '较早的要闻', '会员专享']);
    expect(body.Data.TotalCount).toBe(4);
    expect(body.Data.List[0]).toMatchObject({ Seat: 1, SortNumber: 1, MenuName: '政策要闻', Summary: '置顶推荐', IsMemberRead: false });
    expect(body.Data.List[3]).toMatchObject({ Seat: 1, SortNumber: 3, IsMemberRead: true, Summary: '' });
  });

  it('pages with any spelling of the parameters', async () => {
    const body = await get('GetNewPositionList?Seat=1&PageIndex=2&PageSize=3');
    expect(titles(body.Data)).toEqual(['会员专享']);
    expect(body.Data.TotalCount).toBe(4);
  });

  it('keeps the seats apart and answers an empty seat with an empty list', async () => {
    expect(titles((await get('GetNewPositionList?seat=2')).Data)).toEqual(['较早的要闻']);
    expect((await get('GetNewPositionList?seat=4')).Data).toEqual({ List: [], TotalCount: 0 });
  });

  it('refuses a seat outside 1 to 4', async () => {
    for (const seat of ['0', '5', '-1', 'abc', '1.5', '']) {
      expect(await get(`GetNewPositionList?seat=${seat}`)).toEqual({ Code: 400, Message: '参数错误', Data: null });
    }
    expect(await get('GetNewPositionList')).toEqual({ Code: 400, Message: '参数错误', Data: null });
  });
});
