import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { saveBannerBody } from '@portal/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { saveBanner } from '../apps/server/src/features/banners/service.js';

/**
 * The server under test, run by run.ts and cpu-ab.ts (through harness.ts) as a child process so
 * the load generator and the server do not share one event loop. Also starts a bare Fastify
 * instance with a single route (unless BENCH_BARE_PORT is absent): the baseline of what the
 * framework alone costs on this machine; on SQLite it also answers the same-work routes
 * (same-work.ts), the least work the app's uncached article reads could take.
 * Ports come from the parent (BENCH_APP_PORT, BENCH_BARE_PORT).
 *
 * Over IPC the parent asks for 'stats' (event-loop delay since the last ask, RSS, CPU time) and for a
 * 'write' (a banner saved through this instance, to time how soon another instance shows it).
 */
export interface ServerPorts {
  app: number;
  bare?: number;
}

export interface ServerStats {
  /** Event-loop delay percentiles since the previous 'stats', in milliseconds. */
  loopP50: number;
  loopP99: number;
  loopMax: number;
  rssMiB: number;
  /**
   * User and system CPU time of the whole process since it started (every thread: the SQLite
   * readers too), in microseconds: what a request costs, whatever else runs on the machine.
   */
  cpuMicros: number;
}

export type ServerCommand = { kind: 'stats' } | { kind: 'write'; title: string };

const portOf = (server: FastifyInstance) => (server.server.address() as AddressInfo).port;

const config = loadConfig();
const app = await buildApp(config);
await app.listen({ port: Number(process.env.BENCH_APP_PORT ?? 0), host: '127.0.0.1' });
let bare: FastifyInstance | undefined;
if (process.env.BENCH_BARE_PORT) {
  bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  // Loaded only here: cpu-ab.ts runs this file inside older builds, which lack what same-work.ts imports.
  if (!config.databaseUrl) await (await import('./same-work.js')).registerSameWork(bare, app.services);
  await bare.listen({ port: Number(process.env.BENCH_BARE_PORT), host: '127.0.0.1' });
}

// 10 ms resolution: finer sampling would itself load the loop being measured.
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;

process.on('message', (command: ServerCommand) => {
  if (command.kind === 'stats') {
    const cpu = process.cpuUsage();
    const stats: ServerStats = {
      loopP50: ms(loop.percentile(50)),
      loopP99: ms(loop.percentile(99)),
      loopMax: ms(loop.max),
      rssMiB: Math.round(process.memoryUsage().rss / 2 ** 20),
      cpuMicros: cpu.user + cpu.system,
    };
    loop.reset();
    process.send?.({ kind: 'stats', stats });
  } else if (command.kind === 'write') {
    const body = saveBannerBody.parse({ Title: command.title, ImageUrl: '/uploads/bench.png', SortNumber: 0 });
    void saveBanner(app.services.database, body, Date.now(), '').then(() => process.send?.({ kind: 'written' }));
  }
});

process.send?.({ kind: 'ready', ports: { app: portOf(app), bare: bare && portOf(bare) } satisfies ServerPorts });
// The parent going away (finished or crashed) ends this process too.
process.on('disconnect', () => {
  void Promise.all([app.close(), bare?.close()]).then(() => process.exit(0));
  // Requests a slow measurement left queued are not worth waiting for.
  setTimeout(() => process.exit(0), 3000).unref();
});
