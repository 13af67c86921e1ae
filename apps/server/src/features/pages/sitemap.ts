import {
  ArticleStatus,
  articlePath,
  HOME_MARKER,
  menuPath,
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

/** How many sitemap files the site needs: 1 means /sitemap.xml lists the addresses itself. */
export async function sitemapPartCount(database: Database, index: MenuIndex, limit = SITEMAP_URL_LIMIT, directory: DirectoryAccess = 'off'): Promise<number> {
  const total = fixedEntries(index, directory).length + (await countPublicArticles(database, index));
  return Math.max(1, Math.ceil(total / limit));
}

/** Part `part` (1-based) of the addresses: the fixed pages first, then the articles by id. */
export async function sitemapPart(
  database: Database,
  index: MenuIndex,
  part: number,
  limit = SITEMAP_URL_LIMIT,
  directory: DirectoryAccess = 'off',
): Promise<SitemapEntry[]> {
  const fixed = fixedEntries(index, directory);
  const start = (part - 1) * limit;
  const fromFixed = fixed.slice(start, start + limit);
  const articleOffset = Math.max(0, start - fixed.length);
  const articleLimit = limit - fromFixed.length;
  if (articleLimit === 0) return fromFixed;
  const rows = await publicArticles(database, index).select(['id', 'menu_id', 'updated_at']).orderBy('id').limit(articleLimit).offset(articleOffset).execute();
  return [...fromFixed, ...rows.map((r) => ({ path: articlePath({ id: r.id, menuId: r.menu_id }), lastmod: r.updated_at }))];
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
