import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, processTree } from '../apps/server/test/system-processes.js';

/**
 * `npm start` as a newcomer runs it, after `npm run build` (which this suite's command runs
 * first), on an empty data folder and with the server's build out of date: it compiles the
 * server in one line, and what the screen shows is short, the administrator's password box
 * standing out (the build's own output is kept back). What stays running is npm and the
 * server's own processes, the compiled server and no TypeScript loader or start wrapper: the
 * primary and one worker each, with WEB_CONCURRENCY=2.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');

test('npm start shows a short first start with the password box, and leaves the primary and its workers running the compiled server', async () => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-npm-start-'));
  const port = await freePort();
  // The server's build out of date, as after a `git pull`: npm start compiles it (a second or two).
  fs.writeFileSync(path.join(repoRoot, 'apps/server/dist/.source-hash'), 'out of date\n');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_CONCURRENCY: '2',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  // No ADMIN_PASSWORD: the first start generates one and shows it in its box. No BUILD_VERBOSE: the build's output is kept back.
  delete env.ADMIN_PASSWORD;
  delete env.BUILD_VERBOSE;
  const npm = spawn('npm', ['start'], { cwd: repoRoot, detached: true, env });
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
    // The password box, whole.
    await expect.poll(() => output, { timeout: 10_000 }).toMatch(/╚═+╝/);
    expect(output).toMatch(/╔═+╗\n║ 后台首次启动：已创建超级管理员[^\n]*\n[\s\S]*║ {3}密码 password: \S{12,} +║[\s\S]*╚═+╝/);
    // Before it, besides npm's echo of the script, a line per build step (the server's at least; the
    // web app's too when its sources changed since `npm run build`): the build's output kept back.
    const lines = output.trimEnd().split('\n');
    const steps = lines
      .slice(
        0,
        lines.findIndex((line) => line.startsWith('╔')),
      )
      .filter((line) => line.trim() !== '' && !line.startsWith('> '));
    expect(steps, output).toContainEqual(expect.stringMatching(/^编译服务端… 完成 \(\d+ s\)$/));
    for (const step of steps) expect(step, output).toMatch(/^(网页源码或依赖已变更：重新构建网页|编译服务端)… 完成 \(\d+ s\)$/);
    expect(output).not.toMatch(/esbuild|vite|dist\/|\[ERROR\]/i);
    // Short enough that the box is what one sees.
    expect(lines.length, output).toBeLessThanOrEqual(25);

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
