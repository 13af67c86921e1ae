import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { formatCst } from '@portal/shared';
import { benchDataDir, ensureData, type BenchData } from './data.js';
import { defaultGenerator, describeGenerator, runLoad, type Generator } from './load.js';
import { ensurePostgresData, postgresIdle } from './postgres.js';
import { HEADERS, KEY_SHORT, startServer, targets, UNCACHED, type Server, type Target, type UncachedMode } from './harness.js';
import type { ServerStats } from './server.js';
import { runMembersBench } from './members.js';
import { runElectionsBench } from './elections.js';
import { runFormsBench } from './forms.js';
import { runMessagesBench } from './messages.js';
import { runMailingsBench } from './mailings.js';
import { runIdNumbersBench } from './id-numbers.js';
import { runStatisticsBench } from './statistics.js';
import { runProofreadingBench } from './proofreading.js';

/**
 * `npm run bench`: the public calls and server-rendered pages, each answered from the response
 * cache and uncached, beside a bare Fastify route measured in the same run as the baseline; at
 * 100 connections, with the server's event-loop delay and memory. On SQLite always; on
 * PostgreSQL too with `--pg` (DATABASE_URL, or the local test server), where it also runs two
 * instances behind nginx and times how soon a write through one shows through the other.
 * `--articles 1000000` builds and uses a data set of a million articles (kept in bench/.data).
 * Loopback only, ports BENCH_PORT (3401) to BENCH_PORT + 3. The load comes from wrk when it is
 * installed (`--generator autocannon` to choose autocannon; see load.ts). `--only <RegExp>` measures
 * only the matching targets and prints them without touching RESULTS.md. `npm run bench -- members`
 * runs the membership job's bench (bench/members.ts) instead, `npm run bench -- elections` the
 * election count's (bench/elections.ts), `npm run bench -- forms` the forms' (bench/forms.ts),
 * `npm run bench -- messages` 在线留言's statistics (bench/messages.ts), `npm run bench -- mailings` a
 * mailing to 100,000 members (bench/mailings.ts), `npm run bench -- id-numbers [--base <commit>]` lookups
 * by sealed ID numbers against a build before them and a million re-sealed (bench/id-numbers.ts),
 * `npm run bench -- statistics` 访问统计's roll-ups and dashboard over ten million page views (bench/statistics.ts),
 * `npm run bench -- proofreading` 校对 of a 50,000-character article against 20,000 易错词 (bench/proofreading.ts).
 */

const root = path.resolve(import.meta.dirname, '..');
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    articles: { type: 'string' },
    pg: { type: 'boolean' },
    seconds: { type: 'string' },
    generator: { type: 'string' },
    only: { type: 'string' },
    base: { type: 'string' },
  },
});
// `npm run bench -- members`: the membership job over 100,000 members instead (bench/members.ts).
if (positionals[0] === 'members') {
  await runMembersBench();
  process.exit(0);
}
// `npm run bench -- elections`: an election of 10,000 ballots closed, counted and verified (bench/elections.ts).
if (positionals[0] === 'elections') {
  await runElectionsBench();
  process.exit(0);
}
// `npm run bench -- forms`: a survey's results over 100,000 responses, and submissions to a public form (bench/forms.ts).
if (positionals[0] === 'forms') {
  await runFormsBench();
  process.exit(0);
}
// `npm run bench -- messages`: 在线留言's statistics over 100,000 messages (bench/messages.ts).
if (positionals[0] === 'messages') {
  await runMessagesBench();
  process.exit(0);
}
// `npm run bench -- mailings`: a mailing to 100,000 members queued and handed to the outbox at the configured rate (bench/mailings.ts).
if (positionals[0] === 'mailings') {
  await runMailingsBench();
  process.exit(0);
}
// `npm run bench -- id-numbers [--base <commit>]`: lookups by ID number and re-sealing a million (bench/id-numbers.ts).
if (positionals[0] === 'id-numbers') {
  await runIdNumbersBench(args.base);
  process.exit(0);
}
// `npm run bench -- statistics`: 访问统计 over ten million page views (bench/statistics.ts).
if (positionals[0] === 'statistics') {
  await runStatisticsBench();
  process.exit(0);
}
// `npm run bench -- proofreading`: 校对 of a 50,000-character article against 20,000 易错词 (bench/proofreading.ts).
if (positionals[0] === 'proofreading') {
  await runProofreadingBench();
  process.exit(0);
}
if (positionals.length > 0)
  throw new Error(
    `unknown bench ${positionals.join(' ')}: the named ones are members, elections, forms, messages, mailings, id-numbers, statistics and proofreading`,
  );
