import { HOME_PATH, menuFeedPath, SITE_FEED_PATHS, SITE_INFO_ELEMENT_ID, w3cTime } from '@portal/shared';
import type { Services } from '../../http/app-types.js';
import { toSiteInfoDto } from '../site/public.js';
import { absoluteAsset, type PageHead } from './page.js';
import { escapeHtml } from '../../content/escape-html.js';

/** Share image when a page has none of its own: a PNG (WeChat and most previews ignore SVG), at least 300×300. */
export const DEFAULT_SHARE_IMAGE = '/share.png';
/** Its size (apps/web/public/share.png), given with it so previews need not fetch it to lay out the card. */
export const DEFAULT_SHARE_IMAGE_SIZE = { width: 480, height: 480 } as const;

/**
 * The microdata item the head's itemprop tags belong to. WeChat's and QQ's share cards read
 * those tags when a page gives no JS-SDK config; without an itemscope around them the HTML is
 * invalid (every page drew 3 errors in the Nu Html Checker), so the head itself is the item.
 */
const HEAD_ITEM = '<head itemscope itemtype="https://schema.org/WebPage">';

/** JSON inside <script> must not close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/**
 * The head tags of a page: title, description, canonical address, Open Graph (which WeChat's
 * link preview reads too, with its itemprop fallbacks), the feeds, and JSON-LD — NewsArticle and
 * BreadcrumbList on articles, BreadcrumbList on menu pages, Organization and WebSite on home.
 */
export function headTags(services: Services, base: string, head: PageHead): string {
  const { site } = services.config;
  const url = base + head.path;
  const image = absoluteAsset(services, base, head.image ?? DEFAULT_SHARE_IMAGE);
  // Only the default picture's size is known: uploads are stored without theirs.
  const imageSize = head.image ? undefined : DEFAULT_SHARE_IMAGE_SIZE;
  const imageAlt = head.image ? head.title : `${site.name}标志`;
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
    meta('property', 'og:image:alt', imageAlt),
    ...(imageSize ? [meta('property', 'og:image:width', String(imageSize.width)), meta('property', 'og:image:height', String(imageSize.height))] : []),
    meta('property', 'og:locale', 'zh_CN'),
    ...(head.article
      ? [meta('property', 'article:published_time', w3cTime(head.article.published)), meta('property', 'article:section', head.article.section)]
      : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    // WeChat's in-app browser builds its share card from these when no JS-SDK config is given.
    meta('itemprop', 'name', head.title),
    meta('itemprop', 'description', head.description),
    meta('itemprop', 'image', image),
    ...feedLinks(site.name, base, head),
  ];
  for (const data of structuredData(services, base, head, url, { url: image, ...imageSize }))
    tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  // What GetSiteInfo answers, for the header, footer and sign-in card of every page, drawn by
  // the server or not: their first render has it, so nothing moves when it would have arrived.
  tags.push(`<script type="application/json" id="${SITE_INFO_ELEMENT_ID}">${scriptJson(toSiteInfoDto(services.config))}</script>`);
  return tags.join('\n    ');
}

/**
 * Feed readers and browsers find the feeds here: the whole site's (RSS and Atom) on every page,
 * and on a list menu's page and its articles that menu's own too.
 */
function feedLinks(siteName: string, base: string, head: PageHead): string[] {
  const link = (type: string, title: string, path: string) =>
    `<link rel="alternate" type="${type}" title="${escapeHtml(title)}" href="${escapeHtml(base + path)}" />`;
  const links = [link('application/rss+xml', `${siteName} RSS`, SITE_FEED_PATHS.rss), link('application/atom+xml', `${siteName} Atom`, SITE_FEED_PATHS.atom)];
  const menu = head.feedMenu;
  if (menu)
    links.push(
      link('application/rss+xml', `${menu.name} · ${siteName} RSS`, menuFeedPath(menu.id, 'rss')),
      link('application/atom+xml', `${menu.name} · ${siteName} Atom`, menuFeedPath(menu.id, 'atom')),
    );
  return links;
}

interface ImageObject {
  url: string;
  width?: number;
  height?: number;
}

/**
 * A length in pixels as schema.org has ImageObject's width and height: a QuantitativeValue
 * (their range is Distance or QuantitativeValue, not a bare number), its unit UN/CEFACT's
 * pixel, E37.
 */
const pixels = (value: number) => ({ '@type': 'QuantitativeValue', value, unitCode: 'E37' });

const imageObject = ({ url, width, height }: ImageObject) => ({
  '@type': 'ImageObject',
  url,
  ...(width === undefined ? {} : { width: pixels(width) }),
  ...(height === undefined ? {} : { height: pixels(height) }),
});

/**
 * JSON-LD (schema.org) of a page: on the home page the association as an Organization (its url
 * the site's root) and the site as a WebSite it publishes, a BreadcrumbList on menu and article
 * pages, a NewsArticle on a public article, written by the association or the member company
 * that contributed it.
 */
function structuredData(services: Services, base: string, head: PageHead, url: string, image: ImageObject): object[] {
  const { site } = services.config;
  const context = 'https://schema.org';
  const logo = imageObject({ url: `${base}${DEFAULT_SHARE_IMAGE}`, ...DEFAULT_SHARE_IMAGE_SIZE });
  const association = { '@type': 'Organization', '@id': `${base}/#organization`, name: site.name, url: `${base}/`, logo };
  const found: object[] = [];
  if (head.path === HOME_PATH) {
    found.push(
      {
        '@context': context,
        ...association,
        alternateName: site.englishName,
        email: site.email,
        telephone: site.phone,
        address: { '@type': 'PostalAddress', streetAddress: site.address, postalCode: site.postcode, addressCountry: 'CN' },
      },
      // The site's name as search engines show it beside its results. No SearchAction: search
      // engines no longer draw a sitelinks search box from one.
      {
        '@context': context,
        '@type': 'WebSite',
        '@id': `${base}/#website`,
        name: site.name,
        alternateName: site.englishName,
        url: `${base}/`,
        inLanguage: 'zh-CN',
        publisher: { '@id': association['@id'] },
      },
    );
  }
  if (head.type === 'article' && head.article) {
    const { author } = head.article;
    found.push({
      '@context': context,
      '@type': 'NewsArticle',
      headline: head.title.slice(0, 110),
      description: head.description,
      image: [imageObject(image)],
      datePublished: w3cTime(head.article.published),
      dateModified: w3cTime(head.article.modified),
      articleSection: head.article.section,
      mainEntityOfPage: url,
      isAccessibleForFree: !head.noindex,
      author: author ? { '@type': 'Organization', name: author } : association,
      publisher: association,
    });
  }
  // After the page's own item: readers taking the first block find what the page is about.
  if (head.trail && head.trail.length > 1) {
    found.push({
      '@context': context,
      '@type': 'BreadcrumbList',
      itemListElement: head.trail.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: base + crumb.path })),
    });
  }
  return found;
}

/** index.html with the page's own head: its <title> is replaced and the tags go before </head>. */
export function withHead(indexHtml: string, tags: string, status: number): string {
  // The web app reads the status to show its 404 page where the server answered 404.
  const statusMeta = `<meta name="page-status" content="${status}" />`;
  // Replaced by a function: a title's `$&` or `$'` is text, not a replacement pattern.
  return indexHtml
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace('<head>', HEAD_ITEM)
    .replace('</head>', () => `  ${tags}\n    ${statusMeta}\n  </head>`);
}
