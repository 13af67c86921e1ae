import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const WEB_ROOT = fileURLToPath(new URL('../../web', import.meta.url));

/** The shell every page is drawn into, as the web build's index.html has it. */
export const INDEX_HTML = '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>协会</title></head><body><div id="root"></div></body></html>';

/**
 * A web build in a folder of its own, as the server reads one: dist/index.html, and a server
 * entry (dist-ssr/entry-server.js) standing in for `vite build --ssr`, whose drawings the test
 * writes and steers (its levers are files beside it).
 */
export interface TestWebBuild {
  /** What config.webDist names. */
  webDist: string;
  /** A file beside the server entry. */
  beside(name: string): string;
  remove(): void;
}

export function testWebBuild(entryServer: string, indexHtml = INDEX_HTML): TestWebBuild {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  const webDist = path.join(root, 'dist');
  const ssr = path.join(root, 'dist-ssr');
  fs.mkdirSync(webDist);
  fs.mkdirSync(ssr);
  fs.writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(ssr, 'entry-server.js'), entryServer);
  return { webDist, beside: (name) => path.join(ssr, name), remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/**
 * The site's maintenance page as a page answer: 503 with Retry-After, kept by no one, in the web
 * app's shell with its title and the status the app draws it for.
 */
export function expectMaintenancePage(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('30');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.body).toContain('<title>系统维护中，请稍后再试 · ');
  expect(res.body).toContain('<meta name="page-status" content="503" />');
}

/**
 * The web app's real server build (`vite build --ssr` of apps/web/src/entry-server.tsx, a few
 * seconds) beside a dist/index.html, in a folder of its own: pages drawn by the site's own
 * routes and components, as in production.
 */
export function builtWebApp(): TestWebBuild {
  const build = testWebBuild('');
  const ssr = path.dirname(build.beside('entry-server.js'));
  execFileSync(
    process.execPath,
    [
      path.join(path.dirname(require.resolve('vite/package.json', { paths: [WEB_ROOT] })), 'bin/vite.js'),
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      ssr,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    {
      cwd: WEB_ROOT,
      // The server build is a production build, whatever the test run's NODE_ENV.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return build;
}
