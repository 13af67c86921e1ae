import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { databaseUrl, SQLITE_FILE, TEMPLATE_SCHEMA } from './templates.js';

/**
 * What a run of the API tests sets up once: the compiled server, and a migrated database per
 * engine that test apps copy (test/templates.ts).
 *
 * On PostgreSQL a test app's database is a copy of the template, named `td_<run>_<app>`; other
 * tests make schemas `t_<run>_<suite>` in the test database itself (test/schemas.ts). A run
 * drops its own databases when it ends. Schemas, and databases a killed run left, are dropped
 * only when no other run is under way: a DROP SCHEMA while another suite's migrator reads the
 * catalogue makes that migration fail with "schema … does not exist", and the same holds
 * between two runs on one database. So every run holds a shared advisory lock for its whole
 * length, and leftovers are dropped only under the exclusive lock: at the start, those a
 * killed run left; at the end, this run's and any other's left (while another run goes on,
 * none: the last run to end, or the next to start, drops them).
 */

/** The advisory-lock key of "a test run is using this database" (any constant; 'tstr' in ASCII). */
const RUNNING = 0x74737472;
const anyRunSchema = '^t_([0-9a-z]+_)?[0-9a-f]{12}$';
const anyRunDatabase = '^td_[0-9a-f]{8}_([0-9a-f]{12}|template)$';
/** Databases dropped at once: each DROP DATABASE waits for a checkpoint, which drops side by side share. */
const DROPPING_AT_ONCE = 16;

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

async function dropDatabases(url: string, client: pg.Client, pattern: string): Promise<void> {
  const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname ~ $1', [pattern]);
  const names = rows.map((r) => r.datname);
  const dropper = async () => {
    const own = new pg.Client({ connectionString: url });
    await own.connect();
    try {
      for (let name = names.pop(); name; name = names.pop()) await own.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await own.end();
    }
  };
  await Promise.all(Array.from({ length: Math.min(DROPPING_AT_ONCE, names.length) }, dropper));
}

/** Migrates a new SQLite file in a folder of its own; answers the file. */
async function sqliteTemplate(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-template-'));
  const database = await connect({ dataDir });
  await migrate(database);
  // Closing the last connection checkpoints the WAL into the file and removes it: the file alone is the database.
  await database.close();
  const left = fs.readdirSync(dataDir).filter((name) => name !== SQLITE_FILE);
  if (left.length > 0) throw new Error(`the SQLite template left ${left.join(', ')} beside its file`);
  return path.join(dataDir, SQLITE_FILE);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The operations tests run the compiled server, as `npm start` does (test/processes.ts): built
  // from this checkout's sources for the run, about a second.
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: path.resolve(import.meta.dirname, '../../..'), stdio: 'inherit' });
  const run = randomBytes(4).toString('hex');
  project.provide('schemaRun', run);
  const sqlite = await sqliteTemplate();
  project.provide('sqliteTemplate', sqlite);
  project.provide('postgresTemplate', '');
  const removeSqlite = async () => fs.rmSync(path.dirname(sqlite), { recursive: true, force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return removeSqlite;

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  /** Drops every run's schemas and databases if no other run holds the shared lock. */
  const dropIfAlone = async () => {
    const { rows } = await client.query<{ alone: boolean }>('SELECT pg_try_advisory_lock($1) AS alone', [RUNNING]);
    if (!rows[0]?.alone) return;
    await dropSchemas(client, anyRunSchema);
    await dropDatabases(url, client, anyRunDatabase);
    await client.query('SELECT pg_advisory_unlock($1)', [RUNNING]);
  };
  await dropIfAlone();
  // Released when the connection closes, however the run ends.
  await client.query('SELECT pg_advisory_lock_shared($1)', [RUNNING]);

  const template = `td_${run}_template`;
  await client.query(`CREATE DATABASE ${template}`);
  const database = await connect({ dataDir: os.tmpdir(), databaseUrl: databaseUrl(url, template), databaseSchema: TEMPLATE_SCHEMA });
  try {
    await migrate(database);
  } finally {
    // No session may be connected to a template while it is copied.
    await database.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    try {
      await dropDatabases(url, client, `^td_${run}_`);
      await client.query('SELECT pg_advisory_unlock_shared($1)', [RUNNING]);
      await dropIfAlone();
    } finally {
      await client.end();
      await removeSqlite();
    }
  };
}
