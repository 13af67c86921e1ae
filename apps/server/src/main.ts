import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { seedIfEmpty } from './db/seed/index.js';
import { ensureSystemSeed } from './features/system/seed.js';

const config = loadConfig();
const app = await buildApp(config);
if (config.seedDemo) await seedIfEmpty(app.services, app.log);
// The back office's menus, roles and first administrator, demo content or not.
await ensureSystemSeed(app.services, app.log);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
app.log.info(`门户已启动: http://${shown}:${config.port}  (后台: http://${shown}:${config.port}/login, 接口文档: http://${shown}:${config.port}/api/docs)`);
