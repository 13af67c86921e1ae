import { withoutTracking, withoutTrackingParams } from './tracking-params.js';

/** The home page's paged sections without JavaScript (apps/web/src/portal/home/homeState.tsx). */
export const homeStateFields = ['latest', 'tab', 'tabPage'] as const;

/**
 * The query parameters each server-rendered public page reads from its address, by route in
 * lower case (as the router matches), in the order its own links write them. Whatever else an
 * address carries changes nothing on the page: the server draws the page from these alone and
 * keeps it under them, so `/info?NewsId=7&MenuId=3&nsukey=…` is one kept page with
 * `/info?MenuId=3&NewsId=7`, and a made-up parameter cannot make the server draw a page again.
 * A page that starts reading another parameter must list it here (portal/pageParams.test.ts
 * checks the web app's sources).
 */
const PAGE_PARAMS: Record<string, readonly string[]> = {
  '/home': homeStateFields,
  '/menulist': ['ParentId', 'MenuId', 'page'],
  // preview: a staff link to an article that is not public (never kept, never indexed).
  '/info': ['MenuId', 'NewsId', 'preview'],
  '/searchkey': ['key', 'page'],
  '/certsearch': ['Name', 'CertNum', 'tab'],
  '/contribute': [],
  '/accessibility': [],
  // An earlier published version of the privacy policy (the current one without it).
  '/privacy': ['Version'],
  '/directory': ['key', 'level', 'page'],
  // The 查询码 never goes into the address: it is the asker's key (referrers, logs, history).
  '/messages': ['tab', 'key', 'page'],
  // The mail's unsubscribe token (the page is drawn afresh for each, never kept: sitePages.unsubscribe).
  '/unsubscribe': ['t'],
};

/** Read by the shell on every page: the header's search box (key) and the menu marked as current (MenuId). */
const SHELL_PARAMS = ['key', 'MenuId'] as const;

/** Every parameter some public page reads. */
export const pageParamNames: ReadonlySet<string> = new Set([...Object.values(PAGE_PARAMS).flat(), ...SHELL_PARAMS]);

/** The names a route's page reads, or undefined for a route not listed (its address is kept whole). */
function namesOf(pathname: string): readonly string[] | undefined {
  const own = PAGE_PARAMS[pathname.replace(/\/+$/, '').toLowerCase()];
  return own && [...own, ...SHELL_PARAMS.filter((name) => !own.includes(name))];
}

/**
 * The parameters the page at `pathname` reads, in its own order (the first value of each, as
 * `URLSearchParams.get` reads it), whatever order and company they came in; for a route not
 * listed, all but the tracking ones. The server and the browser both build the page's links
 * from this, so they match.
 */
export function pageQuery(pathname: string, params: URLSearchParams): URLSearchParams {
  const names = namesOf(pathname);
  if (!names) return withoutTrackingParams(params);
  const read = new URLSearchParams();
  for (const name of names) {
    const value = params.get(name);
    if (value !== null) read.set(name, value);
  }
  return read;
}

/** A page's address with only what the page reads (see pageQuery): the address the server draws and keeps it under. */
export function pageAddress(address: string): string {
  const at = address.indexOf('?');
  const pathname = at < 0 ? address : address.slice(0, at);
  if (!namesOf(pathname)) return withoutTracking(address);
  const query = pageQuery(pathname, new URLSearchParams(at < 0 ? '' : address.slice(at + 1))).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The address with the names a page reads in their own spelling, or undefined when they are
 * already so. The API takes parameter names in any case (`newsid`, `NewsId`); pages do too,
 * by a permanent redirect to the one spelling their links use, so `/info?menuid=8&newsid=12`
 * is not a page of its own (and not a 404). Everything else in the address stays as it came:
 * values as sent, other parameters (tracking ones too) and their order.
 */
export function respelledPageAddress(address: string): string | undefined {
  const at = address.indexOf('?');
  if (at < 0) return undefined;
  const names = namesOf(address.slice(0, at));
  if (!names) return undefined;
  const byLowerCase = new Map(names.map((name) => [name.toLowerCase(), name]));
  let changed = false;
  const pairs = address
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const raw = eq < 0 ? pair : pair.slice(0, eq);
      let name: string;
      try {
        name = decodeURIComponent(raw.replace(/\+/g, ' '));
      } catch {
        return pair;
      }
      const spelled = byLowerCase.get(name.toLowerCase());
      if (!spelled || spelled === name) return pair;
      changed = true;
      return spelled + pair.slice(raw.length);
    });
  return changed ? `${address.slice(0, at)}?${pairs.join('&')}` : undefined;
}
