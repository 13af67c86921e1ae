import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cable } from '../../../test/cable.js';
import { eventually } from '../../../test/eventually.js';
import { insertMenu, insertNews } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { expectMaintenancePage, testWebBuild, type TestWebBuild } from '../../../test/web-build.js';
import { contentChanged } from '../../cache/generations.js';

/**
 * The web build's server entry (apps/web/src/entry-server.tsx) as far as the server sees it: it
 * draws a page from what the page's calls answer in-process, here a page of the article list
 * (each drawing its own, so that no answer comes from the response cache), and the status the
 * server gives it.
 */
const ENTRY_SERVER = `let drawings = 0;
export async function render(url, { status, transport }) {
  drawings += 1;
  const answer = await transport({ method: 'get', url: '/api/XfWebApi/GetNewsList', params: { pageindex: drawings, pagesize: 1 } });
  return { html: '<p>drawn ' + status + ' with Code ' + answer.data.Code + '</p>', styles: '', state: '{}' };
}
`;

/**
 * Public pages while PostgreSQL is away, cut off by a proxy as in database-outage.test.ts. (On
 * SQLite pages only read, and an unreadable file cannot be made in a test: the same handler
 * answers whichever engine's error it is, isDatabaseUnavailable.)
 */
describe.runIf(process.env.TEST_DATABASE_URL)('public pages while PostgreSQL is away', () => {
  const cable = new Cable(new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost'));
  let t: TestApp;
  let web: TestWebBuild;
  let article: string;
  let other: string;
  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    web = testWebBuild(ENTRY_SERVER);
    await cable.plug();
    t = await createTestApp('postgres', { databaseUrl: cable.url(), webDist: web.webDist });
    const { db } = t.app.services.database;
    const menuId = await insertMenu(db, { name: '协会动态' });
    article = `/info?MenuId=${menuId}&NewsId=${await insertNews(db, { menuId, title: '年度风险报告' })}`;
    other = `/info?MenuId=${menuId}&NewsId=${await insertNews(db, { menuId, title: '从未打开的通知' })}`;
  });
  afterAll(async () => {
    await cable.plug();
    await t.close();
    await cable.cut();
    web.remove();
  });

  const expectDrawnMaintenancePage = (res: Awaited<ReturnType<typeof page>>) => {
    // The web app's page, in the site's look, drawn by the server for status 503.
    expectMaintenancePage(res);
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).toContain('<p>drawn 503 with Code 503</p>');
  };

  it('answers a page never kept with the maintenance page, 503 with Retry-After, then the page once the database is back', async () => {
    expect((await page(article)).statusCode).toBe(200);
    await cable.cut();
    try {
      const res = await page(other);
      expectDrawnMaintenancePage(res);
      // In the visitor's look, as every page.
      expect((await page(other, { cookie: 'display=c1.t150' })).body).toContain('<html lang="zh-CN" class="size-small care text-150');
      // A page the server draws from its calls (the home page reads nothing else): those
      // calls answered 503, so the page is not drawn bare, nor kept.
      expectDrawnMaintenancePage(await page('/home'));
    } finally {
      await cable.plug();
    }
    await eventually(async () => (await page('/home')).statusCode === 200);
    const home = await page('/home');
    expect(home.body).toContain('<p>drawn 200 with Code 200</p>');
    expect((await page(other)).body).toContain('从未打开的通知');
  });

  it('answers a kept page from its copy, even one a write has made stale, but not after a write that may withdraw it', async () => {
    const kept = await page(article);
    expect(kept.statusCode).toBe(200);
    // A banner changed: every kept page is stale, and the next visit would draw it again.
    contentChanged(t.app.services.database, 'banners');
    await cable.cut();
    try {
      const res = await page(article);
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(kept.headers.etag);
      expect(res.body).toBe(kept.body);
      // An article changed: this copy may show what is no longer public.
      contentChanged(t.app.services.database, 'news');
      expectDrawnMaintenancePage(await page(article));
    } finally {
      await cable.plug();
    }
    await eventually(async () => (await page(article)).statusCode === 200);
  });
});
