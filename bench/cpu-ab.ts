import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { BenchData } from './data.js';
import { addWorktree, removeWorktrees } from './worktrees.js';
import { headersFor, signInMember, startServer, targets, UNCACHED, type Server, type Target } from './harness.js';
import type { ServerStats } from './server.js';

/**
 * `npx tsx bench/cpu-ab.ts --base <commit> [--head <commit>] [--only <RegExp>] [--mode cached|uncached] [--rounds 6] [--chunk-seconds 0.75]`:
 * what a public request costs the server in CPU time, on two builds measured in one run. On a
 * shared machine req/s of the same build varied by 20–30 % between runs, so a few per cent
 * between two builds needs another measure: the CPU time the server process spends per request
 * answered.
 *
 * That too moves with the machine's load, and only upwards: a server that is preempted loses
 * its caches and takes fewer requests per turn of its loop (at load average 10–16 on this
 * machine's 2 cores the same build cost 1.5–3× its own figure of a moment before). Measuring
 * both builds at once did not help (their ratio ranged 0.1–1.8 between rounds). So each target
 * is measured in short chunks of a fixed number of requests, the builds taking turns
 * (A B B A …) so a busy stretch of the machine falls on both, and a round keeps
 * each build's cheapest chunk: other work only ever adds to a chunk, so the cheapest is the
 * closest to what the code costs. The chunks are long enough (about a second) to hold the
 * collector's routine work; a rare cost (a major collection, a timer every few seconds) may be
 * left out, for both builds alike. When the machine is busy throughout, no chunk is quiet and
 * the spread of the round ratios says so: rerun at a quieter time before reading a few per cent.
 *
 * Each commit is checked out in a worktree under the system's temporary folder (removed at the
 * end) with this checkout's node_modules linked in, so both builds run on the same installed
 * dependencies and differ by the project's code alone; its web app is built there (the pages
 * are rendered by it). Both get this checkout's bench/data.ts and bench/server.ts: the same
 * 100,000 articles (every tenth with five revisions where the build has revisions) in a SQLite
 * data set of their own, built once and kept in bench/.data-ab/<commit>, and the same harness.
 * Each round starts fresh servers (one with the response cache, one without, as run.ts does)
 * and warms each target up before measuring it. Reported: the median over the rounds of each
 * build's CPU µs per request, their ratio, and the lowest and highest ratio of single rounds.
 * Loopback only; run it under `nice` on a machine others use.
 */

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    head: { type: 'string' },
    only: { type: 'string' },
    mode: { type: 'string' },
    rounds: { type: 'string' },
    'chunk-seconds': { type: 'string' },
  },
});
/** One of a target's two ways only: the cached answer (what a page view costs most of the time), or the route's own work. */
const MODE = args.mode;
if (MODE !== undefined && MODE !== 'cached' && MODE !== 'uncached') throw new Error('--mode cached|uncached');
if (!args.base) throw new Error('--base <commit>: the build to compare with');
const ONLY = args.only === undefined ? undefined : new RegExp(args.only);
const ROUNDS = Number(args.rounds ?? 6);
const ARTICLES = 100_000;
/** Per build: enough to keep a server busy, without run.ts's 100 that only deepen the queue. */
const CONNECTIONS = 16;
/** Before each target on each build, so the JIT, SQLite's page cache and the response cache are warm; its rate sizes the chunks. */
const WARM_UP_SECONDS = 2;
/**
 * A chunk: about this long at the warm-up's rate, and at least a request per connection. Work a
 * timer does every few seconds (访问统计 writes its page views every 2 s) falls outside most
 * chunks this short: `--chunk-seconds 6` puts it in every chunk, to measure what it costs.
 */
const CHUNK_SECONDS = Number(args['chunk-seconds'] ?? 0.75);
/** Chunks per build, per target and round. */
const CHUNKS = 4;

interface Build {
  label: string;
  commit: string;
  dir: string;
  data: BenchData;
}

interface Sample {
  micros: number;
  rps: number;
}

/**
 * Where this checkout's bench/data.ts finds a module that an older build keeps elsewhere: the
 * seed moved from db/seed/ to seed/, the SQLite search function from features/search/ to db/,
 * password hashing from features/system/ to features/system/auth/.
 * A link at the new place lets data.ts run inside the older worktree (Node resolves the link
 * to the real file, so the module's own relative imports still work).
 */
