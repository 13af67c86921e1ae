import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, enginesFor, envelope, type TestApp } from '../../../test/harness.js';
import { builtWebApp, type TestWebBuild } from '../../../test/web-build.js';
import { seedPublicSite, type PublicPage } from '../../../test/public-pages.js';

/** A query of the page's cache as the page carries it (apps/web/src/queryClient.ts pageQueryState). */
interface DehydratedQuery {
  queryKey: unknown[];
  state: { status: 'success' | 'error'; data?: unknown; error?: { code: number; message: string; data: unknown } | null };
}

const queryState = (html: string) =>
  JSON.parse(/<script type="application\/json" id="query-state">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as { queries: DehydratedQuery[] } | null;

/** The public call each of the pages' query keys stands for (apps/web/src/portal/queries.ts, api/content.ts, api/directory.ts, api/forms.ts, api/elections.ts, api/mail-preferences.ts). */
function callOf([name, ...args]: unknown[]): { path: string; params: Record<string, unknown> } {
  const [a, b, c] = args;
  switch (name) {
    case 'siteInfo':
      return { path: 'GetSiteInfo', params: {} };
    case 'menuTree':
      return { path: 'GetMenuList', params: { parentid: -1 } };
    case 'menuRoot':
      return { path: 'GetMenuTreeModel', params: { menuid: a } };
    case 'menu':
      return { path: 'GetMenuModel', params: { menuid: a } };
    case 'friendLinks':
      return { path: 'GetWebFriendlinks', params: {} };
    case 'newsList':
      return { path: 'GetNewsList', params: a as Record<string, unknown> };
    case 'newsDetail':
      // No preview token: undefined in the cache, null once in JSON.
      return { path: 'GetNewsDetail', params: b == null ? { newsid: a } : { newsid: a, preview: b } };
    case 'latestNews':
      return { path: 'GetNewsReList', params: { pageindex: a, pagesize: b } };
    case 'position':
      return { path: 'GetNewPositionList', params: { seat: a, pageindex: b, pagesize: c } };
    case 'banners':
      return { path: 'GetBannerList', params: { type: a } };
    case 'memberDirectory':
      return { path: 'GetMemberDirectory', params: a as Record<string, unknown> };
    case 'publicForm':
      return { path: 'GetPublicForm', params: { formid: a } };
    case 'formResults':
      return { path: 'GetFormResults', params: { formid: a } };
    case 'electionPublication':
      return { path: 'GetElectionPublication', params: { electionid: a } };
    case 'unsubscribeLink':
      return { path: 'Unsubscribe', params: { t: a } };
    default:
      throw new Error(`a page carries a query no public call answers: ${JSON.stringify([name, ...args])}`);
  }
}

let build: TestWebBuild;
beforeAll(() => {
  build = builtWebApp();
});
afterAll(() => build.remove());

describe.each(enginesFor('neutral'))('the data a drawn page carries on %s', (engine) => {
  let t: TestApp;
  let pages: PublicPage[];
  beforeAll(async () => {
    t = await createTestApp(engine, { webDist: build.webDist, memberDirectory: 'public' });
    pages = await seedPublicSite(t.app.services.database.db);
  });
  afterAll(() => t.close());

  const answer = async (key: unknown[]) => {
    const { path, params } = callOf(key);
    const query = new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
    return envelope(await t.app.inject({ method: 'GET', url: `/api/XfWebApi/${path}?${query}` }));
  };

  it('equals what the API answers the same requests, for every page type', async () => {
    // After the first page, the calls the pages share (the menu tree, the site's information) are
    // read from the answers the response cache keeps (render.ts keptAnswer), the others made by
    // their routes: either way, the API's answer.
    for (const { type, url, status } of pages) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, type).toBe(status);
      const state = queryState(res.body);
      expect(state?.queries.length, type).toBeGreaterThan(0);
      for (const query of state!.queries) {
        const api = await answer(query.queryKey);
        const what = `${type}: ${JSON.stringify(query.queryKey)}`;
        if (query.state.status === 'error') {
          // A refusal travels as its code, message and data (pageQueryState).
          expect(query.state.error, what).toEqual({ code: api.Code, message: api.Message, data: api.Data });
          continue;
        }
        expect(api.Code, what).toBe(200);
        if (query.queryKey[0] === 'newsDetail') {
          // Reading an article counts a view: this call's answer counts one more than the page's.
          const { Views, ...rest } = api.Data as { Views: number };
          expect(query.state.data, what).toEqual({ ...rest, Views: Views - 1 });
        } else if (query.queryKey[0] === 'unsubscribeLink') {
          // The unsubscribe page keeps the envelope: its Message is the page's question.
          expect(query.state.data, what).toEqual(api);
        } else expect(query.state.data, what).toEqual(api.Data);
      }
    }
  });
});
