// `npm start`: build the web app and the server when a build is missing or its sources changed
// since it was built (a content hash, scripts/build-stamps.mjs), then become the server: the
// compiled server runs in this process (migrate, seed, listen), with no wrapper left around it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { webBuild } from './build-stamps.mjs';
import { buildServer, buildWeb, serverStale } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');

// The server renderer of the public pages (apps/web/dist-ssr) is built with the browser app.
const webBuilt = ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'].every((file) => existsSync(path.join(root, file)));
const webStamp = webBuild.builtHash();
if (!webBuilt || webStamp !== webBuild.sourceHash()) {
  console.log(
    !webBuilt
      ? '首次启动：正在构建前端 (vite build)…'
      : webStamp === null
        ? '前端构建缺少来源记录：正在重新构建前端 (vite build)…'
        : '前端源码或依赖已变更：正在重新构建前端 (vite build)…',
  );
  buildWeb();
}

const server = path.join(root, 'apps/server/dist/main.js');
if (!existsSync(server) || serverStale()) {
  console.log('正在编译服务端…');
  buildServer();
}

await import(pathToFileURL(server).href);
