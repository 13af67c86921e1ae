import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';

/**
 * The load generators `npm run bench` can drive, behind one call. Both run on the machine under
 * test, so what they cost is taken from the server: autocannon (Node, in the bench's own
 * process) used about as much CPU as the server it measured, capping every fast answer near a
 * third of the bare route; wrk (C, Debian's package, one thread) costs a fraction of that, so
 * its figures are closer to what a client elsewhere would see. wrk is used when it is
 * installed, autocannon otherwise or when asked for (`--generator autocannon`).
 */
export type Generator = 'wrk' | 'autocannon';

export interface Load {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  /**
   * Each request goes to the next of these paths in turn (each ending in `?` or `&`) with
   * `fresh=<n>` appended, n counting requests (uncached searches walk through many keys).
   */
  freshPrefixes?: string[];
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, socket errors and timeouts. */
  failures: number;
}

export function defaultGenerator(): Generator {
  return spawnSync('wrk', ['--version']).error ? 'autocannon' : 'wrk';
}

/** A one-line description for the report. */
export function describeGenerator(generator: Generator): string {
  return generator === 'wrk' ? 'wrk (Debian’s, one thread)' : 'autocannon';
}

export function runLoad(generator: Generator, load: Load): Promise<LoadResult> {
  return generator === 'wrk' ? runWrk(load) : runAutocannon(load);
}

async function runAutocannon({ url, connections, seconds, headers, freshPrefixes }: Load): Promise<LoadResult> {
  let n = 0;
  const requests = freshPrefixes && [
    { headers, setupRequest: (request: Request) => ({ ...request, path: `${freshPrefixes[n % freshPrefixes.length]}fresh=${++n}` }) },
  ];
  const result = await autocannon({ url, connections, duration: seconds, timeout: 10, headers, ...(requests ? { requests } : {}) });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures: result.non2xx + result.errors + result.timeouts };
}

/** A Lua script for wrk that walks the fresh prefixes (wrk runs one Lua state per thread; we use one thread). */
function freshScript(prefixes: string[]): string {
  // JSON string literals are valid Lua string literals for these URL-encoded ASCII paths.
  return `local prefixes = { ${prefixes.map((p) => JSON.stringify(p)).join(', ')} }
local n = 0
request = function()
  local prefix = prefixes[(n % #prefixes) + 1]
  n = n + 1
  return wrk.format("GET", prefix .. "fresh=" .. n)
end
`;
}

async function runWrk({ url, connections, seconds, headers, freshPrefixes }: Load): Promise<LoadResult> {
  const args = [
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    '--timeout',
    '10s',
    '--latency',
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
  ];
  let dir: string | undefined;
  if (freshPrefixes) {
    if (freshPrefixes.some((p) => /["\\\s]/.test(p))) throw new Error('fresh prefixes must be URL-encoded');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
    fs.writeFileSync(path.join(dir, 'fresh.lua'), freshScript(freshPrefixes));
    args.push('-s', path.join(dir, 'fresh.lua'));
  }
  try {
    const output = await new Promise<string>((resolve, reject) =>
      execFile('wrk', [...args, url], { maxBuffer: 1 << 20 }, (err, stdout, stderr) =>
        err ? reject(new Error(`wrk failed: ${stderr || err.message}`)) : resolve(stdout),
      ),
    );
    return parseWrk(output);
  } finally {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** wrk writes durations as 812.00us, 2.10ms, 1.02s or 1.50m. */
function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value);
  if (!match) throw new Error(`wrk: unreadable duration ${value}`);
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
  return Math.round(Number(match[1]) * factor * 10) / 10;
}

function parseWrk(output: string): LoadResult {
  const percentile = (p: number) => {
    const match = new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(output);
    if (!match) throw new Error(`wrk: no ${p}th percentile in\n${output}`);
    return toMs(match[1]!);
  };
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(output);
  if (!rps) throw new Error(`wrk: no request rate in\n${output}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(output);
  const failures = (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0) + (non2xx ? Number(non2xx[1]) : 0);
  return { rps: Number(rps[1]), p50: percentile(50), p99: percentile(99), failures };
}
