import {
  ArticleStatus,
  articlePath,
  HOME_MARKER,
  menuPath,
  messageAnswerPath,
  MenuShowType,
  pageAudience,
  sitePages,
  type DirectoryAccess,
  type SitePage,
  w3cTime,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { MenuIndex } from '../menus/tree.js';
import { inMenus } from '../articles/items.js';
import { countPublishedMessages, publishedMessageStamps } from '../messages/publication.js';

/** The sitemap protocol's limit: at most 50,000 addresses per file; above it, an index of files. */
export const SITEMAP_URL_LIMIT = 50_000;

export interface SitemapEntry {
  /** Path on the public site, e.g. /info?MenuId=3&NewsId=7. */
  path: string;
  /** yyyy-MM-dd HH:mm:ss in China Standard Time, as stored; absent for pages without a date. */
  lastmod?: string;
}

/**
 * The pages worth crawling that are not articles: those the page table (packages/shared/src/pages.ts)
 * lists for the sitemap while the public may open them (home, certificate search, 会员名录 when
 * `directory` is public), and every menu the public may read that is a page of ours (a menu
 * that links elsewhere is left to that site).
 */
export function fixedEntries(index: MenuIndex, directory: DirectoryAccess = 'off'): SitemapEntry[] {
  const pages = Object.values(sitePages).flatMap((page: SitePage) => (page.sitemap && pageAudience(page, directory) === 'public' ? [{ path: page.path }] : []));
  const menus = [...index.readable]
    .sort((a, b) => a - b)
    .flatMap((id) => {
      const m = index.byId.get(id);
      return m && !m.webUrl && m.curValue !== HOME_MARKER ? [{ path: menuPath(m) }] : [];
    });
  return [...pages, ...menus];
}

/**
 * The menus the public may read whose articles are pages of their own: not single-page menus,
 * whose text has the menu's address (its article address redirects there, features/pages/page.ts).
 */
export function articleMenuIds(index: MenuIndex): number[] {
  return [...index.readable].filter((id) => index.byId.get(id)?.showType !== MenuShowType.SinglePage);
}

/**
 * Articles a visitor may read: published, not member-only, in a menu the public may read (the
 * same rules as GetNewsList and GetNewsDetail), each at its own address (articleMenuIds).
 * Ordered by id so the parts of a split sitemap are stable between requests.
 */
function publicArticles(database: Database, index: MenuIndex) {
  return database.db
    .selectFrom('news')
    .where('status', '=', ArticleStatus.Published)
    .where('is_member_read', '=', 0)
    .where(inMenus('menu_id', articleMenuIds(index)));
}

export async function countPublicArticles(database: Database, index: MenuIndex): Promise<number> {
  const { n } = await publicArticles(database, index)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Addresses the sitemap lists from the data, in a stable order: how many, and a window of them. */
interface EntrySource {
  count(): Promise<number>;
  window(offset: number, limit: number): Promise<SitemapEntry[]>;
}

/** The fixed pages, then the articles by id, then the published answers of 在线留言 by id. */
function entrySources(database: Database, index: MenuIndex, directory: DirectoryAccess): EntrySource[] {
  const fixed = fixedEntries(index, directory);
  return [
    { count: async () => fixed.length, window: async (offset, limit) => fixed.slice(offset, offset + limit) },
    {
      count: () => countPublicArticles(database, index),
      window: async (offset, limit) =>
        (await publicArticles(database, index).select(['id', 'menu_id', 'updated_at']).orderBy('id').limit(limit).offset(offset).execute()).map((r) => ({
          path: articlePath({ id: r.id, menuId: r.menu_id }),
          lastmod: r.updated_at,
        })),
    },
    {
      count: () => countPublishedMessages(database.db),
      window: async (offset, limit) =>
        (await publishedMessageStamps(database.db, offset, limit)).map((r) => ({ path: messageAnswerPath(r.id), lastmod: r.updated_at })),
    },
  ];
}

/** How many sitemap files the site needs: 1 means /sitemap.xml lists the addresses itself. */
export async function sitemapPartCount(database: Database, index: MenuIndex, limit = SITEMAP_URL_LIMIT, directory: DirectoryAccess = 'off'): Promise<number> {
  const counts = await Promise.all(entrySources(database, index, directory).map((source) => source.count()));
  const total = counts.reduce((sum, n) => sum + n, 0);
  return Math.max(1, Math.ceil(total / limit));
}

/** Part `part` (1-based) of the addresses, taken from the sources in their order. */
export async function sitemapPart(
  database: Database,
  index: MenuIndex,
  part: number,
  limit = SITEMAP_URL_LIMIT,
  directory: DirectoryAccess = 'off',
): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  // Where the part starts, counted from the start of the source being read.
  let skip = (part - 1) * limit;
  for (const source of entrySources(database, index, directory)) {
    if (entries.length === limit) break;
    const size = await source.count();
    if (skip >= size) {
      skip -= size;
      continue;
    }
    entries.push(...(await source.window(skip, limit - entries.length)));
    skip = 0;
  }
  return entries;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function urlsetXml(base: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => `<url><loc>${escapeXml(base + e.path)}</loc>${e.lastmod ? `<lastmod>${w3cTime(e.lastmod)}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function sitemapIndexXml(base: string, parts: number): string {
  const maps = Array.from({ length: parts }, (_, i) => `<sitemap><loc>${escapeXml(`${base}/sitemap-${i + 1}.xml`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps.join('\n')}\n</sitemapindex>\n`;
}
