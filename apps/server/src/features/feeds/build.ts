import { articlePath, formatCst, HOME_PATH, menuPath, MenuShowType, SITE_FEED_PATHS, menuFeedPath, type FeedFormat } from '@portal/shared';
import type { Services } from '../../http/app-types.js';
import { menuIndex } from '../menus/service.js';
import { ancestry, descendantIds, type Menu, type MenuIndex } from '../menus/tree.js';
import { absoluteAsset } from '../pages/page.js';
import { articleMenuIds } from '../pages/sitemap.js';
import { withAbsoluteLinks } from './absolute-links.js';
import { latestPublicArticles } from './articles.js';
import { atomXml, rssXml, type FeedChannel, type FeedEntry } from './xml.js';

/** What a feed follows: the whole site, or one menu with the menus below it. */
export type FeedSubject = { kind: 'site' } | { kind: 'menu'; menu: Menu };

/**
 * The menu a feed address names, when it has a feed: one the public may read that lists
 * articles. A single-page menu (协会简介) is one text at the menu's address, not news: no feed.
 */
export function feedMenu(index: MenuIndex, menuId: number): Menu | undefined {
  const menu = index.byId.get(menuId);
  return menu && index.readable.has(menuId) && menu.showType !== MenuShowType.SinglePage ? menu : undefined;
}

/**
 * The menus whose articles a feed carries: for the site, every menu the public may read whose
 * articles have addresses of their own (as the sitemap lists them); for a menu, itself and the
 * readable menus below it, at any depth (新闻中心's feed holds 政策要闻's news, as its page
 * lists them when it has none of its own; a reader following 新闻中心 expects all its news).
 */
function feedMenuIds(index: MenuIndex, subject: FeedSubject): number[] {
  const listed = new Set(articleMenuIds(index));
  if (subject.kind === 'site') return [...listed];
  return [subject.menu.id, ...descendantIds(index, subject.menu.id)].filter((id) => listed.has(id));
}

/** The feed as XML, every address in it absolute from `base` (the public site's address). */
export async function feedXml(services: Services, base: string, subject: FeedSubject, format: FeedFormat): Promise<string> {
  const { site } = services.config;
  const index = await menuIndex(services.database);
  const articles = await latestPublicArticles(services.database, feedMenuIds(index, subject));
  const association = site.name;
  const entries: FeedEntry[] = articles.map((a) => ({
    link: base + articlePath(a),
    title: a.title,
    html: withAbsoluteLinks(a.content, base, (path) => absoluteAsset(services, base, path)),
    summary: a.summary,
    published: a.published,
    // Never before its publication (an article back-dated by its editor).
    updated: a.updated > a.published ? a.updated : a.published,
    author: a.memberName ?? association,
    category: a.menuName,
  }));
  const newest = entries.reduce<string | undefined>((latest, e) => (latest === undefined || e.updated > latest ? e.updated : latest), undefined);
  const menu = subject.kind === 'menu' ? subject.menu : undefined;
  const channel: FeedChannel = {
    title: menu ? `${menu.name} · ${site.name}` : site.name,
    description: menu
      ? `${site.name} ${ancestry(index, menu.id)
          .map((m) => m.name)
          .join(' › ')} 栏目的最新文章`
      : `${site.name}（${site.englishName}）官方网站的最新文章`,
    link: base + (menu ? menuPath(menu) : HOME_PATH),
    self: base + (menu ? menuFeedPath(menu.id, format) : SITE_FEED_PATHS[format]),
    logo: `${base}/share.png`,
    icon: `${base}/emblem.svg`,
    publisher: { name: association, uri: `${base}/` },
    updated: newest ?? formatCst(services.now()),
  };
  return format === 'rss' ? rssXml(channel, entries) : atomXml(channel, entries);
}
