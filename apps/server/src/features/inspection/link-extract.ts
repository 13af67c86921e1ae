import sanitizeHtml from 'sanitize-html';
import type { LinkKind } from '@portal/shared';

/**
 * The links of an article's body as 链接检查 sees them: every href and src of a, img, source,
 * video, audio and iframe (and a video's poster), read with the parser the bodies are sanitised
 * with, each address once per article. What a visitor cannot follow is left out: anchors on the
 * page, mailto:, tel:, javascript: and data: addresses.
 */

export interface FoundLink {
  /** The address as written in the body. */
  url: string;
  /** Whether it is shown as a picture (img, a video's poster): an upload it names is an 图片, not an 附件. */
  picture: boolean;
}

const ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href'],
  img: ['src'],
  source: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  iframe: ['src'],
};

export function linksIn(html: string): FoundLink[] {
  const found = new Map<string, FoundLink>();
  sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    onOpenTag(name, attribs) {
      for (const attribute of ATTRIBUTES[name] ?? []) {
        const url = attribs[attribute]?.trim();
        if (!url || url.startsWith('#') || /^(mailto|tel|javascript|data|sms|about|blob):/i.test(url)) continue;
        const picture = name === 'img' || attribute === 'poster';
        const known = found.get(url);
        if (!known) found.set(url, { url, picture });
        else known.picture ||= picture;
      }
    },
  });
  return [...found.values()];
}

/** Where a link leads: a page of the site, an upload, another site's address, or nowhere we check (ftp:, a malformed address). */
export type LinkTarget = { kind: 'internal'; url: URL } | { kind: 'file' | 'image'; stored: string } | { kind: 'external'; url: URL } | { kind: 'skip' };

const PICTURE = /\.(?:png|jpe?g|gif|webp|bmp|svg|avif|ico)$/i;
/** The origin relative links are read against; never requested. */
const SITE = 'http://site.invalid';

export interface SiteAddresses {
  /** PUBLIC_BASE_URL: an absolute link to it is a link to the site. */
  publicBaseUrl?: string;
  /** ASSET_BASE_URL: uploads served from elsewhere are still ours. */
  assetBaseUrl: string;
}

/** Classifies a link of an article. */
export function targetOf(link: FoundLink, site: SiteAddresses): LinkTarget & { kind: LinkKind | 'skip' } {
  let url: URL;
  try {
    url = new URL(link.url, SITE);
  } catch {
    return { kind: 'skip' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'skip' };
  const own = url.origin === SITE || (site.publicBaseUrl && url.origin === new URL(site.publicBaseUrl).origin);
  const asset = site.assetBaseUrl && link.url.startsWith(`${site.assetBaseUrl}/`);
  if (own || asset) {
    const path = asset ? new URL(link.url.slice(site.assetBaseUrl.length), SITE).pathname : url.pathname;
    if (path.startsWith('/uploads/')) {
      const stored = safeDecode(path);
      return { kind: link.picture || PICTURE.test(stored) ? 'image' : 'file', stored };
    }
    return { kind: 'internal', url };
  }
  return { kind: 'external', url };
}

const safeDecode = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};