const MOVED_MODULES: ReadonlyArray<[now: string, before: string]> = [
  ['apps/server/src/seed', 'db/seed'],
  ['apps/server/src/db/bigrams.ts', '../features/search/bigrams.ts'],
  ['apps/server/src/features/system/auth/passwords.ts', '../passwords.ts'],
];

function linkMovedModules(dir: string): void {
  for (const [now, before] of MOVED_MODULES) {
    const at = path.join(dir, now);
    if (fs.existsSync(at) || !fs.existsSync(path.resolve(path.dirname(at), before))) continue;
    fs.mkdirSync(path.dirname(at), { recursive: true });
    fs.symlinkSync(before, at);
  }
}

function prepare(ref: string): Build {
  const { commit, label, dir } = addWorktree(ref);
  for (const file of ['bench/data.ts', 'bench/server.ts']) fs.copyFileSync(path.join(root, file), path.join(dir, file));
  console.log(`${label}: building the web app`);
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error(`${label}: npm run build failed`);
  // Built by the commit's own migrations and seed, so each build opens a database it made.
  const dataDir = path.join(root, 'bench/.data-ab', commit.slice(0, 12));
  // Built once per commit and kept, so a kept set is not opened again.
  if (!fs.existsSync(path.join(dataDir, 'ready.json'))) {
    linkMovedModules(dir);
    const script = `const { ensureData } = await import('./bench/data.ts'); await ensureData(${JSON.stringify(dataDir)}, ${ARTICLES});`;
    const data = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: dir, stdio: 'inherit' });
    if (data.status !== 0) throw new Error(`${label}: building the data failed`);
  }
  return { label, commit, dir, data: JSON.parse(fs.readFileSync(path.join(dataDir, 'ready.json'), 'utf8')) as BenchData };
}

/**
 * What must be the same in both builds' answers: the ids and titles of JSON answers (times
 * differ, as each data set was built at its own time, and views count up), the title of a page.
 */
function fingerprint(body: string): string {
  if (!body.startsWith('{')) return /<title>(.*?)<\/title>/s.exec(body)?.[1] ?? '';
  const found: string[] = [];
  JSON.parse(body, (key, value: unknown) => {
    if (/^(Id|NewsId|Title)$/.test(key)) found.push(`${key}=${String(value)}`);
    return value;
  });
  return found.join(' ');
}

/** A server under test and, for member targets, its build's member token. */
interface Asked {
  server: Server;
  memberToken: string;
}

async function answer({ server, memberToken }: Asked, target: Target): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${server.port}${target.path}`, { headers: headersFor(target, memberToken) });
  const body = await response.text();
  if (!response.ok || !target.check(body)) throw new Error(`${target.name}: unexpected answer ${response.status} ${body.slice(0, 200)}`);
  return body;
}

async function cpuMicros(server: Server): Promise<number> {
  const { stats } = (await server.ask({ kind: 'stats' })) as { stats: ServerStats };
  return stats.cpuMicros;
}

async function load({ server, memberToken }: Asked, target: Target, options: { duration: number } | { amount: number }) {
  const connections = 'amount' in options ? Math.min(CONNECTIONS, options.amount) : CONNECTIONS;
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}${target.path}`,
    connections,
    headers: headersFor(target, memberToken),
    timeout: 30,
    ...options,
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures) throw new Error(`${target.name}: ${failures} of ${result.requests.total} requests failed`);
  return result.requests.total;
}

/** CPU µs per request of one chunk of `amount` requests, and the rate they were answered at (for reference). */
async function chunk(asked: Asked, target: Target, amount: number): Promise<Sample> {
  const before = await cpuMicros(asked.server);
  const started = performance.now();
  const answered = await load(asked, target, { amount });
  const seconds = (performance.now() - started) / 1000;
  return { micros: ((await cpuMicros(asked.server)) - before) / answered, rps: answered / seconds };
}

