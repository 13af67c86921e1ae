import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { articlePaths, benchDataDir, ensureData, type BenchData } from './data.js';
import { HEADERS, machineLoad, startOneProcess, UNCACHED } from './harness.js';
import { defaultGenerator, describeGenerator, runLoad, type Load } from './load.js';
import { addBuiltWorktree, removeWorktrees } from './worktrees.js';

/**
 * `npx tsx bench/page-cpu.ts [--base <commit>] [--connections 8] [--seconds 10] [--articles 100000]`:
 * the CPU time a page drawn by the server costs, by thread, read from /proc (Linux only) while
 * the load generator asks for pages:
 * - /home and an article uncached: a server with the response cache off, so every call of the
 *   page is made by its route;
 * - articles as a crawler reads them: distinct ones, with the response cache on, so the calls
 *   pages share (the menu tree, the site's information) are read from it.
 *
 * The threads: the event loop; the render threads (render-worker.mjs, the only threads at a
 * higher niceness); the rest (V8's garbage collector and compiler helpers, libuv's pool). A CPU
 * profile samples a thread by the clock, so a render thread, which yields the core to the event
 * loop, shows the event loop's moments as its own: only the kernel's count is CPU time.
 * Under the issue's 100 connections most requests are refused (the render pool's line full), so
 * the default is fewer. With `--base`, the same on that commit too (a worktree, its own web build).
 */

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: { base: { type: 'string' }, connections: { type: 'string' }, seconds: { type: 'string' }, articles: { type: 'string' } },
});
const CONNECTIONS = Number(args.connections ?? 8);
const SECONDS = Number(args.seconds ?? 10);
const ARTICLES = Number(args.articles ?? 100_000);
const GENERATOR = defaultGenerator();
const PORT = Number(process.env.BENCH_PORT ?? 3401) + 6;
/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU milliseconds each thread of the process has used, by thread id, with its niceness. */
function threadTimes(pid: number): Map<number, { ms: number; nice: number }> {
  const times = new Map<number, { ms: number; nice: number }>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // Fields after the command's closing parenthesis: utime, stime are the 12th and 13th, nice the 17th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    times.set(Number(tid), { ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND, nice: Number(fields[16]) });
  }
  return times;
}

interface Split {
  pages: number;
  refused: number;
  loop: number;
  render: number;
  rest: number;
  /** The process's peak resident memory since it started (VmHWM). */
  peakMiB: number;
}

async function measure(dir: string, data: BenchData, cached: boolean, load: Omit<Load, 'seconds'>): Promise<Split> {
  const server = await startOneProcess(dir, data.dataDir, PORT, cached ? {} : UNCACHED);
  try {
    const url = load.url.replace('PORT', String(server.port));
    // Warmed up: every render thread started and its pages' modules loaded.
    await runLoad(GENERATOR, { ...load, url, seconds: 3 });
    const pid = server.child.pid!;
    const before = threadTimes(pid);
    const result = await runLoad(GENERATOR, { ...load, url, seconds: SECONDS });
    const after = threadTimes(pid);
    const peak = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    const split = { pages: 0, refused: result.failures, loop: 0, render: 0, rest: 0, peakMiB: peak ? Math.round(Number(peak[1]) / 1024) : 0 };
    split.pages = Math.round(result.rps * SECONDS) - result.failures;
    for (const [tid, { ms, nice }] of after) {
      const used = ms - (before.get(tid)?.ms ?? 0);
      if (tid === pid) split.loop += used;
      else if (nice > 0) split.render += used;
      else split.rest += used;
    }
    return split;
  } finally {
    await server.stop();
  }
}

const perPage = (ms: number, pages: number) => (pages > 0 ? (ms / pages).toFixed(2) : '–');
const row = (build: string, scene: string, s: Split) =>
  `| ${build} | ${scene} | ${Math.round(s.pages / SECONDS)} | ${s.refused} | ${perPage(s.loop, s.pages)} | ${perPage(s.render, s.pages)} | ${perPage(s.rest, s.pages)} | ${perPage(s.loop + s.render + s.rest, s.pages)} | ${s.peakMiB} |`;

const loadAtStart = os.loadavg();
const data = await ensureData(benchDataDir(ARTICLES), ARTICLES);
const scenes: Array<{ name: string; cached: boolean; load: Omit<Load, 'seconds'> }> = [
  { name: '/home, uncached', cached: false, load: { url: 'http://127.0.0.1:PORT/home', connections: CONNECTIONS, headers: HEADERS } },
  {
    name: '/info (an article), uncached',
    cached: false,
    load: { url: `http://127.0.0.1:PORT/info?MenuId=${data.bigMenuId}&NewsId=${data.detailId}`, connections: CONNECTIONS, headers: HEADERS },
  },
  {
    name: 'distinct articles (a crawl), response cache on',
    cached: true,
    load: { url: 'http://127.0.0.1:PORT', connections: CONNECTIONS, headers: HEADERS, freshPrefixes: articlePaths(data, 20_000) },
  },
];
const builds: Array<{ label: string; dir: string }> = [];
const rows: string[] = [];
try {
  if (args.base) builds.push(addBuiltWorktree(args.base));
  builds.push({ label: 'this checkout', dir: root });
  // Scene by scene, the builds one after the other: the machine's moods fall on both alike.
  for (const scene of scenes)
    for (const { label, dir } of builds) {
      rows.push(row(label, scene.name, await measure(dir, data, scene.cached, scene.load)));
      console.log(rows.at(-1));
    }
} finally {
  removeWorktrees();
}
console.log(
  [
    '',
    `CPU ms per page drawn, by thread (/proc), on ${CONNECTIONS} connections for ${SECONDS} s each, ${describeGenerator(GENERATOR)}, ${data.articles.toLocaleString('en-US')} articles on SQLite, one server process.`,
    machineLoad(loadAtStart),
    '',
    '| build | pages | drawn a second | refused | event loop | render threads | other threads (GC, compiler, libuv) | in all | peak RSS MiB |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n'),
);
