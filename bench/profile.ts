import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { articlePaths, type BenchData } from './data.js';
import { signInMember } from './harness.js';
import { defaultGenerator, describeGenerator, runLoad } from './load.js';

/**
 * `npx tsx bench/profile.ts [detail|list|positions|home|crawl|<path>] [--cached] [--member] [--connections 32]`: a CPU profile of one public call or page
 * under load (wrk when installed, else autocannon: see load.ts; 32 connections unless given, 15 s), the same request again and again, built
 * each time by a server with the response cache off (RESPONSE_CACHE_MB=0) or, with --cached, answered from the response cache; or,
 * for `crawl`, distinct article pages never asked before, by a server with the response cache on (what a crawler costs: crawl.ts); on
 * the benchmark's SQLite data (run `npm run bench` once to build it). With --member, the requests carry the bench member's
 * token (member-only articles, GetUserInfo). Prints where the server's
 * time went, thread by thread (the event loop, the render threads) and by library, and leaves the
 * .cpuprofile files (open them in Chrome DevTools) in a temp folder.
 */

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3401) + 4;
const data = JSON.parse(fs.readFileSync(path.join(root, 'bench/.data/ready.json'), 'utf8')) as BenchData;
const targets = {
  detail: `/api/XfWebApi/GetNewsDetail?newsid=${data.detailId}`,
  list: `/api/XfWebApi/GetNewsList?pid=${data.bigMenuId}&pagesize=10&pageindex=1`,
  // The server-rendered home page.
  home: '/home',
  positions: '/api/XfWebApi/GetNewPositionList?seat=1&pageindex=1&pagesize=10',
  // Distinct article pages (freshPrefixes below).
  crawl: '',
};
// A named target, or any path of the server's.
const which = process.argv[2] ?? 'detail';
if (!which.startsWith('/') && !(which in targets)) throw new Error(`unknown target ${which}: ${Object.keys(targets).join(', ')}, or a path`);
const target = which.startsWith('/') ? which : targets[which as keyof typeof targets];
const crawl = which === 'crawl';
const cached = crawl || process.argv.includes('--cached');
const asMember = process.argv.includes('--member');
// Fewer than the render pool's line holds (features/pages/render-pool.ts) to profile pages drawn rather than refused.
const connectionsAt = process.argv.indexOf('--connections');
const connections = connectionsAt > 0 ? Number(process.argv[connectionsAt + 1]) : 32;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

/** Which part of the stack a sampled function belongs to. */
function category({ functionName, url }: ProfileNode['callFrame']): string {
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(idle)' || functionName === '(program)') return functionName;
  // better-sqlite3 runs a statement synchronously inside Kysely's driver call, and the native
  // frames are charged to it: that time is SQLite's own, not Kysely's.
  if (url.includes('/kysely/') && url.includes('sqlite-driver') && functionName === 'executeQuery') return 'SQLite running statements (in the driver call)';
  if (url.includes('/kysely/')) return 'Kysely (building, compiling, running queries)';
  if (url.includes('better-sqlite3') || (!url && ['prepare', 'all', 'get', 'run', 'iterate'].includes(functionName)))
    return `better-sqlite3 ${functionName || ''}`.trim();
  if (url.includes('/helmet/')) return 'helmet';
  if (url.includes('/zod/')) return 'zod (validation)';
  if (url.includes('/fastify') || url.includes('/find-my-way/') || url.includes('/avvio/')) return 'Fastify';
  if (url.includes('/apps/server/src/')) return 'our code';
  // The server renderer is one bundle (React, antd, our pages): split by what the function is.
  if (url.includes('/dist-ssr/')) return `server renderer: ${functionName || '(anonymous)'}`;
  if (url === 'node:zlib') return 'compression (zlib)';
  if (url.startsWith('node:') || !url) return 'Node (http, streams, natives)';
  return 'other libraries';
}

/** Where a thread's busy samples went, by category (shares in %), and the share of all its samples it was busy in. */
function summarise(profile: Profile): { busy: number; shares: Array<[string, number]> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<string, number>();
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (!node) continue;
    const name = category(node.callFrame);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const busy = [...counts].filter(([name]) => name !== '(idle)').reduce((n, [, c]) => n + c, 0);
  const shares = [...counts]
    .filter(([name]) => name !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .map(([name, c]): [string, number] => [name, Math.round((c / busy) * 1000) / 10]);
  return { busy: busy / Math.max(1, profile.samples.length), shares };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
const child = fork(path.join(root, 'bench/server.ts'), [], {
  execArgv: ['--import', 'tsx', '--cpu-prof', `--cpu-prof-dir=${dir}`],
  env: {
    ...process.env,
    DATA_DIR: data.dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    PUBLIC_BASE_URL: `http://127.0.0.1:${PORT}`,
    BENCH_APP_PORT: String(PORT),
    BENCH_BARE_PORT: '',
    ...(cached ? {} : { RESPONSE_CACHE_MB: '0' }),
  },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
await new Promise((resolve) => child.once('message', resolve));
const token: Record<string, string> = asMember ? { token: await signInMember(PORT, data) } : {};
const generator = defaultGenerator();
const result = await runLoad(generator, {
  url: `http://127.0.0.1:${PORT}${target}`,
  connections,
  seconds: 15,
  headers: { 'accept-encoding': 'gzip, deflate, br', ...token },
  // Far more than 15 s can read, so none is asked twice.
  ...(crawl ? { freshPrefixes: articlePaths(data, 20_000) } : {}),
});
await new Promise((resolve) => {
  child.once('exit', resolve);
  child.disconnect();
});
// Node writes a profile per thread, named CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile: thread 0
// is the event loop; the others are tsx's loader and the render threads (render-pool.ts), whose
// drawing and compression the event loop's profile does not show.
const threadOf = (file: string) => Number(file.split('.').at(-3));
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .sort((a, b) => threadOf(a) - threadOf(b));
if (files.length === 0) throw new Error(`no profile written in ${dir}`);
console.log(
  `${which}${asMember ? ' as a member' : ''}, ${crawl ? 'distinct articles' : cached ? 'cached' : 'uncached'} (${describeGenerator(generator)}): ${Math.round(result.rps)} req/s, p99 ${result.p99} ms; profiles in ${dir}`,
);
for (const file of files) {
  const { busy, shares } = summarise(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile);
  console.log(`\n${threadOf(file) === 0 ? 'the event loop' : `thread ${threadOf(file)}`}, busy in ${Math.round(busy * 100)} % of its samples:`);
  // What took under half a percent of a thread's busy samples is left out.
  for (const [name, share] of shares.filter(([, share]) => share >= 0.5)) console.log(`${String(share).padStart(5)} %  ${name}`);
}
