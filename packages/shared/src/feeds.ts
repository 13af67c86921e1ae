/**
 * Addresses of the public site's feeds (apps/server/src/features/feeds): RSS 2.0 and Atom 1.0
 * of the whole site, and of one menu (its articles and those of the menus below it). The
 * footer and every page's head link them.
 */
export const SITE_FEED_PATHS = { rss: '/feed.xml', atom: '/atom.xml' } as const;

export type FeedFormat = keyof typeof SITE_FEED_PATHS;

/** A menu's feed: /feed/12.xml (RSS) or /atom/12.xml (Atom). */
export const menuFeedPath = (menuId: number, format: FeedFormat): string => `/${format === 'rss' ? 'feed' : 'atom'}/${menuId}.xml`;
