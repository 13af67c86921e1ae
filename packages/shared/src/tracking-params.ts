/**
 * Query parameters that say where a visitor came from, not what they asked for: campaign tags
 * (utm_*), the ones WeChat adds to a shared link (from=singlemessage&isappinstalled=0, scene,
 * clicktime, enterid), ad click ids of Baidu, Google, Bing and Facebook, Alibaba's spm, and the
 * `_` cache-buster of jQuery-style clients. No page or call reads them, so an answer made for an
 * address without them is the answer with them: the response cache keys pages and calls without
 * them (a link shared in a WeChat group is then one cached page, not one per click id), and the
 * pages' own links leave them out.
 */
const TRACKING = new Set(['from', 'isappinstalled', 'scene', 'clicktime', 'enterid', 'spm', 'bd_vid', 'gclid', 'msclkid', 'fbclid', '_']);

export const isTrackingParam = (name: string): boolean => TRACKING.has(name.toLowerCase()) || /^utm_/i.test(name);

/** The parameters without the tracking ones, in their order. */
export function withoutTrackingParams(params: URLSearchParams): URLSearchParams {
  return new URLSearchParams([...params].filter(([name]) => !isTrackingParam(name)));
}

/** An address (path and query) without its tracking parameters; the same string when it has none. */
export function withoutTracking(address: string): string {
  const at = address.indexOf('?');
  if (at < 0) return address;
  const params = new URLSearchParams(address.slice(at + 1));
  if (![...params.keys()].some(isTrackingParam)) return address;
  const query = withoutTrackingParams(params).toString();
  return query ? `${address.slice(0, at)}?${query}` : address.slice(0, at);
}
