/**
 * Where a visitor came from, read off the Referer header (or the beacon's): browsers send only
 * the origin across sites, so the host is what there is to know, and all that is kept.
 */

export type ReferrerKind = 'search' | 'social' | 'external' | 'direct' | 'internal';

export const referrerKindNames: Record<ReferrerKind, string> = {
  search: '搜索引擎',
  social: '社交媒体',
  external: '外部链接',
  direct: '直接访问',
  internal: '站内',
};

export interface Referrer {
  kind: ReferrerKind;
  /** The engine or site by name; an external site by its host; '' for direct and internal. */
  name: string;
}

/** Hosts by their registered domain's ending, the engines and networks Chinese visitors come through. */
const SEARCH_ENGINES: ReadonlyArray<[RegExp, string]> = [
  [/(^|\.)baidu\.com$/, '百度'],
  [/(^|\.)sogou\.com$/, '搜狗'],
  [/(^|\.)(so|360)\.(com|cn)$/, '360搜索'],
  [/(^|\.)sm\.cn$/, '神马'],
  [/(^|\.)toutiao\.com$/, '头条搜索'],
  [/(^|\.)bing\.com$/, '必应'],
  [/(^|\.)google\.[a-z.]+$/, '谷歌'],
  [/(^|\.)yandex\.[a-z.]+$/, 'Yandex'],
  [/(^|\.)duckduckgo\.com$/, 'DuckDuckGo'],
];
const SOCIAL: ReadonlyArray<[RegExp, string]> = [
  [/(^|\.)(weixin\.qq\.com|wx\.qq\.com|weixin\.com)$/, '微信'],
  [/(^|\.)(weibo\.com|weibo\.cn|t\.cn)$/, '微博'],
  [/(^|\.)zhihu\.com$/, '知乎'],
  [/(^|\.)(douyin\.com|iesdouyin\.com)$/, '抖音'],
  [/(^|\.)(xiaohongshu\.com|xhslink\.com)$/, '小红书'],
  [/(^|\.)bilibili\.com$/, '哔哩哔哩'],
  [/(^|\.)douban\.com$/, '豆瓣'],
  [/(^|\.)qq\.com$/, 'QQ'],
];

/** As much of a host as is kept (the column's width). */
const HOST_MAX = 64;

/**
 * The referrer of a hit to `ownHost`: none is 直接访问; a path, or an address on this site, is
 * 站内; else the host, named when it is a search engine or a social network. A referrer that is
 * not an address is kept as an external link under its first characters (as given: the
 * dashboard shows it as text).
 */
export function referrerOf(raw: string, ownHost: string): Referrer {
  const text = raw.trim();
  if (text === '') return { kind: 'direct', name: '' };
  if (text.startsWith('/') && !text.startsWith('//')) return { kind: 'internal', name: '' };
  let host: string;
  try {
    host = new URL(text).hostname.toLowerCase();
  } catch {
    return { kind: 'external', name: text.slice(0, HOST_MAX) };
  }
  if (host === '') return { kind: 'external', name: text.slice(0, HOST_MAX) };
  if (host === ownHost.toLowerCase()) return { kind: 'internal', name: '' };
  const engine = SEARCH_ENGINES.find(([pattern]) => pattern.test(host));
  if (engine) return { kind: 'search', name: engine[1] };
  const social = SOCIAL.find(([pattern]) => pattern.test(host));
  if (social) return { kind: 'social', name: social[1] };
  return { kind: 'external', name: host.slice(0, HOST_MAX) };
}
