import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BannerDto } from '@portal/shared';
import { createTestApp, enginesFor, envelope, type TestApp } from '../../../test/harness.js';
import { insertBanner } from '../../../test/fixtures.js';

describe.each(enginesFor('neutral'))('banners on %s', (engine) => {
  let t: TestApp;
  const get = async (url: string) => envelope<BannerDto[]>(await t.app.inject({ method: 'GET', url: `/api/XfWebApi/${url}` }));

  beforeAll(async () => {
    t = await createTestApp(engine, { assetBaseUrl: 'https://cdn.example.com' });
    const db = t.app.services.database.db;
    await insertBanner(db, {
      title: '第二张',
      imageUrl: '/uploads/b.png',
      jumpUrl: '/info?MenuId=1&NewsId=2',
      sortNumber: 2,
      createdAt: '2024-05-01 08:00:00',
    });
    await insertBanner(db, { title: '第一张', imageUrl: 'https://img.example.org/a.png', sortNumber: 1 });
    await insertBanner(db, { title: '已停用', imageUrl: '/uploads/c.png', sortNumber: 0, status: 0 });
    await insertBanner(db, { type: 1, title: '其他位置', imageUrl: '/uploads/d.png' });
  });
  afterAll(() => t.close());

  it('lists the enabled banners of a type in sort order, images from the asset base', async () => {
    const body = await get('GetBannerList?type=2');
    expect(body.Code).toBe(200);
    expect(body.Data.map((b) => b.Title)).toEqual(['第一张', '第二张']);
    expect(body.Data[0]?.ImageUrl).toBe('https://img.example.org/a.png');
    expect(body.Data[1]).toMatchObject({
      Type: 2,
      Title: '第二张',
      ImageUrl: 'https://cdn.example.com/uploads/b.png',
      JumpUrl: '/info?MenuId=1&NewsId=2',
      SortNumber: 2,
      CreateTime: '2024-05-01 08:00:00',
    });
  });

  it('answers the carousel banners without a type and other types when asked', async () => {
    expect((await get('GetBannerList')).Data.map((b) => b.Title)).toEqual(['第一张', '第二张']);
    expect((await get('GetBannerList?Type=1')).Data.map((b) => b.Title)).toEqual(['其他位置']);
    expect((await get('GetBannerList?type=7')).Data).toEqual([]);
  });

  it('refuses a malformed type', async () => {
    expect(await get('GetBannerList?type=abc')).toEqual({ Code: 400, Message: '参数错误', Data: null });
  });
});
