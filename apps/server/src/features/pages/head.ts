import { SITE_INFO_ELEMENT_ID } from '@portal/shared';
import type { Services } from '../../http/app-types.js';
import { toSiteInfoDto } from '../site/public.js';
import { absoluteAsset, type PageHead } from './page.js';
import { w3cTime } from './sitemap.js';

/** Share image when a page has none of its own: a PNG (WeChat and most previews ignore SVG), at least 300×300. */
export const DEFAULT_SHARE_IMAGE = '/share.png';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside <script> must not close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/**
 * The head tags of a page: title, description, canonical address, Open Graph (which WeChat's
 * link preview reads too, with its itemprop fallbacks), and JSON-LD — NewsArticle on articles,
 * Organization on home.
 */
export function headTags(services: Services, base: string, head: PageHead): string {
  const { site } = services.config;
  const url = base + head.path;
  const image = absoluteAsset(services, base, head.image ?? DEFAULT_SHARE_IMAGE);
  const meta = (attr: 'name' | 'property' | 'itemprop', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const documentTitle = head.title === site.name ? site.name : `${head.title} · ${site.name}`;
  const tags = [
    `<title>${escapeHtml(documentTitle)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:locale', 'zh_CN'),
    ...(head.article ? [meta('property', 'article:published_time', w3cTime(head.article.published)), meta('property', 'article:section', head.article.section)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    // WeChat's in-app browser builds its share card from these when no JS-SDK config is given.
    meta('itemprop', 'name', head.title),
    meta('itemprop', 'description', head.description),
    meta('itemprop', 'image', image),
  ];
  const jsonLd = structuredData(services, base, head, url, image);
  if (jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(jsonLd)}</script>`);
  // What GetSiteInfo answers, for the header, footer and sign-in card of every page, drawn by
  // the server or not: their first render has it, so nothing moves when it would have arrived.
  tags.push(`<script type="application/json" id="${SITE_INFO_ELEMENT_ID}">${scriptJson(toSiteInfoDto(services.config))}</script>`);
  return tags.join('\n    ');
}

function structuredData(services: Services, base: string, head: PageHead, url: string, image: string): object | undefined {
  const { site } = services.config;
  const organization = {
    '@type': 'Organization',
    name: site.name,
    alternateName: site.englishName,
    url: `${base}/home`,
    logo: `${base}${DEFAULT_SHARE_IMAGE}`,
    email: site.email,
    telephone: site.phone,
    address: { '@type': 'PostalAddress', streetAddress: site.address, postalCode: site.postcode, addressCountry: 'CN' },
  };
  if (head.path === '/home') return { '@context': 'https://schema.org', ...organization };
  if (head.type === 'article' && head.article) {
    return {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: head.title.slice(0, 110),
      description: head.description,
      image: [image],
      datePublished: w3cTime(head.article.published),
      dateModified: w3cTime(head.article.modified),
      articleSection: head.article.section,
      mainEntityOfPage: url,
      isAccessibleForFree: !head.noindex,
      publisher: { '@type': 'Organization', name: site.name, logo: { '@type': 'ImageObject', url: `${base}${DEFAULT_SHARE_IMAGE}` } },
    };
  }
  return undefined;
}

/** index.html with the page's own head: its <title> is replaced and the tags go before </head>. */
export function withHead(indexHtml: string, tags: string, status: number): string {
  // The web app reads the status to show its 404 page where the server answered 404.
  const statusMeta = `<meta name="page-status" content="${status}" />`;
  // Replaced by a function: a title's `$&` or `$'` is text, not a replacement pattern.
  return indexHtml.replace(/<title>[^<]*<\/title>\s*/, '').replace('</head>', () => `  ${tags}\n    ${statusMeta}\n  </head>`);
}
