// The server Playwright drives: a fresh demo database in .e2e-data on its own port, built by
// buildApp exactly as main.ts builds it. Test-only seams are passed here as buildApp options.
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { seedIfEmpty } from '../apps/server/src/db/seed/index.js';

const dataDir = path.resolve(import.meta.dirname, '../.e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
const config = { ...loadConfig(), dataDir, databaseUrl: undefined, port: Number(process.env.E2E_PORT ?? 3100), host: '127.0.0.1', logLevel: 'warn' };
const app = await buildApp(config);
await seedIfEmpty(app.services, app.log);
await app.listen({ port: config.port, host: config.host });
