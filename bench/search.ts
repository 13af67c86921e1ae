// Keyword search at 100,000 articles, uncached, on SQLite and (with TEST_DATABASE_URL or
// DATABASE_URL) PostgreSQL: p50/p95 per key length and page (first, 500th, last) and the
// longest event-loop stall.
// Run: npx tsx bench/search.ts [--articles 100000] [--engine sqlite|postgres] [--runs 40]
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/connection.js';
import { seedIfEmpty } from '../apps/server/src/db/seed/index.js';
import { readableMenuIds } from '../apps/server/src/features/menus/service.js';
import { invalidateSearch, searchNews } from '../apps/server/src/features/search/service.js';
import { ensureData } from './data.js';

const root = path.resolve(import.meta.dirname, '..');
const articlesArg = process.argv.indexOf('--articles');
const ARTICLES = articlesArg > 0 ? Number(process.argv[articlesArg + 1]) : 100_000;
const engineArg = process.argv.indexOf('--engine');
const only = engineArg > 0 ? process.argv[engineArg + 1] : undefined;
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 40;
const PG_SCHEMA = 'bench_search';

/** A key and the page of its results asked for. */
interface Probe {
  key: string;
  page: number | 'last';
}

/**
 * Keys of 1, 2, 3, 4 and 10 characters, common and rare, from the generated texts (the
 * 10-character key is cut from a stored body so it is surely found), first pages; then deep
 * pages of common keys.
 */
function probesOf(sampleBody: string): Probe[] {
  const body = sampleBody.replace(/\s+/g, '');
  const keys = ['险', '保险', '北京', '风险管', '潜在缺陷', '工程质量', body.slice(20, 30), '无此关键词的十字长键'];
  return [...keys.map((key) => ({ key, page: 1 })), ...['保险', '工程质量'].flatMap((key) => [{ key, page: 500 }, { key, page: 'last' as const }])];
}

