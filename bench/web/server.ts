// The production server `npm run bench:web` measures: the built web app, a fresh demo database
// in the data folder given as argv[2], on 127.0.0.1 at the port given as argv[3]. Run as a child
// process so the browser and Lighthouse do not share the server's event loop.
import fs from 'node:fs';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { seedIfEmpty } from '../../apps/server/src/seed/index.js';
import { ensureSystemSeed } from '../../apps/server/src/features/system/seed.js';

const [dataDir, port] = [process.argv[2], Number(process.argv[3])];
if (!dataDir || !port) throw new Error('usage: server.ts <dataDir> <port>');
fs.rmSync(dataDir, { recursive: true, force: true });
const config = { ...loadConfig(), dataDir, databaseUrl: undefined, port, host: '127.0.0.1', logLevel: 'warn' };
const app = await buildApp(config);
await seedIfEmpty(app.services, app.log);
await ensureSystemSeed(app.services, app.log);
await app.listen({ port, host: config.host });
// A demo certificate's verification address is one of the measured pages.
const cert = await app.services.database.db.selectFrom('certificates').select('verify_token').where('status', '=', 1).executeTakeFirstOrThrow();
process.send?.({ verifyToken: cert.verify_token });
process.on('disconnect', () => void app.close().then(() => process.exit(0)));
