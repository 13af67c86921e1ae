import type { FastifyRequest } from 'fastify';
import {
  displayClasses,
  displayFromCookies,
  displayKey,
  isMemorialPage,
  MEMORIAL_META,
  parseDisplay,
  type DisplayPrefs,
  type MemorialScopeValue,
} from '@portal/shared';
import type { Services } from '../../http/app-types.js';
import { memorialToday } from '../site/memorial.js';

/**
 * How a public page looks for this request: the visitor's 尺寸 and 关怀模式 (their cookie) and
 * whether today is a 哀悼日 for this page. The server draws it into <html class> and into the
 * page itself, so the page is right from the first byte; the page cache keeps one copy per look
 * (`key`), and visitors with the default look share one.
 */
export interface PageLook {
  display: DisplayPrefs;
  memorial: boolean;
  /** Today's 哀悼日 scope (0 none), told to the browser for the pages it opens itself. */
  memorialScope: number;
  /** The cache key's part: '' for the default look. */
  key: string;
  /** For <html class>. */
  classes: string;
}

/** The back office and its sign-in keep their own look and never turn grey. */
const isPublicPage = (pathname: string) => !pathname.startsWith('/System') && pathname !== '/login';

export async function pageLook(services: Services, request: FastifyRequest, pathname: string): Promise<PageLook> {
  return visitorLook(request, pathname, isPublicPage(pathname) ? await memorialToday(services.database, services.now()) : 0);
}

/**
 * The look from the visitor's cookie and a known 哀悼日 scope; with scope 0, what a page is drawn
 * in while the database, which holds the 哀悼日, is away.
 */
export function visitorLook(request: FastifyRequest, pathname: string, memorialScope: MemorialScopeValue | 0): PageLook {
  if (!isPublicPage(pathname)) return { display: parseDisplay(undefined), memorial: false, memorialScope: 0, key: '', classes: '' };
  const display = displayFromCookies(request.headers.cookie);
  const memorial = isMemorialPage(memorialScope, pathname);
  const key = `${displayKey(display)}${memorialScope ? `|memorial${memorialScope}` : ''}`;
  return { display, memorial, memorialScope, key, classes: displayClasses(display, memorial).join(' ') };
}

/** index.html's <html> with the look's classes, and today's 哀悼日 scope for the browser. */
export function withLook(html: string, look: PageLook): string {
  if (!look.classes) return html;
  const marked = html.replace('<html lang="zh-CN">', () => `<html lang="zh-CN" class="${look.classes}">`);
  return look.memorialScope ? marked.replace('</head>', () => `  <meta name="${MEMORIAL_META}" content="${look.memorialScope}" />\n  </head>`) : marked;
}
