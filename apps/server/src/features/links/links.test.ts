import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCst } from '@portal/shared';
import { createTestApp, enginesFor, envelope, type TestApp } from '../../../test/harness.js';

describe.each(enginesFor('neutral'))('friendly links on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const now = formatCst();
    await t.app.services.database.db
      .insertInto('friend_links')
      .values([
        { title: '住房和城乡建设部', url: 'https://www.mohurd.gov.cn', sort_number: 2, status: 1, created_at: now },
        { title: '国家金融监督管理总局', url: 'https://www.nfra.gov.cn', sort_number: 1, status: 1, created_at: now },
        { title: '已停用链接', url: 'https://example.org', sort_number: 0, status: 0, created_at: now },
      ])
      .execute();
  });
  afterAll(() => t.close());

  it('lists enabled links in sort order with the spec field names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetWebFriendlinks' });
    expect(res.statusCode).toBe(200);
    const body = envelope<Array<{ Title: string; Friendlinks: string }>>(res);
    expect(body.Code).toBe(200);
    expect(body.Data.map((l) => l.Title)).toEqual(['国家金融监督管理总局', '住房和城乡建设部']);
    expect(body.Data[0]?.Friendlinks).toBe('https://www.nfra.gov.cn');
  });

  it('matches call names case-insensitively and answers unknown calls with a 404 envelope', async () => {
    const same = await t.app.inject({ method: 'GET', url: '/api/xfwebapi/getwebfriendlinks' });
    expect(envelope(same).Code).toBe(200);
    const missing = await t.app.inject({ method: 'GET', url: '/api/XfWebApi/NoSuchCall' });
    expect(missing.statusCode).toBe(404);
    expect(envelope(missing)).toEqual({ Code: 404, Message: '访问资源不存在', Data: null });
  });

  it('answers healthz once the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