interface Row {
  key: string;
  page: number;
  found: number;
  /** The longest event-loop stall while this key and page were searched. */
  stallMs: number;
  p50: number;
  p95: number;
  max: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Every run drops the kept matches first, so each one searches the index. */
async function measure(database: Database, probes: Probe[]): Promise<{ rows: Row[]; stallMs: number }> {
  const menuIds = await readableMenuIds(database);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const rows: Row[] = [];
  loop.enable();
  // The first search of a process also finds where SQLite's counting chunks start (kept 10 minutes).
  const first = performance.now();
  await searchNews(database, { key: probes[1]!.key, menuIds, isMember: false }, { pageindex: 1, pagesize: 10 });
  console.log(`first search of the process: ${(performance.now() - first).toFixed(1)} ms`);
  for (const { key, page } of probes) {
    const query = { key, menuIds, isMember: false };
    const pagesize = 10;
    const pageindex = page === 'last' ? Math.max(1, Math.ceil((await searchNews(database, query, { pageindex: 1, pagesize })).total / pagesize)) : page;
    const times: number[] = [];
    let found = 0;
    loop.reset();
    for (let i = 0; i < RUNS; i++) {
      invalidateSearch(database);
      const start = performance.now();
      found = (await searchNews(database, query, { pageindex, pagesize })).total;
      times.push(performance.now() - start);
      // Lets the delay monitor's timer run between searches.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    times.sort((a, b) => a - b);
    rows.push({ key, page: pageindex, found, stallMs: loop.max / 1e6, p50: quantile(times, 0.5), p95: quantile(times, 0.95), max: times.at(-1)! });
    console.log(`measured ${key} page ${pageindex}: p50 ${rows.at(-1)!.p50.toFixed(1)} ms`);
  }
  loop.disable();
  return { rows, stallMs: Math.max(...rows.map((r) => r.stallMs)) };
}

/** The SQLite articles copied into a PostgreSQL schema of their own (once; kept for later runs). */
async function fillPostgres(url: string, sqliteFile: string): Promise<void> {
  const app = await buildApp({ ...loadConfig({}), databaseUrl: url, databaseSchema: PG_SCHEMA, logLevel: 'warn' }, { logger: false });
  await seedIfEmpty(app.services, app.log);
  await app.close();
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${PG_SCHEMA},public` });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT COUNT(*) AS n FROM news');
    const have = Number(rows[0]!.n);
    if (have >= ARTICLES) return;
    // Indexes built once after the copy, as migrations build them on existing rows
    // (kept up row by row, the copy took over half an hour).
    const indexes = await client.query<{ indexname: string; indexdef: string }>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname IN ('news_title_bigrams', 'news_body_bigrams', 'news_search_title', 'news_search_body', 'news_search_member_body')",
      [PG_SCHEMA],
    );
    for (const index of indexes.rows) await client.query(`DROP INDEX ${index.indexname}`);
    const file = new SQLite(sqliteFile, { readonly: true });
    const columns = ['menu_id', 'title', 'content', 'body_text', 'image_url', 'status', 'is_top', 'is_member_read', 'author', 'process_item_name', 'views', 'news_create_time', 'created_at', 'updated_at'];
    const select = file.prepare(`SELECT ${columns.join(', ')} FROM news ORDER BY id LIMIT ? OFFSET ?`);
    const started = performance.now();
    for (let offset = have; offset < ARTICLES; offset += 500) {
      const batch = select.all(500, offset) as Record<string, unknown>[];
      if (batch.length === 0) break;
      const values = batch.flatMap((r) => columns.map((c) => r[c]));
      const tuples = batch.map((_, i) => `(${columns.map((__, j) => `$${i * columns.length + j + 1}`).join(', ')})`);
      await client.query(`INSERT INTO news (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, values);
    }
    file.close();
    console.log(`copied articles to PostgreSQL in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const indexing = performance.now();
    await client.query("SET maintenance_work_mem = '256MB'");
    for (const index of indexes.rows) await client.query(index.indexdef);
    await client.query('ANALYZE news');
    await client.query('ANALYZE news_search').catch(() => undefined);
    console.log(`built the pair indexes in ${((performance.now() - indexing) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

function report(engine: string, { rows, stallMs }: { rows: Row[]; stallMs: number }): void {
  console.log(`\n${engine}, ${ARTICLES.toLocaleString('en-US')} articles, ${RUNS} uncached searches per key and page (pages of 10)`);
  console.log('| key | characters | page | found | p50 ms | p95 ms | max ms | loop stall ms |\n|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.key} | ${[...r.key].length} | ${r.page} | ${r.found} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.stallMs.toFixed(1)} |`);
  }
  console.log(`event-loop delay max over all searches: ${stallMs.toFixed(1)} ms`);
}

const data = await ensureData(path.join(root, articlesArg > 0 ? `bench/.data-${ARTICLES}` : 'bench/.data'), ARTICLES);
const sqliteFile = path.join(data.dataDir, 'portal.db');
const sample = (new SQLite(sqliteFile, { readonly: true }).prepare('SELECT body_text FROM news WHERE id = ?').get(data.detailId) as { body_text: string }).body_text;
const probes = probesOf(sample);

if (only !== 'postgres') {
  const lite = await buildApp({ ...loadConfig({}), dataDir: data.dataDir, logLevel: 'warn', seedDemo: false }, { logger: false });
  report('SQLite', await measure(lite.services.database, probes));
  await lite.close();
}

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (pgUrl && only !== 'sqlite') {
  await fillPostgres(pgUrl, sqliteFile);
  const app = await buildApp({ ...loadConfig({}), databaseUrl: pgUrl, databaseSchema: PG_SCHEMA, logLevel: 'warn', seedDemo: false }, { logger: false });
  report('PostgreSQL', await measure(app.services.database, probes));
  await app.close();
}
