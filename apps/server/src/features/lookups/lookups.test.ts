import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCst, type TypeItemDto } from '@portal/shared';
import { createTestApp, enginesFor, envelope, type TestApp } from '../../../test/harness.js';

describe.each(enginesFor('neutral'))('lookup lists on %s', (engine) => {
  let t: TestApp;
  const get = async (url: string) => envelope<TypeItemDto[]>(await t.app.inject({ method: 'GET', url: `/api/XfWebApi/${url}` }));

  beforeAll(async () => {
    t = await createTestApp(engine);
    const created_at = formatCst();
    await t.app.services.database.db
      .insertInto('type_items')
      .values([
        { type: 1, name: '施工企业', sort_number: 2, status: 1, created_at },
        { type: 1, name: '保险公司', sort_number: 1, status: 1, created_at },
        { type: 1, name: '已停用类型', sort_number: 0, status: 0, created_at },
        { type: 2, name: '理事单位', sort_number: 1, status: 1, created_at },
        { type: 3, name: '其他', sort_number: 1, status: 1, created_at },
      ])
      .execute();
  });
  afterAll(() => t.close());

  it('lists the enabled entries of a list in sort order', async () => {
    const body = await get('GetTypeList?type=1');
    expect(body.Code).toBe(200);
    expect(body.Data).toEqual([
      { Id: expect.any(Number), Type: 1, Name: '保险公司', SortNumber: 1 },
      { Id: expect.any(Number), Type: 1, Name: '施工企业', SortNumber: 2 },
    ]);
    expect((await get('GetTypeList?Type=2')).Data.map((i) => i.Name)).toEqual(['理事单位']);
    expect((await get('GetTypeList?type=3')).Data.map((i) => i.Name)).toEqual(['其他']);
  });

  it('refuses a missing or unknown type', async () => {
    for (const query of ['', '?type=', '?type=0', '?type=4', '?type=abc', '?type=1.5']) {
      expect(await get(`GetTypeList${query}`)).toEqual({ Code: 400, Message: '参数错误', Data: null });
    }
  });
});
