import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { integer, SITE_FEED_PATHS, type FeedFormat } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { encodePage, sendEncoded } from '../../http/compression.js';
import { baseMayBeKept, publicBaseUrl } from '../../http/public-base-url.js';
import type { ContentArea } from '../../cache/generations.js';
import { menuIndex } from '../menus/service.js';
import { feedMenu, feedXml, type FeedSubject } from './build.js';

const FEED_TYPES: Record<FeedFormat, string> = { rss: 'application/rss+xml; charset=utf-8', atom: 'application/atom+xml; charset=utf-8' };

/**
 * A feed is built from the articles and the menus (their names, which are readable); a write
 * to either drops the kept copy, here and on every other instance (cache/generations.ts), so a
 * published article is in the feed at the next poll. 'site' too: its name heads every feed.
 */
const FEED_AREAS: readonly ContentArea[] = ['news', 'menus', 'site'];

/**
 * As pages: readers may keep a copy but ask again before using it (a 304 for an unchanged
 * feed costs a lookup), so a new article is not held back by anyone's cache.
 */
const FEED_CACHE_CONTROL = 'no-cache';

const hidden = { hide: true } as const;
const menuParams = z.object({ menuId: integer() });

/**
 * RSS 2.0 and Atom 1.0 feeds of the public site (docs/api.md "Feeds"): /feed.xml and /atom.xml
 * for the whole site, /feed/<MenuId>.xml and /atom/<MenuId>.xml for one menu. Each holds the
 * newest 20 articles a visitor may read, in full. Answered from the response cache like the
 * pages: one copy per feed and public address (the links in it are absolute).
 */
export async function feedRoutes(app: App): Promise<void> {
  const { responseCache, services } = app;

  const answer = async (request: FastifyRequest, reply: FastifyReply, subject: FeedSubject, format: FeedFormat) => {
    const base = publicBaseUrl(request);
    // Not kept for an address built from a Host no one vouches for (public-base-url.ts).
    const keepable = baseMayBeKept(request);
    const key = `feed|${base}|${format}|${subject.kind === 'menu' ? subject.menu.id : 'site'}`;
    if (
      request.method === 'GET' &&
      keepable &&
      (await responseCache.serve(request, reply, { key, dependsOn: FEED_AREAS, cacheControl: FEED_CACHE_CONTROL, vary: 'Accept-Encoding' }))
    )
      return reply;
    const body = Buffer.from(await feedXml(services, base, subject, format));
    const copy = encodePage(request, body);
    reply.status(200).type(FEED_TYPES[format]);
    responseCache.keep(request, reply, body, FEED_TYPES[format], copy, { compressedOnly: true });
    return sendEncoded(reply.header('cache-control', keepable ? FEED_CACHE_CONTROL : 'no-store'), body, copy);
  };

  /** A menu's feed; an unknown menu, one the public may not read, or a single page: the site's 404 page. */
  const menuFeed = (format: FeedFormat) => async (request: FastifyRequest<{ Params: z.infer<typeof menuParams> }>, reply: FastifyReply) => {
    // Looked up before the response cache is asked, which would otherwise wait on a key no answer is kept under.
    const menu = feedMenu(await menuIndex(services.database), request.params.menuId);
    if (!menu) return reply.callNotFound();
    return answer(request, reply, { kind: 'menu', menu }, format);
  };

  app.get(SITE_FEED_PATHS.rss, { schema: hidden }, (request, reply) => answer(request, reply, { kind: 'site' }, 'rss'));
  app.get(SITE_FEED_PATHS.atom, { schema: hidden }, (request, reply) => answer(request, reply, { kind: 'site' }, 'atom'));
  app.get('/feed/:menuId(^\\d+).xml', { schema: { ...hidden, params: menuParams } }, menuFeed('rss'));
  app.get('/atom/:menuId(^\\d+).xml', { schema: { ...hidden, params: menuParams } }, menuFeed('atom'));
}
