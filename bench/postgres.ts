import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { connect } from '../apps/server/src/db/connection.js';
import { fillNewsSearch } from '../apps/server/src/db/migrations/020-search-grams.js';
import type { DB } from '../apps/server/src/db/schema.js';
import { seedIfEmpty } from '../apps/server/src/seed/index.js';
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
 *
 * The copy is a bulk load: the search trigger is off while the rows go in, and news_search is
 * then filled and indexed once, as migration 020 does (fillNewsSearch); kept up row by row it
 * took about ten minutes for 100,000 articles. VACUUM at the end leaves the tables as a site
 * long in use has them (visibility map set, statistics gathered).
 */
export async function ensurePostgresData(url: string, schema: string, data: BenchData): Promise<void> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    const ready = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'news'`,
      [schema],
    );
    if (ready.rows[0]?.n) {
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM news');
      if ((rows[0]?.n ?? 0) >= data.articles) return;
    }
    const started = performance.now();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
    const database = await connect({ dataDir, databaseUrl: url, databaseSchema: schema });
    const file = new SQLite(path.join(data.dataDir, 'portal.db'), { readonly: true });
    try {
      const app = await buildApp({ ...loadConfig({}), dataDir, databaseUrl: url, databaseSchema: schema, logLevel: 'warn' }, { logger: false, database });
      await seedIfEmpty(app.services, app.log);
      await app.close();
      await database.db.transaction().execute(async (trx) => {
        await sql`ALTER TABLE news DISABLE TRIGGER news_search_sync`.execute(trx);
        await sql`TRUNCATE ${sql.raw(COPIED.join(', '))}, news_search CASCADE`.execute(trx);
        // fillNewsSearch builds every index of news_search but its primary key.
        const { rows } = await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
          WHERE schemaname = ${schema} AND tablename = 'news_search' AND indexname <> 'news_search_pkey'`.execute(trx);
        for (const { name } of rows) await sql`DROP INDEX ${sql.id(name)}`.execute(trx);
        for (const table of COPIED) await copyTable(file, trx, table);
        await fillNewsSearch(trx);
        await sql`ALTER TABLE news ENABLE TRIGGER news_search_sync`.execute(trx);
      });
      await sql`VACUUM ANALYZE`.execute(database.db);
    } finally {
      file.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    console.log(`copied ${data.articles} articles to PostgreSQL schema ${schema} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

async function copyTable(file: SQLite.Database, db: Kysely<DB>, table: string): Promise<void> {
  const read = file.prepare(`SELECT * FROM ${table} WHERE id > ? ORDER BY id LIMIT ${BATCH}`);
  let last = 0;
  for (;;) {
    const rows = read.all(last) as Array<Record<string, unknown>>;
    const first = rows[0];
    if (!first) break;
    const columns = Object.keys(first);
    const tuples = rows.map((row) => sql`(${sql.join(columns.map((c) => row[c]))})`);
    await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) VALUES ${sql.join(tuples)}`.execute(db);
    last = Number(rows[rows.length - 1]?.id);
  }
  await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.table(table)}))`.execute(db);
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
