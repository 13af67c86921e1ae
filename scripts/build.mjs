// `npm run build`: the web app and the server, each stamped with the sources it was built from
// (build-stamps.mjs), so that `npm start` afterwards finds both current and builds nothing.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { serverBuild, webBuild } from './build-stamps.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Runs a build step; a failed one ends this process with its exit code. */
function run(command, args) {
  const step = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (step.status !== 0) process.exit(step.status ?? 1);
}

/** The browser app (apps/web/dist) and its server renderer (apps/web/dist-ssr). */
export function buildWeb() {
  const hash = webBuild.sourceHash();
  run('npm', ['run', 'build', '-w', 'apps/web']);
  webBuild.write(hash);
}

/** The compiled server (apps/server/dist); build-server.mjs stamps it. */
export function buildServer() {
  run(process.execPath, ['scripts/build-server.mjs']);
}

/** Whether the server's build is missing or older than its sources. */
export const serverStale = () => serverBuild.builtHash() !== serverBuild.sourceHash();

if (process.argv[1] === import.meta.filename) {
  buildWeb();
  buildServer();
}
