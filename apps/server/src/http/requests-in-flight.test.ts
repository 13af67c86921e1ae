import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { insertMenu } from '../../test/fixtures.js';
import { createTestApp, enginesFor } from '../../test/harness.js';

describe.each(enginesFor('neutral'))('closing the server on %s', (engine) => {
  it('waits for the work of a request whose client left before the database closes', async () => {
    const t = await createTestApp(engine);
    let entered!: () => void;
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let read: Promise<number> | undefined;
    // A call still at work when its client goes: it reads the database after closing has begun.
    t.app.get('/slow-read', async () => {
      entered();
      await released;
      read = t.app.services.database.db
        .selectFrom('menus')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
      return { n: await read };
    });
    await insertMenu(t.app.services.database.db, { name: '协会动态' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    const client = new AbortController();
    const asked = fetch(`http://127.0.0.1:${port}/slow-read`, { signal: client.signal }).catch((error: unknown) => error);
    await handlerEntered;
    client.abort();
    expect(await asked).toBeInstanceOf(Error);

    let closed = false;
    const closing = t.close().then(() => (closed = true));
    // Closing has begun (no connection is left) and must still be waiting for the handler.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    release();
    await closing;
    expect(await read).toBe(1);
  });

  it('closes without waiting for answers written straight from the response cache', async () => {
    const t = await createTestApp(engine);
    await insertMenu(t.app.services.database.db, { name: '协会动态' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/api/XfWebApi/GetMenuList`;
    const first = await fetch(url);
    const etag = first.headers.get('etag') ?? '';
    await first.text();
    // Hits (200 and 304) are written by the cache itself, past Fastify's onSend.
    for (let i = 0; i < 5; i++) await (await fetch(url)).text();
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    // Counted as running, a hit would hold closing until the limit, which then says so.
    const warnings: unknown[] = [];
    t.app.log.warn = (...args: unknown[]) => void warnings.push(args);
    await t.close();
    expect(warnings).toEqual([]);
  });
});
