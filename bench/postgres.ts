import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { seedIfEmpty } from '../apps/server/src/db/seed/index.js';
import type { BenchData } from './data.js';

/** Rows per INSERT: 500 rows of news' 16 columns stay far below PostgreSQL's 65,535 parameters. */
const BATCH = 500;
/** Tables copied from the SQLite data as they are, ids included (positions point at articles). */
const COPIED = ['news', 'positions'] as const;

/**
 * The same data on PostgreSQL, in its own schema: the demo site migrated and seeded through the
 * app (so every table, index and menu is what production has), then the SQLite data set's
 * articles and home placements copied over with their ids. Built once; reused while it holds as
 * many articles as the SQLite data.
 */
export async function ensurePostgresData(url: string, schema: string, data: BenchData): Promise<void> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    const ready = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'news'`, [schema]);
    if (ready.rows[0]?.n) {
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM news');
      if ((rows[0]?.n ?? 0) >= data.articles) return;
    }
    const started = performance.now();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
    const app = await buildApp({ ...loadConfig({}), dataDir, databaseUrl: url, databaseSchema: schema, logLevel: 'warn' }, { logger: false });
    await seedIfEmpty(app.services, app.log);
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });

    const file = new SQLite(path.join(data.dataDir, 'portal.db'), { readonly: true });
    try {
      await client.query('BEGIN');
      await client.query(`TRUNCATE ${COPIED.join(', ')} CASCADE`);
      for (const table of COPIED) await copyTable(file, client, table);
      await client.query('COMMIT');
      await client.query('ANALYZE');
    } finally {
      file.close();
    }
    console.log(`copied ${data.articles} articles to PostgreSQL schema ${schema} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

async function copyTable(file: SQLite.Database, client: pg.Client, table: string): Promise<void> {
  const read = file.prepare(`SELECT * FROM ${table} WHERE id > ? ORDER BY id LIMIT ${BATCH}`);
  let last = 0;
  for (;;) {
    const rows = read.all(last) as Array<Record<string, unknown>>;
    const first = rows[0];
    if (!first) break;
    const columns = Object.keys(first);
    const values: unknown[] = [];
    const tuples = rows.map((row) => `(${columns.map((c) => `$${values.push(row[c])}`).join(', ')})`);
    await client.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, values);
    last = Number(rows[rows.length - 1]?.id);
  }
  await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
}

/**
 * Waits until PostgreSQL runs no other session's statement: a server stopped in the middle of
 * slow uncached searches leaves them running in PostgreSQL (it notices a gone client only when it
 * answers), and they would slow whatever is measured next.
 */
export async function postgresIdle(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const until = performance.now() + 180_000;
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND datname = current_database()`,
      );
      if (!rows[0]?.n || performance.now() > until) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
}