/** `--only <RegExp>`: measure only the targets whose names match (e.g. to compare two builds on a few calls); RESULTS.md is then left as it is. */
const ONLY = args.only === undefined ? undefined : new RegExp(args.only);
const ARTICLES = Number(args.articles ?? 100_000);
const PG_URL = args.pg || process.env.DATABASE_URL ? (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : undefined;
const PG_SCHEMA = `bench_${ARTICLES}`;
const CONNECTIONS = 100;
const SECONDS = Number(args.seconds ?? 5);
const WARM_UP_SECONDS = 1;
if (args.generator !== undefined && args.generator !== 'wrk' && args.generator !== 'autocannon') throw new Error('--generator: wrk or autocannon');
const GENERATOR: Generator = (args.generator as Generator | undefined) ?? defaultGenerator();
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3401);
const ports = { bare: BASE_PORT, app: BASE_PORT + 1, second: BASE_PORT + 2, nginx: BASE_PORT + 3 };

interface Row {
  setup: string;
  name: string;
  mode: string;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  checked: boolean;
  stats: ServerStats;
  /** Req/s of the same-work route (bench/same-work.ts) measured right after this uncached call. */
  sameWorkRps?: number;
}

function ensureWebBuild(): void {
  if (fs.existsSync(path.join(root, 'apps/web/dist/index.html')) && fs.existsSync(path.join(root, 'apps/web/dist-ssr'))) return;
  console.log('apps/web/dist is missing: npm run build');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

/**
 * Search keys that occur in the data: two- and four-character runs of Chinese taken from
 * random titles, so each uncached search asks something new and finds articles.
 */
function searchKeys(data: BenchData): Record<2 | 4, string[]> {
  const file = new SQLite(path.join(data.dataDir, 'portal.db'), { readonly: true });
  try {
    const titles = file.prepare('SELECT title FROM news ORDER BY random() LIMIT 2000').all() as Array<{ title: string }>;
    const keys = { 2: new Set<string>(), 4: new Set<string>() };
    for (const { title } of titles) {
      for (const length of [2, 4] as const) {
        const runs = title.match(new RegExp(`[\\u4e00-\\u9fa5]{${length},}`, 'g')) ?? [];
        for (const run of runs) {
          const at = Math.floor(Math.random() * (run.length - length + 1));
          keys[length].add(run.slice(at, at + length));
        }
      }
    }
    return { 2: [...keys[2]], 4: [...keys[4]] };
  } finally {
    file.close();
  }
}

/** The paths an uncached search walks through, `fresh=<n>` to be appended (see Load); none for the same request again. */
function freshPrefixes(mode: 'cached' | UncachedMode, keys: Record<2 | 4, string[]>): string[] | undefined {
  if (mode === 'cached' || mode === 'same') return undefined;
  const pool = keys[mode === 'key2' ? 2 : 4];
  return (pool.length ? pool : [KEY_SHORT]).map((key) => `/api/XfWebApi/GetNewsList?key=${encodeURIComponent(key)}&pagesize=10&pageindex=1&`);
}

/**
 * Waits until the server answers its liveness check quickly again: requests the previous
 * measurement left queued (slow searches) would otherwise be charged to the next one.
 */
async function settle(base: string): Promise<void> {
  const until = performance.now() + 20_000;
  let quick = 0;
  while (quick < 3 && performance.now() < until) {
    const started = performance.now();
    await fetch(`${base}/healthz`).then((r) => r.text());
    quick = performance.now() - started < 20 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function measure(
  setup: string,
  base: string,
  target: Target,
  mode: 'cached' | UncachedMode,
  server: Server,
  keys: Record<2 | 4, string[]>,
): Promise<Row> {
  await settle(base);
  const first = await fetch(base + target.path, { headers: HEADERS });
  const body = await first.text();
  let checked = first.ok;
  try {
    checked &&= target.check(body);
  } catch {
    checked = false;
  }
  if (!checked) console.warn(`! ${target.name}: unexpected answer ${first.status} ${body.slice(0, 200)}`);
  const load = { url: base + target.path, connections: CONNECTIONS, headers: HEADERS, freshPrefixes: freshPrefixes(mode, keys) };
  await runLoad(GENERATOR, { ...load, seconds: WARM_UP_SECONDS });
  await server.ask({ kind: 'stats' });
  const result = await runLoad(GENERATOR, { ...load, seconds: SECONDS });
  const { stats } = (await server.ask({ kind: 'stats' })) as { stats: ServerStats };
  const row: Row = {
    setup,
    name: target.name,
    mode: mode === 'cached' ? 'cached' : 'uncached',
    ...result,
    checked,
    stats,
  };
  console.log(
    `${setup} | ${row.name} ${row.mode}: ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, loop p99 ${stats.loopP99} ms, RSS ${stats.rssMiB} MiB`,
  );
  return row;
}

async function measureBare(setup: string, server: Server): Promise<Row> {
  const target: Target = {
    name: 'bare Fastify route /hello (baseline: the faster of first and last)',
    path: '/hello',
    check: (b) => b.includes('world'),
    modes: ['cached'],
  };
  return measure(setup, `http://127.0.0.1:${ports.bare}`, target, 'cached', server, { 2: [], 4: [] });
}

const sameWorkTarget = (target: Target): Target => ({
  ...target,
  name: `same-work route for ${target.name}`,
  path: target.path.replace('/api/XfWebApi/', '/same-work/'),
});

/**
 * Fails the run unless the same-work route answers exactly the bytes the app answers uncached
 * (asked once each, before any load: GetNewsDetail's view count is then the same on both sides).
 */
async function checkSameWork(target: Target): Promise<void> {
  const body = async (base: string, t: Target) => Buffer.from(await (await fetch(base + t.path, { headers: HEADERS })).arrayBuffer());
  const app = await body(`http://127.0.0.1:${ports.second}`, target);
  const same = await body(`http://127.0.0.1:${ports.bare}`, sameWorkTarget(target));
  if (app.equals(same)) return;
  let at = 0;
  while (app[at] === same[at]) at++;
  const around = (b: Buffer) => b.subarray(Math.max(0, at - 60), at + 60).toString();
  throw new Error(
    `${target.name}: the same-work answer differs from the app's from byte ${at} (app ${app.length} bytes, same-work ${same.length})\n  app:       …${around(app)}…\n  same-work: …${around(same)}…`,
  );
}

/**
 * One engine, one instance: the baseline, then every target in each of its modes. Cached modes
 * ask a server with the response cache, uncached ones a second server on the same data with
 * the cache off: the cache keys a call by the parameters its route reads, so a fresh made-up
 * parameter no longer makes a miss (and misses kept by the thousand would weigh on the hits
 * measured after them). On SQLite, a target the same-work route also answers is measured
 * uncached and then at once through that route, whose answer is first checked to be the app's.
 */
async function suite(setup: string, env: Record<string, string | undefined>, data: BenchData, keys: Record<2 | 4, string[]>): Promise<Row[]> {
  const server = await startServer(root, { ...env, BENCH_APP_PORT: String(ports.app), BENCH_BARE_PORT: String(ports.bare) });
  const uncached = await startServer(root, { ...env, ...UNCACHED, BENCH_APP_PORT: String(ports.second), BENCH_BARE_PORT: undefined });
  try {
    const rows = [await measureBare(setup, server)];
    const runs = targets(data)
      // Member-only reads are compared between builds by cpu-ab.ts; this run measures what visitors ask.
      .filter((target) => !target.asMember && (!ONLY || ONLY.test(target.name)))
      .flatMap((target) => target.modes.map((mode) => ({ target, mode })));
    // The same-work routes read the SQLite file (bench/server.ts starts them only there).
    const withSameWork = (target: Target, mode: 'cached' | UncachedMode) => !env.DATABASE_URL && target.sameWork === true && mode === 'same';
    for (const { target, mode } of runs) if (withSameWork(target, mode)) await checkSameWork(target);
    // Uncached searches last: a short key scans, and the requests they leave queued would be charged to whatever came next.
    const isSearch = (mode: 'cached' | UncachedMode) => mode === 'key2' || mode === 'key4';
    for (const { target, mode } of [...runs.filter((r) => !isSearch(r.mode)), ...runs.filter((r) => isSearch(r.mode))]) {
      const [port, asked] = mode === 'cached' ? [ports.app, server] : [ports.second, uncached];
      const row = await measure(setup, `http://127.0.0.1:${port}`, target, mode, asked, keys);
      rows.push(row);
      if (withSameWork(target, mode)) {
        const sameWork = await measure(setup, `http://127.0.0.1:${ports.bare}`, sameWorkTarget(target), mode, server, keys);
        row.sameWorkRps = sameWork.rps;
        rows.push(sameWork);
      }
    }
    rows.push(await measureBare(setup, server));
    return rows;
  } finally {
    await Promise.all([server.stop(), uncached.stop()]);
  }
}

/** nginx (Debian's) in front of two instances, as a child in the foreground with its own files. */
function startNginx(upstreams: number[]): { stop: () => Promise<void> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  const conf = `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream portal { ${upstreams.map((p) => `server 127.0.0.1:${p};`).join(' ')} keepalive 128; }
  server {
    listen 127.0.0.1:${ports.nginx};
    location / { proxy_pass http://portal; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host $host; proxy_set_header X-Forwarded-For $remote_addr; }
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn('/usr/sbin/nginx', ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], { stdio: 'inherit' });
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGQUIT');
      }),
  };
}

/** Milliseconds until a banner saved through `writer` is in the carousel `reader` answers (which had it cached). */
async function writeVisibleAfter(writer: Server, readerPort: number): Promise<number> {
  const url = `http://127.0.0.1:${readerPort}/api/XfWebApi/GetBannerList?type=2`;
  const title = `bench-${Date.now()}`;
  await fetch(url).then((r) => r.text());
  await writer.ask({ kind: 'write', title });
  const started = performance.now();
  while (!(await fetch(url).then((r) => r.text())).includes(title)) {
    if (performance.now() - started > 10_000) return Infinity;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - started;
}

/**
 * Two instances on PostgreSQL behind nginx: a few calls through the proxy, cached through a pair
 * with the response cache and uncached through a pair without (see suite), and a write's travel
 * time between the first pair.
 */
async function twoInstances(
  env: Record<string, string | undefined>,
  data: BenchData,
  keys: Record<2 | 4, string[]>,
): Promise<{ rows: Row[]; visibleMs: number }> {
  const setup = 'PostgreSQL, 2 instances behind nginx';
  const picked = targets(data).filter((t) => /GetNewsList page 1|GetNewsDetail|\/home/.test(t.name));
  const rows: Row[] = [];
  let visibleMs = Infinity;
  for (const cached of [true, false]) {
    const pairEnv = cached ? env : { ...env, ...UNCACHED };
    const first = await startServer(root, { ...pairEnv, BENCH_APP_PORT: String(ports.app), BENCH_BARE_PORT: String(ports.bare) });
    const second = await startServer(root, { ...pairEnv, BENCH_APP_PORT: String(ports.second), BENCH_BARE_PORT: undefined });
    const nginx = startNginx([ports.app, ports.second]);
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      // The baseline first (in the cached pair) and last (in the uncached one).
      if (cached) rows.push(await measureBare(setup, first));
      for (const target of picked)
        for (const mode of target.modes.filter((m) => (m === 'cached') === cached))
          rows.push(await measure(setup, `http://127.0.0.1:${ports.nginx}`, target, mode, first, keys));
      if (cached) visibleMs = await writeVisibleAfter(first, ports.second);
      else rows.push(await measureBare(setup, first));
    } finally {
      await nginx.stop();
      await Promise.all([first.stop(), second.stop()]);
    }
  }
  return { rows, visibleMs };
}

/**
 * The bare route is measured first and last: the same route differed by up to 1.7× between the
 * two ends of one run (the machine is shared), and the faster of the two is the baseline, so a
 * slow moment of the bare route never flatters the others.
 */
function table(rows: Row[]): string[] {
  const baseline = Math.max(1, ...rows.filter((r) => r.name.startsWith('bare')).map((r) => r.rps));
  return [
    '| call | answer | req/s | % of bare | % of same-work | p50 ms | p99 ms | loop p99 / max ms | RSS MiB | failed |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name}${r.checked ? '' : ' ⚠ wrong answer'} | ${r.name.startsWith('bare') ? '' : r.mode} | ${Math.round(r.rps)} | ${Math.round((r.rps / baseline) * 100)}% | ${r.sameWorkRps ? `${Math.round((r.rps / r.sameWorkRps) * 100)}%` : ''} | ${r.p50} | ${r.p99} | ${r.stats.loopP99} / ${r.stats.loopMax} | ${r.stats.rssMiB} | ${r.failures} |`,
    ),
  ];
}

function report(
  sections: Array<{ title: string; rows: Row[] }>,
  kept: string[],
  data: BenchData,
  loadAtStart: number[],
  visibleMs: number | undefined,
): string {
  const cpus = os.cpus();
  return [
    '# Benchmark results',
    '',
    `Produced by \`npm run bench\` (bench/run.ts); rerun to refresh. Each line: ${describeGenerator(GENERATOR)}, ` +
      `${CONNECTIONS} connections, ${WARM_UP_SECONDS} s warm-up then ${SECONDS} s measured, over 127.0.0.1 against servers in child processes. ` +
      '"cached": the same request again and again, answered from the response cache. "uncached": the same requests to a server on the same data ' +
      'with the response cache off (RESPONSE_CACHE_MB=0), and searches a fresh key taken from the titles, so the answer is built each time. ' +
      'Requests say `Accept-Encoding: gzip, deflate, br` as browsers do, so pages travel compressed (kept compressed in the cache). ' +
      '"% of bare" compares with the bare Fastify route of the same run, measured first and last (the faster of the two). ' +
      '"% of same-work" compares an uncached call with the same-work route measured right after it (bench/same-work.ts: one prepared statement on the same SQLite file, ' +
      "the app's row-to-answer mapping, JSON.stringify, compressed as the app compresses), whose answer was checked to be byte for byte the app's before any load. \"loop\" is the server's event-loop delay during the " +
      'measurement (perf_hooks.monitorEventLoopDelay, 10 ms resolution, so 10 ms is its floor); RSS is the server process at the end.',
    '',
    ...sections.flatMap((s) => [`## ${s.title}`, '', ...table(s.rows), '']),
    ...(visibleMs === undefined
      ? []
      : [`A banner saved through one instance showed through the other (which had the old list cached) after ${Math.round(visibleMs)} ms.`, '']),
    ...kept,
    '## Machine and data',
    '',
    `- date: ${formatCst()} (CST)`,
    `- CPU: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown'}; memory ${Math.round(os.totalmem() / 2 ** 30)} GiB; ${os.type()} ${os.release()}`,
    `- load generator: ${describeGenerator(GENERATOR)}`,
    `- Node ${process.version}; load average at the start ${loadAtStart.map((n) => n.toFixed(2)).join(' / ')}, at the end ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' / ')} (the machine is shared: other work lowers every figure, so they are lower bounds; the load generator runs on the same CPUs)`,
    `- data: ${data.articles.toLocaleString('en-US')} articles (SQLite file ${Math.round(fs.statSync(path.join(data.dataDir, 'portal.db')).size / 2 ** 20)} MiB; the same rows copied to PostgreSQL); most in 政策要闻 (menu ${data.bigMenuId})`,
    '- servers: buildApp with request logging off (LOG_LEVEL=warn), one process each',
    '',
  ].join('\n');
}

const loadAtStart = os.loadavg();
ensureWebBuild();
const data = await ensureData(benchDataDir(ARTICLES), ARTICLES);
const keys = searchKeys(data);
let visibleMs: number | undefined;
const sections: Array<{ title: string; rows: Row[] }> = [];
const previous = fs.existsSync(path.join(root, 'bench/RESULTS.md')) ? fs.readFileSync(path.join(root, 'bench/RESULTS.md'), 'utf8') : '';
/**
 * The previous file's sections this run does not measure (PostgreSQL without --pg, or not yet),
 * kept with the date they were measured, so a partial run does not erase the other figures.
 */
function keptSections(): string[] {
  const end = previous.indexOf('\n## Machine and data');
  if (end < 0) return [];
  const when = previous.match(/^- date: (.+)$/m)?.[1] ?? 'an earlier run';
  // Runs before the generator was named used autocannon.
  const generator = previous.match(/^- load generator: (.+)$/m)?.[1] ?? 'autocannon';
  const measured = new Set(sections.map((s) => s.title));
  return previous
    .slice(0, end)
    .split('\n## ')
    .slice(1)
    .filter((part) => !measured.has(part.slice(0, part.indexOf('\n'))))
    .map((part) => {
      const [title = '', ...rest] = part.split('\n');
      const body = rest.join('\n').trim();
      const note = `_Not measured in the run below: kept from the run of ${when} (load generator: ${generator})._`;
      return `## ${title}\n\n${body.startsWith('_Not measured') ? body : `${note}\n\n${body}`}\n`;
    });
}
/** Writes what is measured so far (after each setup, so a long run interrupted keeps its finished parts); sections of other benchmarks below are kept. */
function writeResults(): string {
  const text = report(sections, keptSections(), data, loadAtStart, visibleMs);
  if (ONLY) return text;
  const kept = previous.indexOf('\n## Sensitive words');
  fs.writeFileSync(path.join(root, 'bench/RESULTS.md'), text + (kept >= 0 ? previous.slice(kept) : ''));
  return text;
}
sections.push({
  title: `SQLite, one instance, ${ARTICLES.toLocaleString('en-US')} articles`,
  rows: await suite('SQLite', { DATA_DIR: data.dataDir, DATABASE_URL: '' }, data, keys),
});
writeResults();
if (PG_URL) {
  await ensurePostgresData(PG_URL, PG_SCHEMA, data);
  const env = { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-data-')), DATABASE_URL: PG_URL, DATABASE_SCHEMA: PG_SCHEMA };
  sections.push({ title: `PostgreSQL, one instance, ${ARTICLES.toLocaleString('en-US')} articles`, rows: await suite('PostgreSQL', env, data, keys) });
  writeResults();
  await postgresIdle(PG_URL);
  const two = await twoInstances(env, data, keys);
  sections.push({ title: 'PostgreSQL, two instances behind nginx (one worker process)', rows: two.rows });
  visibleMs = two.visibleMs;
}
console.log(`\n${writeResults()}`);
