import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../test/harness.js';
import { eventually } from '../../test/eventually.js';
import { gate } from '../../test/gate.js';
import { audienceOfRequest } from '../features/members/guard.js';
import { contentChanged, type ContentTag } from './generations.js';
import { registerResponseCache, ResponseCache, STALE_WHILE_REDRAWN_MS } from './response-cache.js';

// A page served as web-app.ts serves one, on a Fastify instance of its own with a cache whose
// clock the test moves: drawn from the menus and article 1 (learned as it is drawn), numbered by its drawing,
// and waiting at a gate, so that requests come while a redraw is under way.
describe.each(engines)('a kept page while it is redrawn, on %s', (engine) => {
  let t: TestApp;
  let app: FastifyInstance;
  let clock = 1_000_000;
  let made = 0;
  let current = gate();
  let arrived = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    app = Fastify({ logger: false });
    app.addHook('onRequest', async () => {
      arrived += 1;
    });
    const cache = new ResponseCache(t.app.services.database, 1 << 20, () => clock);
    registerResponseCache(app, cache, audienceOfRequest);
    app.get('/page', async (request, reply) => {
      if (await cache.serve(request, reply, { key: 'page', cacheControl: 'no-cache', vary: 'Accept-Encoding', staleWhileRedrawn: true })) return reply;
      made += 1;
      const body = Buffer.from(`drawing ${made}`);
      await current.opened;
      void reply.type('text/plain');
      cache.keep(request, reply, body, 'text/plain', undefined, { drawnFrom: ['menus', 'news:1'] });
      return body;
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const change = (...tags: ContentTag[]) => contentChanged(t.app.services.database, ...tags);
  /** The page drawn and kept afresh: answers its drawing. */
  const drawnAndKept = async () => {
    current = gate();
    current.open();
    const body = (await app.inject({ method: 'GET', url: '/page' })).body;
    expect((await app.inject({ method: 'GET', url: '/page' })).body).toBe(body);
    return body;
  };
  /** `n` requests at once while the page is redrawn: answers those settled before the redraw ends, and all of them after. */
  const duringRedraw = async (n: number) => {
    current = gate();
    arrived = 0;
    let settled = 0;
    const answers = Array.from({ length: n }, () => app.inject({ method: 'GET', url: '/page' }).then((res) => ((settled += 1), res.body)));
    while (arrived < n) await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
    const early = settled;
    current.open();
    return { early, bodies: await Promise.all(answers) };
  };

  it('stays kept through a change of something it was not drawn from', async () => {
    const kept = await drawnAndKept();
    change('news:2', 'news:menu-5');
    expect((await app.inject({ method: 'GET', url: '/page' })).body).toBe(kept);
  });

  it('serves the copy as it was while one request redraws it, within the bound after the change', async () => {
    const kept = await drawnAndKept();
    change('news:1');
    clock += STALE_WHILE_REDRAWN_MS;
    const drawnBefore = made;
    current = gate();
    const redraw = app.inject({ method: 'GET', url: '/page' });
    await eventually(() => made === drawnBefore + 1);
    // Those coming while it is redrawn get the copy at once.
    const stale = await Promise.all(Array.from({ length: 4 }, () => app.inject({ method: 'GET', url: '/page' })));
    expect(stale.map((res) => res.body)).toEqual(Array(4).fill(kept));
    current.open();
    const fresh = (await redraw).body;
    expect(fresh).toBe(`drawing ${drawnBefore + 1}`);
    expect((await app.inject({ method: 'GET', url: '/page' })).body).toBe(fresh);
    expect(made).toBe(drawnBefore + 1);
  });

  it('past the bound, makes them wait for the redraw', async () => {
    await drawnAndKept();
    change('news:1');
    clock += STALE_WHILE_REDRAWN_MS + 1;
    const drawnBefore = made;
    const { early, bodies } = await duringRedraw(4);
    expect(early).toBe(0);
    expect(bodies).toEqual(Array(4).fill(`drawing ${drawnBefore + 1}`));
  });

  it('never serves it stale after a change that may have withdrawn what it shows', async () => {
    await drawnAndKept();
    change('news:1', 'news:withdrawal');
    const drawnBefore = made;
    const { early, bodies } = await duringRedraw(4);
    expect(early).toBe(0);
    expect(bodies).toEqual(Array(4).fill(`drawing ${drawnBefore + 1}`));
  });

  it('never serves it stale after a menu change (a menu hidden)', async () => {
    await drawnAndKept();
    change('menus');
    const drawnBefore = made;
    const { early, bodies } = await duringRedraw(3);
    expect(early).toBe(0);
    expect(bodies).toEqual(Array(3).fill(`drawing ${drawnBefore + 1}`));
  });
});
