// Runs commands side by side, as many at once as the machine has cores, in the order given
// (longest first, so the last to start is a short one). Each command's output is printed whole
// when it is done, under a line with its name, its outcome and its seconds; the exit code is the
// first failure's, after all have run. `npm run typecheck` and `npm run lint` use it: each of
// their tools uses one core, and one after another they left the second idle.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export const root = path.resolve(import.meta.dirname, '..');

/** A node script under node_modules, by its path there. */
export const nodeTool = (file) => path.join(root, 'node_modules', file);

function run({ name, script, args }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [script, ...args], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      process.stdout.write(`${name}: ${code === 0 ? 'ok' : `exit code ${code}`} (${seconds} s)\n${output}`);
      resolve(code ?? 1);
    });
  });
}

/** @param {{ name: string, script: string, args: string[] }[]} jobs */
export async function runInLanes(jobs) {
  const waiting = [...jobs];
  const lanes = Math.max(1, Math.min(os.availableParallelism(), jobs.length));
  let failed = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let job = waiting.shift(); job; job = waiting.shift()) {
        const code = await run(job);
        if (code !== 0 && failed === 0) failed = code;
      }
    }),
  );
  process.exitCode = failed;
}
