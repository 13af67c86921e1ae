import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { processTree } from '../apps/server/test/system-processes.js';
import { addWorktree, removeWorktrees } from './worktrees.js';

/**
 * `npx tsx bench/start.ts [--base <commit>] [--head <commit>] [--runs 3]`: how soon `npm start`
 * answers, and what it holds idle. For this checkout (or `--head`), and with `--base` for another
 * commit, each in a worktree beside it (its own `npm start`, whatever that was then):
 *
 *   - cold start: from spawning `npm start` (web and server already built, the database already
 *     migrated and seeded by a first start) to the first 200 on /home, for WEB_CONCURRENCY=1
 *     and 2; for this checkout also `node apps/server/dist/main.js`, what a service manager runs;
 *   - idle memory: 10 s after that first answer, the RSS of every process of the tree (npm and
 *     sh included), with WEB_CONCURRENCY=2;
 *   - the start after a kill -9 of a server running on the same data (WEB_CONCURRENCY=2).
 *
 * A service manager adds its restart delay to the figure after a kill -9 (the data folder's mark
 * of a killed server is taken over, not waited for). Loopback only, port
 * BENCH_PORT (3401). Medians of --runs.
 */

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { base: { type: 'string' }, head: { type: 'string' }, runs: { type: 'string' } } });
const RUNS = Number(args.runs ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3401);
const IDLE_MS = 10_000;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

interface Build {
  label: string;
  dir: string;
}

async function firstHome(child: ChildProcess): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server ended with exit code ${child.exitCode} before answering`);
    const status = await fetch(`http://127.0.0.1:${PORT}/home`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return performance.now() - started;
    if (performance.now() - started > 120_000) throw new Error('no 200 on /home within 120 s');
    await sleep(20);
  }
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  // The whole group: under npm, the signal must reach the server, not only npm.
  process.kill(-child.pid!, signal);
  await ended;
  // npm may end before the server it ran; wait until the port is free again.
  while (
    await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
      () => true,
      () => false,
    )
  )
    await sleep(50);
}

function launch(build: Build, command: string[], dataDir: string, workers: number): ChildProcess {
  return spawn(command[0]!, command.slice(1), {
    cwd: build.dir,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: String(workers),
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'Bench-start-harbour-2026',
    },
  });
}

/** idle: also the tree's RSS once idle; killed: each start follows a kill -9 of a running server on the same data. */
async function measure(build: Build, command: string[], dataDir: string, workers: number, { idle = false, killed = false } = {}) {
  const starts: number[] = [];
  const rss: number[] = [];
  let processes: ReturnType<typeof processTree> = [];
  for (let run = 0; run < RUNS; run++) {
    if (killed) {
      const victim = launch(build, command, dataDir, workers);
      await firstHome(victim);
      await stop(victim, 'SIGKILL');
    }
    const child = launch(build, command, dataDir, workers);
    try {
      starts.push(await firstHome(child));
      if (idle) {
        await sleep(IDLE_MS);
        processes = processTree(child.pid!);
        rss.push(processes.reduce((sum, p) => sum + p.rssKib, 0) / 1024);
      }
    } finally {
      await stop(child);
    }
  }
  return { start: median(starts), starts, rss: rss.length ? median(rss) : undefined, processes };
}

const builds: Build[] = [];
try {
  for (const ref of [args.base, args.head]) if (ref) builds.push(addWorktree(ref));
  if (!args.head) builds.push({ label: 'this checkout', dir: root });
  const lines: string[] = [];
  for (const build of builds) {
    // Built before measuring, as after an upgrade's `npm run build` (an older commit's npm start built its web app itself).
    const built = spawnSync('npm', ['run', 'build'], { cwd: build.dir, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error(`${build.label}: npm run build failed`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
    console.log(`${build.label}: built; measuring`);
    // The first start migrates and seeds the demo content: the database then exists.
    const first = launch(build, ['npm', 'start'], dataDir, 1);
    await firstHome(first);
    await stop(first);
    const variants: [string, string[]][] = [['npm start', ['npm', 'start']]];
    if (fs.existsSync(path.join(build.dir, 'scripts/build-server.mjs')))
      variants.push(['node apps/server/dist/main.js', [process.execPath, 'apps/server/dist/main.js']]);
    for (const [name, command] of variants) {
      for (const [workers, killed] of [
        [1, false],
        [2, false],
        [2, true],
      ] as const) {
        const result = await measure(build, command, dataDir, workers, { idle: workers === 2 && !killed, killed });
        lines.push(
          `| ${build.label} | ${name}${killed ? ', after kill -9' : ''} | ${workers} | ${(result.start / 1000).toFixed(2)} s (${result.starts.map((ms) => (ms / 1000).toFixed(2)).join(', ')}) | ${result.rss === undefined ? '' : `${result.rss.toFixed(0)} MiB`} |`,
        );
        console.log(lines.at(-1));
        if (result.processes.length)
          console.log(result.processes.map((p) => `    ${p.pid} ${(p.rssKib / 1024).toFixed(0)} MiB ${p.command.slice(0, 120)}`).join('\n'));
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    [
      '',
      `${RUNS} runs each (median, then every run); load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' / ')} at the end; ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown'}`,
      '',
      '| build | command | WEB_CONCURRENCY | first 200 on /home | idle RSS of the process tree |',
      '|---|---|---:|---:|---:|',
      ...lines,
    ].join('\n'),
  );
} finally {
  removeWorktrees();
}
