import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';

/**
 * The server under test, run by run.ts as a child process so the load generator and the server
 * do not share one event loop. Also starts a bare Fastify instance with a single route: the
 * baseline of what the framework alone costs on this machine.
 */
export interface ServerPorts {
  app: number;
  bare: number;
}

const portOf = (server: FastifyInstance) => (server.server.address() as AddressInfo).port;

const app = await buildApp(loadConfig());
await app.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify({ logger: false });
bare.get('/hello', async () => ({ hello: 'world' }));
await bare.listen({ port: 0, host: '127.0.0.1' });

process.send?.({ app: portOf(app), bare: portOf(bare) } satisfies ServerPorts);
// The parent going away (finished or crashed) ends this process too.
process.on('disconnect', () => {
  void Promise.all([app.close(), bare.close()]).then(() => process.exit(0));
});
