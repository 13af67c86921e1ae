import path from 'node:path';

/**
 * The journeys' servers: one for each Playwright worker, each on a port and with a data folder
 * of its own (e2e/server.ts), so two workers never share a database. Worker `i` (its
 * parallelIndex, which a worker started again after a failure keeps) drives the server on
 * E2E_PORT + i. E2E_WORKERS says how many workers, and so servers, there are.
 */

/** The first server's port; the others follow it. */
export const basePort = Number(process.env.E2E_PORT ?? 3100);

/**
 * Workers, and so servers. Three on two cores: a journey spends most of its time waiting (for
 * the browser to draw, for an answer, for an animation), so the whole run used well under half
 * of the two cores with two workers; a third fills the gaps (bench/RESULTS.md, "The test run").
 */
export const workerCount = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));

/** The port of the server that the worker with this parallelIndex drives. */
export function serverPort(parallelIndex: number): number {
  if (parallelIndex >= workerCount)
    throw new Error(`worker ${parallelIndex} has no server: ${workerCount} were started (set E2E_WORKERS to the number of workers)`);
  return basePort + parallelIndex;
}

export const serverURL = (port: number) => `http://127.0.0.1:${port}`;

/** A server's data folder, by port: runs on different ports never wipe each other's database. */
export const dataDirOf = (port: number) => path.resolve(import.meta.dirname, '../.e2e-data', String(port));
