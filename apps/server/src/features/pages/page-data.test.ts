import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDisplay } from '@portal/shared';
import { createTestApp, enginesFor, type TestApp } from '../../../test/harness.js';
import { builtWebApp, type TestWebBuild } from '../../../test/web-build.js';
import { seedPublicSite, type PublicPage } from '../../../test/public-pages.js';
import { callInProcess, type CallConfig } from './render.js';
import { renderPool, type RenderPool } from './render-pool.js';

// Each public route declares the data its page draws from (apps/web/src/portal/pageData.ts): the
// server loads it and draws the page once. A query a drawing asks for that its route does not
// declare costs another drawing (entry-server.tsx), and would show here.
let build: TestWebBuild;
beforeAll(() => {
  build = builtWebApp();
});
afterAll(() => build.remove());

describe.each(enginesFor('neutral'))('every public page drawn once from its declared data on %s', (engine) => {
  let t: TestApp;
  let pool: RenderPool;
  let pages: PublicPage[];
  beforeAll(async () => {
    t = await createTestApp(engine, { webDist: build.webDist, memberDirectory: 'public' });
    pages = await seedPublicSite(t.app.services.database.db);
    pool = renderPool({ entry: build.beside('entry-server.js'), threads: 1, waitingAtMost: 8 });
  });
  afterAll(async () => {
    await pool.close();
    await t.close();
  });

  it('draws each page type once, asking for nothing its route does not declare', async () => {
    for (const { type, url, status } of pages) {
      // As a visitor gets it: the server draws it and answers with the drawing in the page.
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, type).toBe(status);
      expect(res.body, type).toContain('<script type="application/json" id="query-state">');
      // The same drawing, with what the renderer says of it.
      const drawn = await pool.draw(url, { status, display: defaultDisplay }, callInProcess(t.app), { html: '<head></head><div id="root"></div>' });
      expect({ type, draws: drawn.draws, undeclared: drawn.undeclared }).toEqual({ type, draws: 1, undeclared: [] });
    }
  });

  it("keeps the calls of two drawings on one thread apart: each page's answers, and what it is drawn from, are its own", async () => {
    const shell = { html: '<head></head><div id="root"></div>' };
    const call = callInProcess(t.app);
    const asked = (config: CallConfig) => `${config.url} ${JSON.stringify(config.params ?? {})}`;
    const draw = (url: string, answer: (config: CallConfig) => ReturnType<typeof call>) =>
      pool.draw(url, { status: 200, display: defaultDisplay }, answer, shell);
    const callsAlone = async (url: string) => {
      const calls: string[] = [];
      await draw(url, (config) => (calls.push(asked(config)), call(config)));
      return calls.sort();
    };
    const article = pages.find((p) => p.type === 'article')!.url;
    const [articleAlone, homeAlone] = [await callsAlone(article), await callsAlone('/home')];

    // The article's first calls are answered only once the home page's drawing has begun (its
    // first call came), so the article's later ones (the related list, read from the article)
    // are made while the thread draws both.
    let homeBegun!: () => void;
    const begun = new Promise<void>((resolve) => (homeBegun = resolve));
    const articleCalls: string[] = [];
    const homeCalls: string[] = [];
    const drawings = [
      draw(article, async (config) => {
        articleCalls.push(asked(config));
        await begun;
        return call(config);
      }),
      draw('/home', (config) => {
        homeCalls.push(asked(config));
        homeBegun();
        return call(config);
      }),
    ];
    await Promise.all(drawings);
    expect(articleCalls.sort()).toEqual(articleAlone);
    expect(homeCalls.sort()).toEqual(homeAlone);
  });
});
