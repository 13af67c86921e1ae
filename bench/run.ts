import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { formatCst } from '@portal/shared';
import { ensureData, type BenchData } from './data.js';
import type { ServerPorts } from './server.js';

/**
 * `npm run bench`: requests per second and latency of the public calls on a SQLite database of
 * 100,000 articles, beside a bare Fastify route measured in the same run as the baseline.
 * Loopback only; the data in bench/.data is built once and reused.
 */

const root = path.resolve(import.meta.dirname, '..');
const ARTICLES = 100_000;
const CONNECTIONS = 10;
const SECONDS = 5;
const WARM_UP_SECONDS = 1;
const KEY_SHORT = '保险';
const KEY_LONG = '潜在缺陷';

interface Target {
  name: string;
  url: string;
  /** What a correct answer looks like; a wrong one is reported instead of a fast error page. */
  check: (body: string) => boolean;
}

interface Row {
  name: string;
  /** The checking request before the load: uncached, as the server keeps lists and matches for a minute. */
  first: number;
  rps: number;
  mean: number;
  p50: number;
  p99: number;
  failures: number;
  checked: boolean;
}

function ensureWebBuild(): void {
  if (fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) return;
  console.log('apps/web/dist is missing: npm run build');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

function startServer(dataDir: string): Promise<{ ports: ServerPorts; child: ChildProcess }> {
  const child = fork(path.join(root, 'bench/server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    // Request logging off (warn level): the numbers are the server's, not the log pipe's.
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 60 s')), 60_000);
    child.once('message', (ports) => {
      clearTimeout(timer);
      resolve({ ports: ports as ServerPorts, child });
    });
    child.once('exit', (code) => reject(new Error(`server exited with code ${code}`)));
  });
}

/** An envelope with Code 200 and, for lists, at least one row. */
const envelopeOk = (needsRows: boolean) => (body: string) => {
  const parsed = JSON.parse(body) as { Code?: number; Data?: { List?: unknown[] } | unknown[] };
  if (parsed.Code !== 200) return false;
  if (!needsRows) return true;
  const list = Array.isArray(parsed.Data) ? parsed.Data : parsed.Data?.List;
  return Array.isArray(list) && list.length > 0;
};

function targets({ app, bare }: ServerPorts, data: BenchData): Target[] {
  const api = `http://127.0.0.1:${app}/api/XfWebApi`;
  const list = (query: string) => `${api}/GetNewsList?${query}&pageindex=`;
  const search = (key: string) => `${api}/GetNewsList?key=${encodeURIComponent(key)}&pagesize=10&pageindex=1`;
  return [
    { name: 'bare Fastify route /hello (baseline)', url: `http://127.0.0.1:${bare}/hello`, check: (b) => b.includes('world') },
    { name: 'GetMenuList', url: `${api}/GetMenuList?parentid=-1`, check: envelopeOk(true) },
    { name: 'GetNewsList page 1 (政策要闻)', url: `${list(`pid=${data.bigMenuId}&pagesize=10`)}1`, check: envelopeOk(true) },
    { name: 'GetNewsList page 500 (政策要闻)', url: `${list(`pid=${data.bigMenuId}&pagesize=10`)}500`, check: envelopeOk(true) },
    { name: 'GetNewsDetail', url: `${api}/GetNewsDetail?newsid=${data.detailId}`, check: envelopeOk(false) },
    { name: `search, 2-character key ${KEY_SHORT}`, url: search(KEY_SHORT), check: envelopeOk(true) },
    { name: `search, 4-character key ${KEY_LONG}`, url: search(KEY_LONG), check: envelopeOk(true) },
    { name: 'home page HTML (GET /home)', url: `http://127.0.0.1:${app}/home`, check: (b) => b.includes('<div id="root">') },
  ];
}

async function measure(target: Target): Promise<Row> {
  const started = performance.now();
  const first = await fetch(target.url);
  const body = await first.text();
  const firstMs = performance.now() - started;
  let checked = first.ok;
  try {
    checked &&= target.check(body);
  } catch {
    checked = false;
  }
  if (!checked) console.warn(`! ${target.name}: unexpected answer ${first.status} ${body.slice(0, 200)}`);
  await autocannon({ url: target.url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, timeout: 10 });
  const result = await autocannon({ url: target.url, connections: CONNECTIONS, duration: SECONDS, timeout: 10 });
  const row = {
    name: target.name,
    first: firstMs,
    rps: result.requests.average,
    mean: result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    checked,
  };
  console.log(`${row.name}: ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms`);
  return row;
}

function report(rows: Row[], data: BenchData, loadAtStart: number[]): string {
  const baseline = rows[0]?.rps ?? 1;
  const cpus = os.cpus();
  const lines = [
    '# Benchmark results',
    '',
    'Produced by `npm run bench` (bench/run.ts); rerun to refresh. Each line: autocannon, ' +
      `${CONNECTIONS} connections, ${WARM_UP_SECONDS} s warm-up then ${SECONDS} s measured, over 127.0.0.1 against a server in a child process. ` +
      'autocannon records latency in whole milliseconds; the mean shows what is below that. ' +
      'The last column is the single request made before the load, to check the answer: the server keeps menus, ' +
      'list counts and search matches in memory for a minute, so that is the uncached cost.',
    '',
    '| endpoint | req/s | mean ms | p50 ms | p99 ms | % of baseline | failed requests | first request ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name}${r.checked ? '' : ' ⚠ wrong answer'} | ${Math.round(r.rps)} | ${r.mean.toFixed(2)} | ${r.p50} | ${r.p99} | ${Math.round((r.rps / baseline) * 100)}% | ${r.failures} | ${r.first.toFixed(1)} |`,
    ),
    '',
    '## Machine and data',
    '',
    `- date: ${formatCst()} (CST)`,
    `- CPU: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown'}; memory ${Math.round(os.totalmem() / 2 ** 30)} GiB; ${os.type()} ${os.release()}`,
    `- Node ${process.version}; load average at the start ${loadAtStart.map((n) => n.toFixed(2)).join(' / ')} (other work on the machine lowers every figure)`,
    `- database: SQLite (WAL) with ${data.articles.toLocaleString('en-US')} articles, ${Math.round(fs.statSync(path.join(data.dataDir, 'portal.db')).size / 2 ** 20)} MiB; most in 政策要闻 (menu ${data.bigMenuId})`,
    '- server: buildApp with request logging off (LOG_LEVEL=warn); the load generator runs on the same CPUs, so every figure is a lower bound',
    `- search keys: "${KEY_SHORT}" (shorter than a trigram: the LIKE path) and "${KEY_LONG}" (the trigram index)`,
    '',
  ];
  return lines.join('\n');
}

const loadAtStart = os.loadavg();
ensureWebBuild();
const data = await ensureData(path.join(root, 'bench/.data'), ARTICLES);
const { ports, child } = await startServer(data.dataDir);
try {
  const rows: Row[] = [];
  for (const target of targets(ports, data)) rows.push(await measure(target));
  const text = report(rows, data, loadAtStart);
  fs.writeFileSync(path.join(root, 'bench/RESULTS.md'), text);
  console.log(`\n${text}`);
} finally {
  child.disconnect();
}
