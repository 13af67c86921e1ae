import { w3cTime } from '@portal/shared';

/** What a feed says about itself. Addresses are absolute: a feed is read away from the site. */
export interface FeedChannel {
  title: string;
  description: string;
  /** The page the feed follows (home, or the menu's list). */
  link: string;
  /** The feed's own address. */
  self: string;
  /** The association's picture (share.png) and small icon (emblem.svg). */
  logo: string;
  icon: string;
  /** The association, which publishes every article. */
  publisher: { name: string; uri: string };
  /** CST `yyyy-MM-dd HH:mm:ss` of the newest change; now when the feed is empty. */
  updated: string;
}

export interface FeedEntry {
  /** The article's one address (canonical), which is also its id. */
  link: string;
  title: string;
  /** The full text as HTML with absolute addresses. */
  html: string;
  summary: string;
  /** CST `yyyy-MM-dd HH:mm:ss`. */
  published: string;
  updated: string;
  /** Who wrote it: the association, or the member company that contributed it. */
  author: string;
  /** Its menu's name. */
  category: string;
}

/**
 * Text for XML: the five escapes, and the characters XML 1.0 cannot hold at all (C0 controls
 * other than tab and line breaks, U+FFFE/U+FFFF) dropped, since one of them in an old
 * article's text would make the whole feed unreadable to a strict parser.
 */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
export const escapeXml = (s: string) =>
  s.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A stored China Standard Time as RSS 2.0 writes dates (RFC 822, four-digit year): `Sat, 01 Jun 2024 10:00:00 +0800`. */
export function rfc822(cst: string): string {
  const [date = '', time = '00:00:00'] = cst.split(' ');
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  // The weekday of the calendar date, whatever the zone: read in UTC from midnight of that date.
  const weekday = DAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${weekday}, ${String(d).padStart(2, '0')} ${MONTHS[m - 1]} ${y} ${time} +0800`;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** RSS 2.0, with the full text in content:encoded, the author in dc:creator (RSS's own author takes an e-mail address) and the feed's address in atom:link. */
export function rssXml(channel: FeedChannel, entries: readonly FeedEntry[]): string {
  const t = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
  const items = entries.map((e) =>
    [
      '<item>',
      t('title', e.title),
      t('link', e.link),
      `<guid isPermaLink="true">${escapeXml(e.link)}</guid>`,
      t('pubDate', rfc822(e.published)),
      t('dc:creator', e.author),
      t('category', e.category),
      t('description', e.summary),
      t('content:encoded', e.html),
      '</item>',
    ].join(''),
  );
  return [
    XML_DECLARATION,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    t('title', channel.title),
    t('link', channel.link),
    t('description', channel.description),
    t('language', 'zh-CN'),
    t('copyright', channel.publisher.name),
    t('lastBuildDate', rfc822(channel.updated)),
    `<atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    `<image>${t('url', channel.logo)}${t('title', channel.title)}${t('link', channel.link)}</image>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** Atom 1.0 (RFC 4287): ids are the pages' own addresses, the full text an html content. */
export function atomXml(channel: FeedChannel, entries: readonly FeedEntry[]): string {
  const t = (name: string, value: string, attrs = '') => `<${name}${attrs}>${escapeXml(value)}</${name}>`;
  const link = (rel: string, type: string, href: string) => `<link rel="${rel}" type="${type}" href="${escapeXml(href)}"/>`;
  const items = entries.map((e) =>
    [
      '<entry>',
      t('id', e.link),
      t('title', e.title, ' type="text"'),
      link('alternate', 'text/html', e.link),
      t('published', w3cTime(e.published)),
      t('updated', w3cTime(e.updated)),
      `<author>${t('name', e.author)}</author>`,
      `<category term="${escapeXml(e.category)}"/>`,
      t('summary', e.summary, ' type="text"'),
      t('content', e.html, ' type="html"'),
      '</entry>',
    ].join(''),
  );
  return [
    XML_DECLARATION,
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="zh-CN">',
    t('id', channel.self),
    t('title', channel.title, ' type="text"'),
    t('subtitle', channel.description, ' type="text"'),
    t('updated', w3cTime(channel.updated)),
    link('self', 'application/atom+xml', channel.self),
    link('alternate', 'text/html', channel.link),
    `<author>${t('name', channel.publisher.name)}${t('uri', channel.publisher.uri)}</author>`,
    t('rights', channel.publisher.name),
    t('icon', channel.icon),
    t('logo', channel.logo),
    ...items,
    '</feed>',
    '',
  ].join('\n');
}
