import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { tracked } from './children.js';
import { freePort } from './system-processes.js';

/**
 * Real processes for the operations tests: the compiled server as `npm start` runs it
 * (apps/server/dist/main.js, built for the run by global-setup.ts) and the operator CLI
 * (`node --import tsx …`), each a child with its own environment, so start-up, signals, exit
 * codes and output are what an operator sees.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const MAIN = 'apps/server/dist/main.js';
const CLI = 'apps/server/src/cli/main.ts';

/** The environment of a child: this one's PATH and the like, without the variables a test must set itself. */
export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATABASE_SCHEMA', 'ADMIN_PASSWORD', 'DATA_DIR', 'PORT', 'NODE_ENV', 'STORAGE_URL']) delete base[name];
  return { ...base, LOG_FORMAT: 'json', LOG_LEVEL: 'warn', ...env };
}

export interface Finished {
  code: number | null;
  /** The signal that ended it, when one did (code is then null). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to its end; `input` is written to its standard input. */
export function runCli(args: string[], env: Record<string, string>, input?: string): Promise<Finished> {
  const child = tracked(spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: repoRoot, env: childEnv(env), detached: true }));
  child.stdin.end(input ?? '');
  return finished(child);
}

/** Runs main.ts to its end (a start that fails). */
export function runServerToEnd(env: Record<string, string>): Promise<Finished> {
  return finished(tracked(spawn(process.execPath, [MAIN], { cwd: repoRoot, env: childEnv(env), detached: true })));
}

function finished(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** What it has written to standard output so far (log lines while it runs). */
  output(): string;
  /** Sends the signal and answers how the server ended: exit code and everything it wrote. */
  stop(signal?: NodeJS.Signals): Promise<Finished>;
}

/**
 * How long a server (or a cluster's worker) may take to come up: a guard against a server that
 * never comes up, not a measure of start-up time (bench/start.ts measures that). When the
 * server still ran through tsx, a start on a loaded two-core machine took well over 45 s.
 */
export const READY_WITHIN_MS = 120_000;

/** Starts main.ts on a free port and waits until /readyz answers 200. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = tracked(spawn(process.execPath, [MAIN], { cwd: repoRoot, env: childEnv({ HOST: '127.0.0.1', PORT: String(port), ...env }), detached: true }));
  const done = finished(child);
  let written = '';
  child.stdout.on('data', (chunk: Buffer) => (written += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  let exited: Finished | undefined;
  void done.then((f) => (exited = f));
  for (const started = Date.now(); ;) {
    if (exited) throw new Error(`server ended (${exited.signal ?? `exit code ${exited.code}`}) before it was ready: ${exited.stderr}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    // Only a guard against a server that never comes up (READY_WITHIN_MS).
    if (Date.now() - started > READY_WITHIN_MS) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready within ${READY_WITHIN_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid!,
    output: () => written,
    async stop(signal = 'SIGTERM') {
      if (!exited) child.kill(signal);
      return done;
    },
  };
}
