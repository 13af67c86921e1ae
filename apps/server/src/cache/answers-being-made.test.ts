import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../test/harness.js';
import { gate } from '../../test/gate.js';
import { audienceOfRequest } from '../features/members/guard.js';
import { contentChanged } from './generations.js';
import { registerResponseCache, ResponseCache } from './response-cache.js';

// A cached route on a Fastify instance of its own, whose handler counts how often it makes its
// answer and waits at a gate: a burst of requests for an answer not yet kept is then in flight
// at once, as on a cold page after a write, and the count shows how many of them made it.
describe.each(engines)('answers being made, on %s', (engine) => {
  let t: TestApp;
  let app: FastifyInstance;
  let made = 0;
  let current = gate();
  let failNext = false;
  let arrived = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    // Counts requests as they come in, just before the cache's own hook looks them up.
    app.addHook('onRequest', async () => {
      arrived += 1;
    });
    registerResponseCache(app, new ResponseCache(t.app.services.database, 1 << 20), audienceOfRequest);
    app.get('/made', { config: { responseCache: { areas: ['banners'] } }, schema: { querystring: z.object({ page: z.string() }) } }, async (request) => {
      made += 1;
      const number = made;
      await current.opened;
      if (failNext) {
        failNext = false;
        throw new Error('could not make it');
      }
      return { number, query: request.query };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  /** The requests at once, the gate opened once all are in (`during` runs before it opens). */
  const burst = async (urls: string[], during?: () => void) => {
    current = gate();
    made = 0;
    arrived = 0;
    const answers = Promise.all(urls.map((url) => app.inject({ method: 'GET', url })));
    // Every request in and one more turn of the loop: each is then waiting for an answer being
    // made, or making it, before the first is made.
    while (arrived < urls.length) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    during?.();
    current.open();
    return answers;
  };
  const times = (n: number, url: string) => Array<string>(n).fill(url);

  it('makes an answer once for a burst of requests missing it, and gives all of them the same', async () => {
    const answers = await burst(times(20, '/made?page=1'));
    expect(made).toBe(1);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set([JSON.stringify({ number: 1, query: { page: '1' } })]));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    // Kept: the next request is answered without making it.
    expect((await app.inject({ method: 'GET', url: '/made?page=1' })).json()).toEqual({ number: 1, query: { page: '1' } });
    expect(made).toBe(1);
  });

  it('makes different answers apart', async () => {
    const answers = burst(['/made?page=2', '/made?page=3', '/made?page=2']);
    expect((await answers).map((a) => a.json<{ query: unknown }>().query)).toEqual([{ page: '2' }, { page: '3' }, { page: '2' }]);
    expect(made).toBe(2);
  });

  it('lets those waiting make their own when the one making it fails', async () => {
    failNext = true;
    const answers = await burst(times(5, '/made?page=4'));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 500]);
    expect(made).toBe(5);
  });

  it('never hands those waiting an answer made before a write they came after', async () => {
    // The write comes while the answer is being made: it is stale for everyone who waited.
    const answers = await burst(times(4, '/made?page=5'), () => contentChanged(t.app.services.database, 'banners'));
    const numbers = answers.map((a) => a.json<{ number: number }>().number);
    expect(numbers[0]).toBe(1);
    expect(numbers.slice(1).every((n) => n > 1)).toBe(true);
    // Made again after the write, once for the three that waited.
    expect(made).toBe(2);
  });
});
