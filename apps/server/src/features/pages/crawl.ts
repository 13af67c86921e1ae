import { integer } from '@portal/shared';
import { z } from 'zod';
import type { App } from '../../http/app-types.js';
import type { FastifyRequest } from 'fastify';
import { baseMayBeKept, publicBaseUrl } from '../../http/public-base-url.js';
import { menuIndex } from '../menus/service.js';
import { SITEMAP_URL_LIMIT, sitemapIndexXml, sitemapPart, sitemapPartCount, urlsetXml } from './sitemap.js';

const hidden = { hide: true } as const;
/**
 * Crawlers come back daily at most; an hour of caching spares the database without going stale.
 * Not for an answer whose addresses came from a Host no one vouches for (public-base-url.ts).
 */
const crawlCache = (request: FastifyRequest) => (baseMayBeKept(request) ? 'public, max-age=3600' : 'no-store');

/**
 * What search engines read before the pages: robots.txt keeps them out of the back office and
 * the API and names the sitemap; sitemap.xml lists the public pages (an index of parts above
 * 50,000 addresses).
 */
export async function crawlRoutes(app: App): Promise<void> {
  const { database, config } = app.services;
  // 会员名录 is in the sitemap only while MEMBER_DIRECTORY makes it public (fixedEntries).
  const directory = config.memberDirectory;

  app.get('/robots.txt', { schema: hidden }, async (request, reply) => {
    const lines = ['User-agent: *', 'Disallow: /System', 'Disallow: /api/', 'Disallow: /login', '', `Sitemap: ${publicBaseUrl(request)}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').header('cache-control', crawlCache(request)).send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: hidden }, async (request, reply) => {
    const index = await menuIndex(database);
    const base = publicBaseUrl(request);
    const parts = await sitemapPartCount(database, index, SITEMAP_URL_LIMIT, directory);
    const xml = parts === 1 ? urlsetXml(base, await sitemapPart(database, index, 1, SITEMAP_URL_LIMIT, directory)) : sitemapIndexXml(base, parts);
    return reply.type('application/xml; charset=utf-8').header('cache-control', crawlCache(request)).send(xml);
  });

  app.get('/sitemap-:part(^\\d+).xml', { schema: { ...hidden, params: z.object({ part: integer() }) } }, async (request, reply) => {
    const index = await menuIndex(database);
    const parts = await sitemapPartCount(database, index, SITEMAP_URL_LIMIT, directory);
    const { part } = request.params;
    // Part 1 of a single sitemap is /sitemap.xml itself; parts exist only when the site is split.
    if (parts === 1 || part < 1 || part > parts) return reply.callNotFound();
    const xml = urlsetXml(publicBaseUrl(request), await sitemapPart(database, index, part, SITEMAP_URL_LIMIT, directory));
    return reply.type('application/xml; charset=utf-8').header('cache-control', crawlCache(request)).send(xml);
  });
}
