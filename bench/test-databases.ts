import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig, type Config } from '../apps/server/src/config.js';
import { connect } from '../apps/server/src/db/connection.js';
import { migrate } from '../apps/server/src/db/migrate.js';

/**
 * What a test app's database costs (apps/server/test/templates.ts), the old way and the new:
 *
 *   npx tsx bench/test-databases.ts [runs] [postgres-url]
 *
 * "migrated" is an empty database migrated from the first migration (SQLite: a new file;
 * PostgreSQL: a new schema in the test database), as every test app did before; "copied" is a
 * copy of a database migrated once (SQLite: the file copied; PostgreSQL: CREATE DATABASE …
 * TEMPLATE), on which the start-up migration only checks that nothing is pending. Each is
 * timed alone (database only) and with the whole app built on it and closed (buildApp, as
 * createTestApp does). Medians of `runs`.
 */

const runs = Number(process.argv[2] ?? 9);
const url = process.argv[3] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const tag = `tb_${randomBytes(3).toString('hex')}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(label: string, once: () => Promise<void>): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  console.log(`| ${label} | ${median(times).toFixed(0)} | ${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)} |`);
}

const folders: string[] = [];
const folder = () => {
  const made = fs.mkdtempSync(path.join(os.tmpdir(), `${tag}-`));
  folders.push(made);
  return made;
};
const named = (database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.href;
};
const appOn = async (config: Partial<Config>) => {
  const dataDir = config.dataDir ?? folder();
  const app = await buildApp(
    { ...loadConfig({}), webDist: path.join(dataDir, 'no-web'), logLevel: 'silent', seedDemo: false, ...config, dataDir },
    { logger: false },
  );
  await app.close();
};

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const databases: string[] = [];
const schemas: string[] = [];
try {
  console.log(
    `${runs} runs each; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log('');
  console.log('| a test app’s database | median ms | range ms |');
  console.log('|---|---:|---:|');

  const sqliteTemplate = path.join(folder(), 'portal.db');
  {
    const database = await connect({ dataDir: path.dirname(sqliteTemplate) });
    await migrate(database);
    await database.close();
  }
  const copiedSqlite = () => {
    const dataDir = folder();
    fs.copyFileSync(sqliteTemplate, path.join(dataDir, 'portal.db'));
    return dataDir;
  };
  await timed('SQLite, migrated: database only', async () => {
    const database = await connect({ dataDir: folder() });
    await migrate(database);
    await database.close();
  });
  await timed('SQLite, copied: database only', async () => {
    const database = await connect({ dataDir: copiedSqlite() });
    await migrate(database);
    await database.close();
  });
  await timed('SQLite, migrated: whole app built and closed', () => appOn({}));
  await timed('SQLite, copied: whole app built and closed', () => appOn({ dataDir: copiedSqlite() }));

  const schema = () => {
    const made = `${tag}_${randomBytes(4).toString('hex')}`;
    schemas.push(made);
    return made;
  };
  const template = `${tag}_template`;
  await admin.query(`CREATE DATABASE ${template}`);
  databases.push(template);
  {
    const database = await connect({ dataDir: os.tmpdir(), databaseUrl: named(template), databaseSchema: 'portal' });
    await migrate(database);
    await database.close();
  }
  const copiedPostgres = async () => {
    const made = `${tag}_${randomBytes(4).toString('hex')}`;
    databases.push(made);
    await admin.query(`CREATE DATABASE ${made} TEMPLATE ${template}`);
    return named(made);
  };
  await timed('PostgreSQL, migrated (new schema): database only', async () => {
    const database = await connect({ dataDir: os.tmpdir(), databaseUrl: url, databaseSchema: schema() });
    await migrate(database);
    await database.close();
  });
  await timed('PostgreSQL, copied (CREATE DATABASE … TEMPLATE): database only', async () => {
    const database = await connect({ dataDir: os.tmpdir(), databaseUrl: await copiedPostgres(), databaseSchema: 'portal' });
    await migrate(database);
    await database.close();
  });
  await timed('PostgreSQL, migrated (new schema): whole app built and closed', () => appOn({ databaseUrl: url, databaseSchema: schema() }));
  await timed('PostgreSQL, copied (CREATE DATABASE … TEMPLATE): whole app built and closed', async () =>
    appOn({ databaseUrl: await copiedPostgres(), databaseSchema: 'portal' }),
  );
} finally {
  // Dropped side by side: each DROP DATABASE waits for a checkpoint, which concurrent drops share.
  await Promise.all(
    databases.map(async (database) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.end();
    }),
  );
  for (const made of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${made} CASCADE`);
  await admin.end();
  for (const made of folders) fs.rmSync(made, { recursive: true, force: true });
}
