// `npm run typecheck`: every TypeScript file checked (`tsc -p`), as many projects at once as the
// machine has cores, the longest first. tsc uses one core; checked one after another, the
// projects left the second core idle for the minutes they took. The server, the journeys and the
// benchmarks are checked as one program (tsconfig.node.json): the journeys and benchmarks import
// the server, so checked apart each checked the server's code again (docs/decisions.md). Each
// project's output is printed whole when it is done; the exit code is the first failure's, after
// all have run.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

/** Longest first, so the last one to start is a short one. */
const projects = ['tsconfig.node.json', 'apps/web', 'packages/shared'];
const lanes = Math.max(1, Math.min(os.availableParallelism(), projects.length));

function check(project) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : `exit code ${code}`} (${seconds} s)\n${output}`);
      resolve(code ?? 1);
    });
  });
}

const waiting = [...projects];
let failed = 0;
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let project = waiting.shift(); project; project = waiting.shift()) {
      const code = await check(project);
      if (code !== 0 && failed === 0) failed = code;
    }
  }),
);
process.exitCode = failed;
