// `npm run build`: the web app and the server, each stamped with the sources it was built from
// (build-stamps.mjs), so that `npm start` afterwards finds both current and builds nothing.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverBuild, webBuild } from './build-stamps.mjs';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Runs a build step; a failed one ends this process with its exit code. A step with a `title`
 * (`npm start`) is one line, "构建网页… 完成 (41 s)": its output (vite lists every chunk, some 450
 * lines) is kept in a file and printed only when the step fails, so the first start's screen is
 * the administrator's password box. BUILD_VERBOSE=1 shows it as it comes, as `npm run build` does.
 */
function run(command, args, title) {
  if (!title || process.env.BUILD_VERBOSE === '1') {
    if (title) console.log(`${title}…`);
    const step = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
    if (step.status !== 0) process.exit(step.status ?? 1);
    return;
  }
  process.stdout.write(`${title}… `);
  const started = Date.now();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-build-'));
  const log = path.join(folder, 'output.txt');
  // One file for both streams keeps their lines in the order they were written.
  const fd = openSync(log, 'w');
  const step = spawnSync(command, args, { cwd: root, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const output = readFileSync(log, 'utf8');
  rmSync(folder, { recursive: true, force: true });
  if (step.status === 0) {
    console.log(`完成 (${Math.round((Date.now() - started) / 1000)} s)`);
    return;
  }
  console.log('失败，输出如下：\n');
  process.stdout.write(output);
  if (step.error) console.error(step.error.message);
  process.exit(step.status ?? 1);
}

/** The browser app (apps/web/dist) and its server renderer (apps/web/dist-ssr); `title` makes it one line (run). */
export function buildWeb(title) {
  const hash = webBuild.sourceHash();
  run('npm', ['run', 'build', '-w', 'apps/web'], title);
  webBuild.write(hash);
}

/** The compiled server (apps/server/dist); build-server.mjs stamps it. */
export function buildServer(title) {
  run(process.execPath, ['scripts/build-server.mjs'], title);
}

/** Whether the server's build is missing or older than its sources. */
export const serverStale = () => serverBuild.builtHash() !== serverBuild.sourceHash();

if (process.argv[1] === import.meta.filename) {
  buildWeb();
  buildServer();
}
