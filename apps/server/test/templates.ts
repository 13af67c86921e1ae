import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * A test app's database starts as a copy of one migrated when the run began (global-setup.ts
 * makes a template per engine), not by running every migration again: on PostgreSQL that took
 * about a second per app, a copy about a sixth of it. The app still migrates when it is built
 * (app.ts), which on a copy at the latest migration is only the check that nothing is pending.
 * Migrating from an empty database stays covered: the templates themselves, the upgrade tests
 * (migrated.ts, db/migrations/*.test.ts) and every real server the operations tests start.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated SQLite file test apps copy. */
    sqliteTemplate: string;
    /** The migrated PostgreSQL database test apps are made from ('' without TEST_DATABASE_URL). */
    postgresTemplate: string;
  }
}

/** The schema the template's tables are in, and so every copy's: the product's DATABASE_SCHEMA, set as in a real site. */
export const TEMPLATE_SCHEMA = 'portal';

/** The SQLite file name connect() opens in a data folder (src/db/connection.ts). */
export const SQLITE_FILE = 'portal.db';

/** Puts a copy of the migrated SQLite template into `dataDir`. */
export function copySqliteTemplate(dataDir: string): void {
  fs.copyFileSync(inject('sqliteTemplate'), path.join(dataDir, SQLITE_FILE));
}

/** A URL naming another database on the same server. */
export function databaseUrl(url: string, database: string): string {
  const named = new URL(url);
  named.pathname = `/${database}`;
  return named.href;
}

/**
 * A new PostgreSQL database copied from the migrated template (CREATE DATABASE … TEMPLATE) on
 * the server of `url`, named within this run so the run's end drops it (global-setup.ts);
 * answers its name.
 */
export async function copyPostgresTemplate(url: string): Promise<string> {
  const template = inject('postgresTemplate');
  if (!template) throw new Error('no PostgreSQL template: TEST_DATABASE_URL was not set when the run began');
  const name = `${template.replace(/_template$/, '')}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await client.end();
  }
  return name;
}
