// `npm start`: build the web app and the server when a build is missing or its sources changed
// since it was built (a content hash, scripts/build-stamps.mjs), then become the server: the
// compiled server runs in this process (migrate, seed, listen), with no wrapper left around it.
// Each build is one line on the screen (its output shown only if it fails, or with
// BUILD_VERBOSE=1: build.mjs), so what a newcomer sees at the first start is the password box.
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
  buildWeb(!webBuilt ? '首次启动：构建网页（约一分钟）' : webStamp === null ? '网页构建缺少来源记录：重新构建网页' : '网页源码或依赖已变更：重新构建网页');
}

const server = path.join(root, 'apps/server/dist/main.js');
if (!existsSync(server) || serverStale()) buildServer('编译服务端');

await import(pathToFileURL(server).href);
