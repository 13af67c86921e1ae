import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * The PostgreSQL schemas of API test suites. Each run of the suite names its schemas
 * `t_<run>_<suite>` (test/schemas.ts) and drops its own when it ends. Suites do not drop their
 * own as they finish: a DROP SCHEMA while another suite's migrator reads the catalogue makes
 * that migration fail with "schema … does not exist".
 *
 * The same holds between two runs on one database: a run's DROP SCHEMA fails the other's
 * migrations, which read the whole catalogue. So every run holds a shared advisory lock for its
 * whole length, and schemas are dropped only under the exclusive lock, when no other run is
 * under way: at the start, those a killed run left; at the end, this run's and any other's left
 * (while another run goes on, none: the last run to end, or the next to start, drops them).
 */

/** The advisory-lock key of "a test run is using this database" (any constant; 'tstr' in ASCII). */
const RUNNING = 0x74737472;
const anyRun = '^t_([0-9a-z]+_)?[0-9a-f]{12}$';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's part of the schema names (test/schemas.ts). */
    schemaRun: string;
  }
}

async function dropSchemas(client: pg.Client, pattern: string): Promise<void> {
  const { rows } = await client.query<{ nspname: string }>('SELECT nspname FROM pg_namespace WHERE nspname ~ $1', [pattern]);
  for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS ${nspname} CASCADE`);
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  // The operations tests run the compiled server, as `npm start` does (test/processes.ts): built
  // from this checkout's sources for the run, about a second.
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: path.resolve(import.meta.dirname, '../../..'), stdio: 'inherit' });
  const run = randomBytes(4).toString('hex');
  project.provide('schemaRun', run);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  /** Drops every run's schemas if no other run holds the shared lock. */
  const dropIfAlone = async () => {
    const { rows } = await client.query<{ alone: boolean }>('SELECT pg_try_advisory_lock($1) AS alone', [RUNNING]);
    if (!rows[0]?.alone) return;
    await dropSchemas(client, anyRun);
    await client.query('SELECT pg_advisory_unlock($1)', [RUNNING]);
  };
  await dropIfAlone();
  // Released when the connection closes, however the run ends.
  await client.query('SELECT pg_advisory_lock_shared($1)', [RUNNING]);
  return async () => {
    try {
      await client.query('SELECT pg_advisory_unlock_shared($1)', [RUNNING]);
      await dropIfAlone();
    } finally {
      await client.end();
    }
  };
}
