import { loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { seedIfEmpty } from './db/seed/index.js';
import { ensureSystemSeed } from './features/system/seed.js';
import { markDataDir } from './ops/data-lock.js';
import { oneLine } from './ops/readiness.js';
import { waitForPostgres } from './ops/wait-for-database.js';
import { printFirstAdmin } from './ops/first-admin.js';
import type { App } from './http/app-types.js';

/** A stop that takes longer than this (a request that never ends) is cut short. */
const SHUTDOWN_LIMIT_MS = 10_000;

let config: Config;
let app: App;
try {
  config = loadConfig();
  if (config.databaseUrl) {
    await waitForPostgres(config.databaseUrl, { attempts: config.databaseConnectAttempts, firstDelayMs: 1000, say: (line) => console.error(line) });
  }
  app = await buildApp(config);
  if (config.seedDemo) await seedIfEmpty(app.services, app.log);
  // The back office's menus, roles and first administrator, demo content or not.
  const firstAdmin = await ensureSystemSeed(app.services, app.log);
  if (firstAdmin) printFirstAdmin(firstAdmin);
} catch (error) {
  // What went wrong in one line for the operator, not a stack trace (LOG_LEVEL=debug shows it).
  console.error(`启动失败: ${oneLine(error)}`);
  if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') console.error(error);
  process.exit(1);
}

const unmark = markDataDir(config.dataDir);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    // close() stops accepting connections, lets requests in flight finish, then runs the onClose
    // hooks: background sweeps stop, counted article views are written, the database closes.
    const limit = setTimeout(() => {
      app.log.error('requests still running after 10 s; stopping anyway');
      unmark();
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    limit.unref();
    void app
      .close()
      .then(() => {
        unmark();
        process.exit(0);
      })
      .catch((error: unknown) => {
        app.log.error(`shutdown failed: ${oneLine(error)}`);
        unmark();
        process.exit(1);
      });
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  console.error(`启动失败: ${oneLine(error)}`);
  unmark();
  process.exit(1);
}
const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
app.log.info(`门户已启动: http://${shown}:${config.port}  (后台: http://${shown}:${config.port}/login, 接口文档: http://${shown}:${config.port}/api/docs)`);
