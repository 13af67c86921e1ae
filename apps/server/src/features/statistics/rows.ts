import { cstDate, sitePages, withoutTracking } from '@portal/shared';
import type { StatHitsTable } from '../../db/schema.js';
import type { Hit } from './hits.js';
import { referrerOf, type Referrer } from './referrers.js';
import { provinceOf } from './regions.js';
import { visitorHash } from './salts.js';
import { searchResultsOf } from './searches.js';
import { browserOf, deviceOf, RAPID_ROBOT, robotOf } from './visitors.js';

/**
 * A page view as stored (stat_hits): where on the site, from where, on what; the person only as
 * the day's hash. What a path, a user agent and an address are read as is remembered: most page
 * views are of a few thousand addresses, from a few hundred browsers and fewer addresses than
 * views, and each reading is a URL parse, a dozen patterns or a lookup (hits.ts writes them in
 * batches off the request path, but the process pays for them all the same).
 */

/** A stat_hits row as written. */
export type HitRow = Omit<StatHitsTable, 'id'>;
/** The order hits.ts writes a row's values in. */
export const HIT_COLUMNS = [
  'day',
  'hour',
  'path',
  'article_id',
  'menu_id',
  'referrer_kind',
  'referrer_name',
  'keyword',
  'results',
  'device',
  'browser',
  'province',
  'visitor',
  'bot',
] as const satisfies readonly (keyof HitRow)[];

/** The column's width. */
const PATH_MAX = 500;
/** Each memory is forgotten all at once when it holds this many. */
const REMEMBERED = 10_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const CST_OFFSET_MS = 8 * HOUR_MS;

interface Page {
  path: string;
  articleId: number;
  menuId: number;
  keyword: string;
  /** WeChat's own mark of a shared link (`from=singlemessage`, `groupmessage`, `timeline`). */
  fromWeChat: boolean;
}

const pages = new Map<string, Page>();
const agents = new Map<string, { device: string; browser: string; robot: string | undefined }>();
const provinces = new Map<string, string>();

function remembered<T>(memory: Map<string, T>, key: string, read: (key: string) => T): T {
  const known = memory.get(key);
  if (known !== undefined) return known;
  if (memory.size >= REMEMBERED) memory.clear();
  const value = read(key);
  memory.set(key, value);
  return value;
}

const positive = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : 0;
};

/** The keyword of a search's first page (its other pages are the same search read on); '' for any other page. */
function keywordOf(url: URL): string {
  if (url.pathname.toLowerCase() !== sitePages.search.path.toLowerCase()) return '';
  const page = url.searchParams.get('page');
  if (page !== null && page !== '1') return '';
  return [...(url.searchParams.get('key') ?? '').trim()].slice(0, 50).join('');
}

function pageOf(asked: string): Page {
  const path = withoutTracking(asked).slice(0, PATH_MAX);
  const url = new URL(path, 'http://page');
  const from = new URL(asked, 'http://page').searchParams.get('from') ?? '';
  return {
    path,
    articleId: positive(url.searchParams.get('NewsId')),
    menuId: positive(url.searchParams.get('MenuId')),
    keyword: keywordOf(url),
    fromWeChat: /^(singlemessage|groupmessage|timeline)$/.test(from),
  };
}

/** The Referer header's site; a link shared in WeChat opens in its browser with none, but with WeChat's mark on the address. */
function referrerOfHit(hit: Hit, page: Page): Referrer {
  const referrer = referrerOf(hit.referrer, hit.ownHost);
  return referrer.kind === 'direct' && page.fromWeChat ? { kind: 'social', name: '微信' } : referrer;
}

let lastDay = { index: -1, day: '' };

/** The China-time day of a moment; formatted once a day, not once a page view. */
export function hitDay(at: number): string {
  const index = Math.floor((at + CST_OFFSET_MS) / DAY_MS);
  if (index !== lastDay.index) lastDay = { index, day: cstDate(at) };
  return lastDay.day;
}

/** The row of a hit of `day`, hashed with its salt; `rapid` says whether this visitor asks faster than a person. */
export function rowOf(hit: Hit, day: string, salt: string, rapid: (visitor: string) => boolean): HitRow {
  const page = remembered(pages, hit.path, pageOf);
  const agent = remembered(agents, hit.userAgent, (ua) => ({ device: deviceOf(ua), browser: browserOf(ua), robot: robotOf(ua) }));
  const visitor = visitorHash(salt, hit.address, hit.userAgent);
  const referrer = referrerOfHit(hit, page);
  return {
    day,
    hour: Math.floor(((hit.at + CST_OFFSET_MS) % DAY_MS) / HOUR_MS),
    path: page.path,
    article_id: page.articleId,
    menu_id: page.menuId,
    referrer_kind: referrer.kind,
    referrer_name: referrer.name,
    keyword: page.keyword,
    results: page.keyword ? searchResultsOf(page.keyword) : -1,
    device: agent.device,
    browser: agent.browser,
    province: remembered(provinces, hit.address, provinceOf),
    visitor,
    bot: agent.robot ?? (rapid(visitor) ? RAPID_ROBOT : ''),
  };
}
