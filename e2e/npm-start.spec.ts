import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, processTree } from '../apps/server/test/system-processes.js';

/**
 * `npm start` as an operator runs it, after `npm run build` (which this suite's command runs
 * first): it builds nothing, and what stays running is npm and the server's own processes, the
 * compiled server and no TypeScript loader or start wrapper: the primary and one worker each,
 * with WEB_CONCURRENCY=2.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');

test('npm start leaves the primary and its workers, running the compiled server, and nothing between', async () => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-npm-start-'));
  const port = await freePort();
  const npm = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: '2',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'Quiet-harbour-lantern-2026',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<number | null>((resolve) => npm.once('exit', resolve));
  try {
    await expect
      .poll(
        async () =>
          (await fetch(`http://127.0.0.1:${port}/readyz`).then(
            (r) => r.status,
            () => 0,
          )) === 200 || npm.exitCode !== null,
        { timeout: 150_000, intervals: [200] },
      )
      .toBe(true);
    expect(npm.exitCode, output).toBeNull();
    // The builds were current: nothing was built at the start.
    expect(output).not.toMatch(/正在重新构建前端|正在编译服务端|首次启动/);

    const processes = processTree(npm.pid!).filter((p) => p.pid !== npm.pid);
    const commands = processes.map((p) => p.command);
    // npm's shell hands over to node (exec); whatever stays is the server's.
    expect(
      commands.filter((c) => /^(\/bin\/)?(sh|bash|dash)\b/.test(c)),
      commands.join('\n'),
    ).toEqual([]);
    expect(
      commands.filter((c) => c.includes('tsx')),
      commands.join('\n'),
    ).toEqual([]);
    const primary = processes.filter((p) => p.command.endsWith('scripts/start.mjs'));
    const workers = processes.filter((p) => p.command.includes('apps/server/dist/server.js'));
    expect(primary, commands.join('\n')).toHaveLength(1);
    // The preparing worker has done its work and gone: two serving workers remain, children of the primary.
    expect(workers, commands.join('\n')).toHaveLength(2);
    expect(processes, commands.join('\n')).toHaveLength(3);
    for (const worker of workers) expect(processTree(primary[0]!.pid).map((p) => p.pid)).toContain(worker.pid);
  } finally {
    if (npm.exitCode === null) process.kill(-npm.pid!, 'SIGTERM');
    await ended;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