/** Each build's cheapest chunk of the round (see above), its builds taking turns A B B A …. */
async function measurePair(servers: Asked[], asked: Target[]): Promise<Sample[]> {
  const rates = await Promise.all(servers.map(async (server, i) => (await load(server, asked[i]!, { duration: WARM_UP_SECONDS })) / WARM_UP_SECONDS));
  const amount = Math.max(CONNECTIONS, Math.round(Math.min(...rates) * CHUNK_SECONDS));
  const chunks: Sample[][] = servers.map(() => []);
  for (let n = 0; n < CHUNKS; n++) {
    for (const i of n % 2 ? [1, 0] : [0, 1]) chunks[i]!.push(await chunk(servers[i]!, asked[i]!, amount));
  }
  return chunks.map((list) => list.reduce((best, sample) => (sample.micros < best.micros ? sample : best)));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const loadAtStart = os.loadavg();
try {
  const builds = [prepare(args.base), prepare(args.head ?? 'HEAD')] as const;
  const runs = targets(builds[0].data)
    .filter((target) => !ONLY || ONLY.test(target.name))
    // Uncached searches ask a fresh key each time (run.ts), which a fixed request cannot.
    .flatMap((target) => target.modes.filter((mode) => mode === 'cached' || mode === 'same').map((mode) => ({ target, cached: mode === 'cached' })))
    .filter(({ cached }) => MODE === undefined || cached === (MODE === 'cached'));
  if (!runs.length) throw new Error('--only matches no target');
  const samples = new Map<string, Sample[][]>(runs.map(({ target, cached }) => [`${target.name}|${cached}`, [[], []]]));
  for (let round = 0; round < ROUNDS; round++) {
    const env = (build: Build) => ({ DATA_DIR: build.data.dataDir, DATABASE_URL: '', BENCH_APP_PORT: '0', BENCH_BARE_PORT: undefined });
    const servers = await Promise.all(
      builds.map(async (build) => ({
        cached: await startServer(build.dir, env(build)),
        uncached: await startServer(build.dir, { ...env(build), ...UNCACHED }),
      })),
    );
    try {
      // One session per build and round: both of a build's servers read the same database.
      const memberTokens = await Promise.all(builds.map((build, i) => signInMember(servers[i]!.cached.port, build.data)));
      for (const { target, cached } of runs) {
        const mode = cached ? 'cached' : 'uncached';
        const asked = servers.map((pair, i) => ({ server: pair[mode], memberToken: memberTokens[i]! }));
        // The same target on each build's own data (its ids).
        const targetOf = builds.map((build) => targets(build.data).find((t) => t.name === target.name)!);
        if (round === 0) {
          const [a = '', b = ''] = await Promise.all(asked.map(async (server, i) => fingerprint(await answer(server, targetOf[i]!))));
          if (a !== b) console.warn(`! ${target.name}: the builds answer differently\n  ${a.slice(0, 300)}\n  ${b.slice(0, 300)}`);
          else console.log(`${target.name} ${mode}: both builds answer ${a.slice(0, 120)}…`);
        }
        const pair = await measurePair(asked, targetOf);
        samples.get(`${target.name}|${cached}`)!.forEach((list, i) => list.push(pair[i]!));
        console.log(
          `round ${round + 1} | ${target.name} ${mode}: ${pair.map((sample, i) => `${builds[i]!.label} ${sample.micros.toFixed(1)} µs CPU/request (${Math.round(sample.rps)} req/s)`).join(', ')}`,
        );
      }
    } finally {
      await Promise.all(servers.flatMap((pair) => [pair.cached.stop(), pair.uncached.stop()]));
    }
  }
  const [base, head] = builds;
  console.log(
    [
      '',
      `${ROUNDS} rounds; per target and round each build ${WARM_UP_SECONDS} s of warm-up, then the cheapest of ${CHUNKS} chunks of about ${CHUNK_SECONDS} s taken in turns; ${CONNECTIONS} connections; ` +
        `load average ${loadAtStart.map((n) => n.toFixed(2)).join(' / ')} at the start, ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' / ')} at the end; ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown'}`,
      '',
      `| call | answer | ${base.label} µs/request | ${head.label} µs/request | ratio | ratio by round, min–max | req/s, median of each |`,
      '|---|---|---:|---:|---:|---:|---:|',
      ...runs.map(({ target, cached }) => {
        const [a = [], b = []] = samples.get(`${target.name}|${cached}`)!;
        const ratios = b.map((sample, i) => sample.micros / a[i]!.micros);
        const [microsA, microsB] = [a, b].map((list) => median(list.map((s) => s.micros))) as [number, number];
        const [rpsA, rpsB] = [a, b].map((list) => Math.round(median(list.map((s) => s.rps))));
        return `| ${target.name} | ${cached ? 'cached' : 'uncached'} | ${microsA.toFixed(1)} | ${microsB.toFixed(1)} | ${(microsB / microsA).toFixed(3)} | ${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)} | ${rpsA} / ${rpsB} |`;
      }),
    ].join('\n'),
  );
} finally {
  removeWorktrees();
}
