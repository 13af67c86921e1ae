import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { articlePaths, benchDataDir, ensureData, type BenchData } from './data.js';
import { HEADERS, machineLoad, startOneProcess } from './harness.js';
import { defaultGenerator, describeGenerator, runLoad, type LoadResult } from './load.js';
import { addBuiltWorktree, removeWorktrees } from './worktrees.js';

/**
 * `npx tsx bench/crawl.ts [--base <commit>] [--seconds 10] [--articles 100000]`: visitors
 * asking for the cached /home while a crawler reads distinct uncached articles on 16
 * connections (decisions.md, "Pages are drawn on worker threads"). The aim: during the crawl
 * the visitors' p99 stays under 50 ms and their rate at 50 % or more of the quiet rate.
 *
 * One server process (WEB_CONCURRENCY=1, so its render pool has every core), the response
 * cache on, the SQLite data set of run.ts. Quiet: the visitors alone, before the crawl and after
 * it, the two averaged (the machine's speed drifts). During the crawl: the
 * crawler walks articles in random order, each a page never drawn before in the run, and the
 * visitors are measured from a second after it started until it stops. With `--base`, the same
 * on that commit too (a worktree, its own web build, the same data): before and after a change.
 * Loopback only; the load generators share the machine's cores with the server.
 */

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { base: { type: 'string' }, seconds: { type: 'string' }, articles: { type: 'string' } } });
const SECONDS = Number(args.seconds ?? 10);
const ARTICLES = Number(args.articles ?? 100_000);
const CRAWLERS = 16;
const VISITORS = 4;
const GENERATOR = defaultGenerator();
const PORT = Number(process.env.BENCH_PORT ?? 3401);

interface Figures {
  label: string;
  /** The visitors alone, before and after the crawl. */
  quiet: [LoadResult, LoadResult];
  during: LoadResult;
  crawl: LoadResult;
}

async function measure(label: string, dir: string, data: BenchData, articles: string[]): Promise<Figures> {
  const server = await startOneProcess(dir, data.dataDir, PORT);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const home = await fetch(`${base}/home`, { headers: HEADERS }).then((r) => r.text());
    if (!home.includes('<div id="root"><')) throw new Error(`${label}: /home is not server-rendered`);
    const visitors = { url: `${base}/home`, connections: VISITORS, headers: HEADERS };
    await runLoad(GENERATOR, { ...visitors, seconds: 1 });
    const before = await runLoad(GENERATOR, { ...visitors, seconds: SECONDS });
    const crawling = runLoad(GENERATOR, { url: base, connections: CRAWLERS, headers: HEADERS, seconds: SECONDS + 2, freshPrefixes: articles });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const during = await runLoad(GENERATOR, { ...visitors, seconds: SECONDS });
    const crawl = await crawling;
    // Quiet again: on a shared machine the speed drifts over a minute, and a quiet rate taken at
    // a slow or fast moment alone made the share during the crawl look better or worse than it was.
    const after = await runLoad(GENERATOR, { ...visitors, seconds: SECONDS });
    const figures: Figures = { label, quiet: [before, after], during, crawl };
    console.log(line(figures));
    return figures;
  } finally {
    await server.stop();
  }
}

const round = (n: number) => Math.round(n);
const line = ({ label, quiet: [before, after], during, crawl }: Figures) => {
  const quiet = (before.rps + after.rps) / 2;
  return `| ${label} | ${round(before.rps)} / ${round(after.rps)} | ${before.p50} / ${before.p99} | ${round(during.rps)} (${round((during.rps / quiet) * 100)} %) | ${during.p50} / ${during.p99} | ${round(crawl.rps)} | ${crawl.failures} |`;
};

const loadAtStart = os.loadavg();
const data = await ensureData(benchDataDir(ARTICLES), ARTICLES);
// Far more than a crawl of SECONDS can read, so none is asked twice.
const articles = articlePaths(data, Math.min(ARTICLES, 20_000));
const builds: Array<{ label: string; dir: string }> = [];
try {
  if (args.base) {
    const { label, dir } = addBuiltWorktree(args.base);
    builds.push({ label, dir });
  }
  builds.push({ label: 'this checkout', dir: root });
  const rows: Figures[] = [];
  for (const { label, dir } of builds) rows.push(await measure(label, dir, data, articles));
  console.log(
    [
      '',
      `Cached /home on ${VISITORS} connections, quiet and while a crawler reads distinct uncached articles on ${CRAWLERS}; ${SECONDS} s each, ${describeGenerator(GENERATOR)}, ${data.articles.toLocaleString('en-US')} articles on SQLite.`,
      `Aim: during the crawl p99 < 50 ms and >= 50 % of the quiet req/s (the mean of before and after the crawl). ${machineLoad(loadAtStart)}`,
      '',
      '| build | quiet req/s, before / after | quiet p50 / p99 ms (before) | during req/s (% of quiet) | during p50 / p99 ms | crawl pages/s | crawl failed (503s included) |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows.map(line),
    ].join('\n'),
  );
} finally {
  removeWorktrees();
}
