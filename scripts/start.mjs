// `npm start`: build the web app when it is not built yet, then run the server (migrate, seed, listen).
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The server renderer of the public pages (apps/web/dist-ssr) is built with the browser app.
const built = ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'].every((file) => existsSync(path.join(root, file)));
if (!built) {
  console.log('首次启动：正在构建前端 (vite build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
