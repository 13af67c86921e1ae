// Keyword search at 100,000 articles, uncached, on SQLite and (with TEST_DATABASE_URL or
// DATABASE_URL) PostgreSQL: p50/p95 per key length and page (first, 500th, last) and the
// longest event-loop stall.
// Run: npx tsx bench/search.ts [--articles 100000] [--engine sqlite|postgres] [--runs 40]
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/connection.js';
import { readableMenuIds } from '../apps/server/src/features/menus/service.js';
import { invalidateSearch, searchNews } from '../apps/server/src/features/search/service.js';
import { benchDataDir, ensureData } from './data.js';
import { ensurePostgresData } from './postgres.js';

const articlesArg = process.argv.indexOf('--articles');
const ARTICLES = articlesArg > 0 ? Number(process.argv[articlesArg + 1]) : 100_000;
const engineArg = process.argv.indexOf('--engine');
const only = engineArg > 0 ? process.argv[engineArg + 1] : undefined;
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 40;

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
  return [
    ...keys.map((key) => ({ key, page: 1 })),
    ...['保险', '工程质量'].flatMap((key) => [
      { key, page: 500 },
      { key, page: 'last' as const },
    ]),
  ];
}

interface Row {
  key: string;
  page: number;
  /** How many matches the search lists, `+` when it found more (searchLimits.resultsMax). */
  found: string;
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
  // The first search of a process also prepares what every search uses (menus, statements).
  const first = performance.now();
  await searchNews(database, { key: probes[1]!.key, menuIds, isMember: false }, { pageindex: 1, pagesize: 10 });
  console.log(`first search of the process: ${(performance.now() - first).toFixed(1)} ms`);
  for (const { key, page } of probes) {
    const query = { key, menuIds, isMember: false };
    const pagesize = 10;
    const pageindex = page === 'last' ? Math.max(1, Math.ceil((await searchNews(database, query, { pageindex: 1, pagesize })).total / pagesize)) : page;
    const times: number[] = [];
    let found = '';
    loop.reset();
    for (let i = 0; i < RUNS; i++) {
      invalidateSearch(database);
      const start = performance.now();
      const answer = await searchNews(database, query, { pageindex, pagesize });
      found = `${answer.total}${answer.capped ? '+' : ''}`;
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

function report(engine: string, { rows, stallMs }: { rows: Row[]; stallMs: number }): void {
  console.log(`\n${engine}, ${ARTICLES.toLocaleString('en-US')} articles, ${RUNS} uncached searches per key and page (pages of 10)`);
  console.log('| key | characters | page | found | p50 ms | p95 ms | max ms | loop stall ms |\n|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.key} | ${[...r.key].length} | ${r.page} | ${r.found} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.stallMs.toFixed(1)} |`,
    );
  }
  console.log(`event-loop delay max over all searches: ${stallMs.toFixed(1)} ms`);
}

const data = await ensureData(benchDataDir(ARTICLES), ARTICLES);
const sqliteFile = path.join(data.dataDir, 'portal.db');
const sample = (new SQLite(sqliteFile, { readonly: true }).prepare('SELECT body_text FROM news WHERE id = ?').get(data.detailId) as { body_text: string })
  .body_text;
const probes = probesOf(sample);

if (only !== 'postgres') {
  const lite = await buildApp({ ...loadConfig({}), dataDir: data.dataDir, logLevel: 'warn', seedDemo: false }, { logger: false });
  report('SQLite', await measure(lite.services.database, probes));
  await lite.close();
}

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (pgUrl && only !== 'sqlite') {
  // The schema npm run bench uses for as many articles.
  const schema = `bench_${ARTICLES}`;
  await ensurePostgresData(pgUrl, schema, data);
  const app = await buildApp({ ...loadConfig({}), databaseUrl: pgUrl, databaseSchema: schema, logLevel: 'warn', seedDemo: false }, { logger: false });
  report('PostgreSQL', await measure(app.services.database, probes));
  await app.close();
}
