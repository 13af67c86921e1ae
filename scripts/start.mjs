// `npm start`: build the web app when it is missing or its sources changed since it was built
// (a content hash, scripts/web-build-stamp.mjs), then run the server (migrate, seed, listen).
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { builtHash, sourceHash, writeStamp } from './web-build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const hash = sourceHash();
// The server renderer of the public pages (apps/web/dist-ssr) is built with the browser app.
const built = ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'].every((file) => existsSync(path.join(root, file)));
const stamp = builtHash();
if (!built || stamp !== hash) {
  console.log(
    !built
      ? '首次启动：正在构建前端 (vite build)…'
      : stamp === null
        ? '前端构建缺少来源记录：正在重新构建前端 (vite build)…'
        : '前端源码或依赖已变更：正在重新构建前端 (vite build)…',
  );
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeStamp(hash);
}
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
