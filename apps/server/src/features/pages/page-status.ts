import { sitePageAt } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { LINK_CHECK_AGENT } from '../inspection/link-fetch.js';
import { resolvePage } from './page.js';

/**
 * The HTTP status a visitor gets at an address of the site, found without drawing anything:
 * a page of the public site as `resolvePage` decides it (an unknown article or menu is 404; no
 * view is counted), anything else (a call, the sitemap, a verification page) asked of the app
 * itself in-process. 链接检查 checks the site's own links with it (features/inspection/link-run.ts),
 * handed it by app.ts, as inspection sits below pages.
 */
export function sitePageStatus(app: App): (url: URL) => Promise<number> {
  return async (url) => {
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (path === '/' || sitePageAt(path)) {
      const answer = await resolvePage(app.services, url);
      return answer.kind === 'page' ? answer.status : 200;
    }
    const res = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { 'user-agent': LINK_CHECK_AGENT } });
    return res.statusCode;
  };
}
