import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cstDate } from '@portal/shared';
import { createTestApp, engines, envelope, type TestApp } from '../../../test/harness.js';
import { flushHits } from '../statistics/hits.js';

const SCRIPT = 'https://hm.example.com/hm.js?abc';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const BAIDU_SPIDER = 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)';

describe.each(engines)('visit counter on %s', (engine) => {
  let t: TestApp;
  const get = async (app: TestApp, call: string) => envelope<number>(await app.app.inject({ method: 'GET', url: `/api/XfWebApi/${call}` }));
  /** A page view as 访问统计 counts it (the beacon; a page the server gives is counted the same way). */
  const view = (userAgent: string, address: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/XfWebApi/TrackPageView',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': userAgent, 'x-forwarded-for': address },
      payload: JSON.stringify({ Path: '/home' }),
    });
  const today = async () =>
    (await t.app.services.database.db.selectFrom('visit_counts').select('count').where('day', '=', cstDate()).executeTakeFirst())?.count ?? 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    // A day counted by the counter that came before 访问统计.
    await t.app.services.database.db.insertInto('visit_counts').values({ day: '2024-01-01', count: 100 }).execute();
  });
  afterAll(() => t.close());

  it('answers the total of all days without counting the call itself', async () => {
    expect(await get(t, 'GetCountWebCount')).toEqual({ Code: 200, Message: '操作成功', Data: 100 });
    expect((await get(t, 'CountWebCount')).Data).toBe(100);
    expect((await get(t, 'countwebcount')).Data).toBe(100);
  });

  it('adds people’s page views, as 访问统计 writes them, and leaves robots out', async () => {
    for (const [userAgent, address] of [
      [CHROME, '1.2.4.8'],
      [CHROME, '1.2.4.8'],
      [IPHONE, '36.0.0.1'],
      [BAIDU_SPIDER, '180.76.15.1'],
    ] as const)
      expect((await view(userAgent, address)).json()).toMatchObject({ Code: 200 });
    await flushHits(t.app.services.database);
    expect((await get(t, 'CountWebCount')).Data).toBe(103);
    expect(await today()).toBe(3);
    // The counter and the statistics are one count: today's row equals today's raw views by people.
    const { n } = await t.app.services.database.db
      .selectFrom('stat_hits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('day', '=', cstDate())
      .where('bot', '=', '')
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(3);
  });

  it('loses no view when many arrive at once', async () => {
    const start = (await get(t, 'GetCountWebCount')).Data;
    await Promise.all(Array.from({ length: 20 }, (_, i) => view(CHROME, `1.2.5.${i}`)));
    await flushHits(t.app.services.database);
    expect((await get(t, 'GetCountWebCount')).Data).toBe(start + 20);
  });

  describe('with an analytics script configured', () => {
    let withScript: TestApp;
    beforeAll(async () => {
      withScript = await createTestApp(engine, { analyticsScriptUrl: SCRIPT });
    });
    afterAll(() => withScript.close());

    it('answers Code 101 with the script address and the total', async () => {
      expect(await get(withScript, 'CountWebCount')).toEqual({ Code: 101, Message: SCRIPT, Data: 0 });
      expect(await get(withScript, 'GetCountWebCount')).toEqual({ Code: 101, Message: SCRIPT, Data: 0 });
    });
  });
});
