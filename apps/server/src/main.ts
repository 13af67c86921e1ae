import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { loadConfig, type Config } from './config.js';
import type { BuildOptions } from './app.js';
import { relayContentChanges } from './cache/cluster-relay.js';
import { loggerOptions } from './http/logger.js';
import { AWAITS_DATABASE_ENV, databasePrepared, JOBS_WORKER_ENV, PREPARES_ENV, PreparationFailed, sayDatabasePrepared, startWorkers } from './ops/cluster.js';
import { markDataDir } from './ops/data-lock.js';
import { oneLine } from './ops/one-line.js';
import type { App } from './http/app-types.js';

/**
 * `npm start`. With WEB_CONCURRENCY=1 one process does everything. With more, this process
 * becomes the primary: it marks the data folder, handles signals and forks the workers, which
 * share the port; the first does what must happen once (wait for PostgreSQL, migrate, seed,
 * show the first administrator) before it serves, the others build the app without migrating
 * once it has (docs/decisions.md). The primary loads none of the app: the modules that build it are
 * imported where a process needs them, so the primary stays a small supervisor.
 */

/** A stop that takes longer than this (a request that never ends) is cut short. */
const SHUTDOWN_LIMIT_MS = 10_000;

/** What went wrong in one line for the operator, not a stack trace (LOG_LEVEL=debug shows it). */
function failedToStart(error: unknown): never {
  console.error(`启动失败: ${oneLine(error)}`);
  if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') console.error(error);
  process.exit(1);
}

/** The database reachable and migrated, the demo and back-office seeds in: the app that did it. */
async function prepare(config: Config, options: BuildOptions): Promise<App> {
  if (config.databaseUrl) {
    const { waitForPostgres } = await import('./ops/wait-for-database.js');
    await waitForPostgres(config.databaseUrl, { attempts: config.databaseConnectAttempts, firstDelayMs: 1000, say: (line) => console.error(line) });
  }
  const [{ buildApp }, { seedIfEmpty }, { ensureSystemSeed }, { printFirstAdmin }] = await Promise.all([
    import('./app.js'),
    import('./seed/index.js'),
    import('./features/system/seed.js'),
    import('./ops/first-admin.js'),
  ]);
  const app = await buildApp(config, options);
  if (config.seedDemo) await seedIfEmpty(app.services, app.log);
  // The back office's menus, roles and first administrator, demo content or not.
  const firstAdmin = await ensureSystemSeed(app.services, app.log);
  if (firstAdmin) printFirstAdmin(firstAdmin);
  return app;
}

function startedLine(config: Config): string {
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shown}:${config.port}`;
  return `门户已启动: ${url}  (后台: ${url}/login, 接口文档: ${url}/api/docs)`;
}

/**
 * On SIGINT or SIGTERM, `stop` runs once; past the limit the process ends anyway. A terminal's
 * Ctrl-C reaches every process of the group, so workers get it too, besides the primary's SIGTERM.
 */
function onStopSignal(
  log: { info: (obj: object, msg: string) => void; error: (msg: string) => void },
  stop: () => Promise<boolean>,
  cutShort: () => void,
): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, 'shutting down');
      const limit = setTimeout(() => {
        log.error('requests still running after 10 s; stopping anyway');
        cutShort();
        process.exit(1);
      }, SHUTDOWN_LIMIT_MS);
      limit.unref();
      void stop().then((clean) => process.exit(clean ? 0 : 1));
    });
  }
}

/**
 * close() stops accepting connections, lets requests in flight finish, then runs the onClose
 * hooks: background jobs stop, counted article views are written, the database closes.
 */
async function drain(app: App): Promise<boolean> {
  try {
    await app.close();
    return true;
  } catch (error) {
    app.log.error(`shutdown failed: ${oneLine(error)}`);
    return false;
  }
}

/** WEB_CONCURRENCY=1: this process migrates, seeds and serves. */
async function serveAlone(config: Config): Promise<void> {
  let app: App;
  try {
    app = await prepare(config, {});
  } catch (error) {
    failedToStart(error);
  }
  const unmark = markDataDir(config.dataDir);
  onStopSignal(
    app.log,
    async () => {
      const clean = await drain(app);
      unmark();
      return clean;
    },
    unmark,
  );
  try {
    await listenDualStack(app, config);
  } catch (error) {
    unmark();
    failedToStart(error);
  }
  app.log.info(startedLine(config));
}

/**
 * The primary of several workers: forks them (the first prepares the database, the others load
 * the server meanwhile and build their apps once it is prepared), then supervises them.
 */
async function superviseWorkers(config: Config): Promise<void> {
  // Workers run this very module (whatever started the primary: scripts/start.mjs, node
  // directly), with source maps for the stack traces in their logs.
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url), execArgv: [...process.execArgv, '--enable-source-maps'] });
  const log = pino(loggerOptions(config));
  const unmark = markDataDir(config.dataDir);
  relayContentChanges();
  const starting = startWorkers(config.webConcurrency, log);
  onStopSignal(
    log,
    async () => {
      const clean = await (await starting).stop();
      unmark();
      return clean;
    },
    () => {
      void starting.then((workers) => workers.kill());
      unmark();
    },
  );
  try {
    await starting;
  } catch (error) {
    unmark();
    // The preparing worker's own line says why (the database unreachable, a bucket that does not
    // answer): one line, as from a single process. One that ended without a word is named here.
    if (error instanceof PreparationFailed && error.saidWhy) process.exit(1);
    failedToStart(error);
  }
  log.info(`${startedLine(config)}  ${config.webConcurrency} 个工作进程 / workers`);
}

/**
 * One of the primary's workers, on the shared port: the first prepares the database and says so
 * (PREPARES_ENV), the others build the app over the prepared database without migrating.
 */
async function serveAsWorker(config: Config): Promise<void> {
  const runsJobs = process.env[JOBS_WORKER_ENV] === '1';
  // Listened for before the slow import, so the primary's word cannot come first.
  const prepared = process.env[AWAITS_DATABASE_ENV] === '1' ? databasePrepared() : undefined;
  let app: App;
  try {
    if (process.env[PREPARES_ENV] === '1') {
      app = await prepare(config, { clustered: true, backgroundJobs: runsJobs });
      sayDatabasePrepared();
    } else {
      const { buildApp } = await import('./app.js');
      await prepared;
      app = await buildApp(config, { skipMigrations: true, clustered: true, backgroundJobs: runsJobs });
    }
  } catch (error) {
    failedToStart(error);
  }
  // The primary keeps the limit and the data folder's mark.
  onStopSignal(
    app.log,
    () => drain(app),
    () => undefined,
  );
  try {
    await listenDualStack(app, config);
  } catch (error) {
    failedToStart(error);
  }
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  failedToStart(error);
}
if (cluster.isWorker) await serveAsWorker(config);
else if (config.webConcurrency === 1) await serveAlone(config);
else await superviseWorkers(config);

/**
 * Listens where HOST says. The default, '::', takes IPv6 and IPv4 clients on one socket; a host
 * whose kernel has no IPv6 refuses it, and then the server listens on IPv4 alone and says so.
 */
async function listenDualStack(app: { listen: (o: { port: number; host: string }) => Promise<string>; log: { warn: (m: string) => void } }, config: Config) {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (config.host !== '::' || (code !== 'EAFNOSUPPORT' && code !== 'EADDRNOTAVAIL')) throw error;
    app.log.warn('this host has no IPv6: listening on IPv4 (0.0.0.0) only');
    await app.listen({ port: config.port, host: '0.0.0.0' });
  }
}
