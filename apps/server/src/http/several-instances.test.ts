import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { Engine } from '../db/connection.js';
import { flushViews } from '../features/news/views.js';
import { MAX_FAILED_LOGINS } from '../features/system/auth/lockout.js';
import { ADMIN_PASSWORD, adminCall, attemptLogin, captcha, createAdmin, createAdminTestApp, loginAdmin } from '../../test/admin.js';
import { createTestApp, engines, envelope, secondInstance, type TestApp } from '../../test/harness.js';
import { insertMenu, insertNews, timeAt } from '../../test/fixtures.js';
import { startRedis, type TestRedis } from '../../test/redis.js';

/**
 * Two instances of the site on one database, as behind a load balancer (or during a rolling
 * restart on one SQLite file): what one instance learns (a session, a captcha, failed sign-ins,
 * views), the other sees. Rate-limit counters are shared in PostgreSQL or Redis.
 */

describe.each(engines)('two instances on one %s database', (engine) => {
  let a: TestApp;
  let b: TestApp;
  let articleId: number;
  beforeAll(async () => {
    a = await createAdminTestApp(engine);
    // Written before either instance reads menus: telling the other instance's caches of a
    // write is not what this suite checks.
    const menuId = await insertMenu(a.app.services.database.db, { name: '政策要闻' });
    articleId = await insertNews(a.app.services.database.db, { menuId, title: '两个实例的阅读数', newsCreateTime: timeAt(1) });
    b = await secondInstance(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('signs in on one instance and is known on the other', async () => {
    const token = await loginAdmin(a);
    const me = await adminCall<{ Account: string }>(b, token, 'GET', '/api/XfSystemApi/GetLoginUser');
    expect(me.Code).toBe(200);
    expect(me.Data.Account).toBe('admin');
  });

  it('accepts on one instance the captcha issued by the other', async () => {
    const { ticket, answer } = await captcha(a);
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/XfSystemApi/Login',
      payload: { Account: 'admin', Password: ADMIN_PASSWORD, TreeCode: answer, FullName: ticket },
    });
    expect(envelope(res).Code).toBe(200);
  });

  it('locks an account on both instances after failures spread over both', async () => {
    await createAdmin(a, await loginAdmin(a), 'editor2', '内容编辑');
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) expect((await attemptLogin(i % 2 ? a : b, 'editor2', 'wrong-password')).Code).toBe(400);
    const locked = await attemptLogin(a, 'editor2', ADMIN_PASSWORD);
    expect(locked.Message).toMatch(/账号已锁定/);
    expect(await attemptLogin(b, 'editor2', ADMIN_PASSWORD)).toMatchObject({ Code: 400, Message: locked.Message });
  });

  it('adds up the views counted by both', async () => {
    const db = a.app.services.database.db;
    const views = async () => (await db.selectFrom('news').select('views').where('id', '=', articleId).executeTakeFirstOrThrow()).views;
    const before = await views();
    const read = (t: TestApp) => t.app.inject({ method: 'GET', url: `/api/XfWebApi/GetNewsDetail?newsid=${articleId}` });
    for (const t of [a, b, a, b, a]) expect(envelope(await read(t))).toMatchObject({ Code: 200 });
    // One after the other: two SQLite connections in one thread cannot wait for each other's
    // write (instances are separate processes, where busy_timeout waits).
    await flushViews(a.app.services.database);
    await flushViews(b.app.services.database);
    expect((await views()) - before).toBe(5);
  });
});

/** Requests to GetCode from one address, alternating between the instances; answers the status codes. */
async function captchasAlternating(a: TestApp, b: TestApp, count: number, address: string): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await (i % 2 ? b : a).app.inject({ method: 'GET', url: '/api/XfSystemApi/GetCode', headers: { 'x-forwarded-for': address } });
    codes.push(res.statusCode);
  }
  return codes;
}

/** Where the counters are shared: PostgreSQL itself (with TEST_DATABASE_URL), and Redis on either engine. */
const counterStores: [string, Engine][] = [
  ...(engines.includes('postgres') ? [['PostgreSQL', 'postgres'] as [string, Engine]] : []),
  ['Redis', engines.at(-1)!],
];

describe.each(counterStores)('rate limits counted across two instances in %s', (store, engine) => {
  // Two sign-ins a minute: GetCode allows three times that, 6 per address.
  const adminSession = { ...loadConfig({}).adminSession, loginsPerMinute: 2 };
  let redis: TestRedis | undefined;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    redis = store === 'Redis' ? await startRedis() : undefined;
    a = await createTestApp(engine, { adminSession, redisUrl: redis?.url });
    b = await secondInstance(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await redis?.stop();
  });

  it('refuses the requests over the limit whichever instance they reach', async () => {
    expect(await captchasAlternating(a, b, 8, '198.51.100.7')).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    // Another address has its own count.
    expect(await captchasAlternating(a, b, 2, '198.51.100.8')).toEqual([200, 200]);
  });
});
