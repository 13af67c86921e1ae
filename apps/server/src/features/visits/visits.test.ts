import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, envelope, type TestApp } from '../../../test/harness.js';

const SCRIPT = 'https://hm.example.com/hm.js?abc';

describe.each(engines)('visit counter on %s', (engine) => {
  let t: TestApp;
  const get = async (app: TestApp, call: string) => envelope<number>(await app.app.inject({ method: 'GET', url: `/api/XfWebApi/${call}` }));

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.services.database.db.insertInto('visit_counts').values({ day: '2024-01-01', count: 100 }).execute();
  });
  afterAll(() => t.close());

  it('counts each visit on today and answers the total of all days', async () => {
    const before = await get(t, 'GetCountWebCount');
    expect(before).toEqual({ Code: 200, Message: '操作成功', Data: 100 });
    expect((await get(t, 'CountWebCount')).Data).toBe(101);
    expect((await get(t, 'countwebcount')).Data).toBe(102);
    expect((await get(t, 'GetCountWebCount')).Data).toBe(102);
  });

  it('loses no visit when many arrive at once', async () => {
    const start = (await get(t, 'GetCountWebCount')).Data;
    await Promise.all(Array.from({ length: 20 }, () => get(t, 'CountWebCount')));
    expect((await get(t, 'GetCountWebCount')).Data).toBe(start + 20);
  });

  describe('with an analytics script configured', () => {
    let withScript: TestApp;
    beforeAll(async () => {
      withScript = await createTestApp(engine, { analyticsScriptUrl: SCRIPT });
    });
    afterAll(() => withScript.close());

    it('answers Code 101 with the script address, still counting', async () => {
      expect(await get(withScript, 'CountWebCount')).toEqual({ Code: 101, Message: SCRIPT, Data: 1 });
      expect(await get(withScript, 'GetCountWebCount')).toEqual({ Code: 101, Message: SCRIPT, Data: 1 });
    });
  });
});
