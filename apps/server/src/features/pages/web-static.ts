import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Config } from '../../config.js';
import type { App } from '../../http/app-types.js';

/**
 * The build's files as they are: hashed assets (under /assets/) cached for a year, the rest
 * (icons, boot.js, robots' neighbours) for an hour, each with its precompressed copy.
 */
export async function serveBuildFiles(app: App, config: Config): Promise<void> {
  await app.register(fastifyStatic, {
    root: config.webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    // The shell itself is no page: /index.html redirects to /home (page.ts canonicalSpelling)
    // instead of answering the bare shell, which drew 页面不存在 with status 200.
    allowedPath: (pathName) => pathName.toLowerCase() !== '/index.html',
    // Our setHeaders decides Cache-Control; the plugin's own would overwrite it with max-age=0.
    cacheControl: false,
    // The build writes .br and .gz copies of hashed assets (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    setHeaders(res, file) {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      // Caches keep the brotli, gzip and plain copies apart.
      if (immutable) res.setHeader('Vary', 'Accept-Encoding');
    },
  });
}
