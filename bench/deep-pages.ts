import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { BenchData } from './data.js';

/**
 * `npx tsx bench/deep-pages.ts [dataDir]`: how long GetNewsList takes for the first, middle and
 * last pages of the largest menu and of the latest-news list, uncached (the response cache off),
 * on the benchmark's SQLite data (bench/.data, or the folder given: bench/.data/1000000 for the
 * million). The first request, then the median and p95 of 30, in-process (no network),
 * one at a time. The first request of a deep page finds the signposts up to it
 * (features/news/signposts.ts); the others start from them.
 */
const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(root, process.argv[2] ?? 'bench/.data');
const data = JSON.parse(fs.readFileSync(path.join(dataDir, 'ready.json'), 'utf8')) as BenchData;
const app = await buildApp({ ...loadConfig({}), dataDir, logLevel: 'warn', responseCacheBytes: 0 }, { logger: false });
const ROUNDS = 30;

async function measure(label: string, url: string): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url });
    times.push(performance.now() - started);
    if (res.json<{ Code: number }>().Code !== 200) throw new Error(`${url}: ${res.body.slice(0, 200)}`);
  }
  const first = times[0]!;
  times.sort((a, b) => a - b);
  console.log(`| ${label} | ${first.toFixed(1)} | ${times[Math.floor(ROUNDS / 2)]!.toFixed(1)} | ${times[Math.floor(ROUNDS * 0.95)]!.toFixed(1)} |`);
}

const totalOf = async (url: string) => (await app.inject({ method: 'GET', url })).json<{ Data: { TotalCount: number } }>().Data.TotalCount;
console.log(`${data.articles} articles (${dataDir})\n\n| list, page | first ms | p50 ms | p95 ms |\n|---|---:|---:|---:|`);
for (const [name, base] of [
  ['menu', `/api/XfWebApi/GetNewsList?pid=${data.bigMenuId}&pagesize=10`],
  ['latest', '/api/XfWebApi/GetNewsList?pagesize=10'],
] as const) {
  const last = Math.ceil((await totalOf(base)) / 10);
  for (const page of [1, 500, Math.floor(last / 2), last]) await measure(`${name}, page ${page} of ${last}`, `${base}&pageindex=${page}`);
}
await app.close();
