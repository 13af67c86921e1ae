import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect, type Database } from '../apps/server/src/db/connection.js';

/**
 * The named benches' databases, timings and RESULTS.md sections: a fresh SQLite file in a temporary
 * folder, and a fresh PostgreSQL schema when PostgreSQL answers, each removed afterwards.
 */

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs `work` on a fresh SQLite database. */
export async function onSqlite<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const database = await connect({ dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function dropSchema(schema: string): Promise<boolean> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: PG_URL });
  try {
    await client.connect();
  } catch {
    return false;
  }
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
  return true;
}

/** Runs `work` on a fresh PostgreSQL schema; undefined when PostgreSQL does not answer. */
export async function onPostgres<T>(schema: string, work: (database: Database) => Promise<T>): Promise<T | undefined> {
  if (!(await dropSchema(schema))) {
    console.log(`PostgreSQL at ${PG_URL} does not answer: SQLite only`);
    return undefined;
  }
  const database = await connect({ dataDir: os.tmpdir(), databaseUrl: PG_URL, databaseSchema: schema });
  try {
    return await work(database);
  } finally {
    await database.close();
    await dropSchema(schema);
  }
}

/** Writes a section of bench/RESULTS.md, replacing the one under the same heading. */
export function writeResultsSection(heading: string, section: string): void {
  const file = path.resolve(import.meta.dirname, 'RESULTS.md');
  const previous = fs.readFileSync(file, 'utf8');
  const start = previous.indexOf(heading);
  const end = start < 0 ? -1 : previous.indexOf('\n## ', start + 3);
  const next = start < 0 ? `${previous.trimEnd()}\n\n${section}` : previous.slice(0, start) + section + (end < 0 ? '' : previous.slice(end + 1));
  fs.writeFileSync(file, next);
}

/** The machine's load and cores, for a section's first paragraph. */
export function machineNote(): string {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
  return `load average ${load} at the end, ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}`;
}

/** How long `work` took, with its result. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}
