import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.js';
import type { App } from './app-types.js';
import type { PageFallback } from './errors.js';

const MOBILE_UA = /Android|iPhone|iPod|iPad|Windows Phone|Mobile|HarmonyOS/i;

/**
 * Serves the built React app: hashed assets with long caching, and index.html for every other
 * page path (history fallback) so /home, /info?NewsId=… and /System/... load the SPA, which
 * shows its own 404 page for unknown routes. /api/... never falls back to the SPA.
 */
export async function registerWebApp(app: App, config: Config): Promise<PageFallback> {
  const indexHtml = fs.readFileSync(path.join(config.webDist, 'index.html'));
  await app.register(fastifyStatic, {
    root: config.webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    // Our setHeaders decides Cache-Control; the plugin's own would overwrite it with max-age=0.
    cacheControl: false,
    setHeaders(res, file) {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  return (request, reply) => {
    const url = request.url;
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/uploads/') &&
      !path.extname(url.split('?')[0] ?? '');
    if (!isPage) return false;
    // Non-desktop visitors go to the mobile site when one is configured (spec §1).
    if (config.mobileSiteUrl && MOBILE_UA.test(request.headers['user-agent'] ?? '') && !url.startsWith('/System') && url !== '/login') {
      void reply.redirect(config.mobileSiteUrl, 302);
      return true;
    }
    void reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
    return true;
  };
}
