// The server compiled to JavaScript in apps/server/dist, so it starts without compiling
// TypeScript (tsx did that at every start: about half of a start-up's time). `npm run build`
// and, when the sources changed, `npm start` run it; `npm run dev` keeps tsx.
//
//   dist/main.js     what runs: `node apps/server/dist/main.js` (source maps on, then the server)
//   dist/server.js   apps/server/src/main.ts and the modules it imports at once
//   dist/chunk-*.js  the modules main.ts imports only where they are needed (the app, the
//                    seeds), so the cluster primary never loads them
//
// Packages stay in node_modules (native addons, files they read beside themselves); the
// shared package, TypeScript source, is compiled in.
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { serverBuild } from './build-stamps.mjs';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'apps/server/src');
const dist = path.join(root, 'apps/server/dist');

/** Files the server reads beside its own module (`new URL('./…', import.meta.url)`), which the build must put beside its chunks. */
const besideModules = [
  'features/system/auth/common-passwords.txt',
  'db/sqlite-read-worker.mjs',
  'features/pages/render-worker.mjs',
  'features/pages/page-document.mjs',
];

export async function buildServer() {
  const hash = serverBuild.sourceHash();
  rmSync(dist, { recursive: true, force: true });
  await build({
    entryPoints: { server: path.join(src, 'main.ts') },
    outdir: dist,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // Names stay as written: log lines and errors name functions and classes.
    minify: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-stay-installed',
        setup(pluginBuild) {
          // A bare import is a package, loaded from node_modules at run time; @portal/shared is ours.
          pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  for (const file of besideModules) copyFileSync(path.join(src, file), path.join(dist, path.basename(file)));
  // Source maps must be on before the server's modules load: Node reads a module's map as it
  // loads it. Workers get --enable-source-maps from the primary (main.ts).
  writeFileSync(path.join(dist, 'main.js'), "// Written by scripts/build-server.mjs.\nprocess.setSourceMapsEnabled(true);\nawait import('./server.js');\n");
  serverBuild.write(hash);
}

if (process.argv[1] === import.meta.filename) {
  mkdirSync(dist, { recursive: true });
  await buildServer().catch((error) => {
    // esbuild has printed its errors with their files and lines; anything else is said here, without a stack.
    if (!Array.isArray(error.errors)) console.error(`服务端编译失败: ${error.message}`);
    process.exit(1);
  });
}
