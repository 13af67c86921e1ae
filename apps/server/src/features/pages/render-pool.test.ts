import fs from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.js';
import { insertMenu, insertNews } from '../../../test/fixtures.js';
import { createTestApp, enginesFor, type TestApp } from '../../../test/harness.js';
import { expectMaintenancePage, testWebBuild, type TestWebBuild } from '../../../test/web-build.js';
import { contentChanged } from '../../cache/generations.js';
import { defaultDisplay } from '@portal/shared';
import { callInProcess } from './render.js';
import { renderPool, RenderPoolClosedError } from './render-pool.js';

/**
 * The web build's server entry as far as the server sees it, with the test's levers in files
 * beside it: a drawing waits while `held` exists (so drawings pile up in the pool), notes each
 * article it starts (`started-<NewsId>`), and the thread dies when `crash` exists. The page
 * holds where it was drawn, and its state what the page's call answered.
 */
const ENTRY_SERVER = `import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';
const here = (name) => new URL(name, import.meta.url);
export async function render(url, { status, transport }) {
  const newsId = new URL(url, 'http://page').searchParams.get('NewsId');
  if (newsId) fs.writeFileSync(here('started-' + newsId), '');
  if (fs.existsSync(here('crash'))) {
    fs.rmSync(here('crash'));
    process.exit(1);
  }
  while (fs.existsSync(here('held'))) await new Promise((resolve) => setTimeout(resolve, 10));
  const answer = await transport({ method: 'get', baseURL: '/api/XfWebApi', url: '/GetNewsList', params: { pageindex: 1, pagesize: 2 } });
  return { html: '<p>drawn ' + status + (isMainThread ? ' on the event loop' : ' on a render thread') + '</p>', styles: '', state: JSON.stringify(answer.data) };
}
`;

describe.each(enginesFor('neutral'))('pages drawn in the render pool on %s', (engine) => {
  let t: TestApp;
  let web: TestWebBuild;
  const articles: string[] = [];
  const lever = (name: string) => web.beside(name);
  const page = (url: string) => t.app.inject({ method: 'GET', url });
  const state = (html: string) => JSON.parse(html.match(/<script type="application\/json" id="query-state">(.*?)<\/script>/)?.[1] ?? 'null') as unknown;

  beforeAll(async () => {
    web = testWebBuild(ENTRY_SERVER);
    // One thread (the process has every core to share with as many processes), two drawings on
    // it at once, and one more waiting at most.
    t = await createTestApp(engine, { webDist: web.webDist, webConcurrency: os.availableParallelism(), pagesWaitingAtMost: 1 });
    const { db } = t.app.services.database;
    const menuId = await insertMenu(db, { name: '协会动态' });
    for (let i = 0; i < 10; i++) articles.push(`/info?MenuId=${menuId}&NewsId=${await insertNews(db, { menuId, title: `通知第${i + 1}号` })}`);
  });
  afterAll(async () => {
    await t.close();
    web.remove();
  });

  it('draws pages on a render thread, with exactly what their API calls answer', async () => {
    const res = await page('/home');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><p>drawn 200 on a render thread</p></div>');
    const api = await t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetNewsList?pageindex=1&pagesize=2' });
    expect(state(res.body)).toEqual(api.json());
  });

  it('answers 503 with Retry-After when more pages wait than the line holds, a kept page from its copy, and draws the rest once the threads are free', async () => {
    const [kept, first, second, third, fourth] = articles as [string, string, string, string, string];
    const keptPage = await page(kept);
    expect(keptPage.statusCode).toBe(200);
    // A banner changed: the kept copy is stale, and the next visit would draw the page again.
    contentChanged(t.app.services.database, 'banners');

    fs.writeFileSync(lever('held'), '');
    const drawing = [page(first), page(second)];
    // The thread's two drawings under way; of the next two, one waits and the other finds the line full.
    await eventually(() => [first, second].every((url) => fs.existsSync(lever(`started-${new URL(url, 'http://page').searchParams.get('NewsId')}`))));
    const lining = [page(third), page(fourth)];
    const turnedAway = await Promise.race(lining);
    // The maintenance page, which the browser draws: the threads are what is short.
    expectMaintenancePage(turnedAway);
    expect(turnedAway.body).toContain('<div id="root"></div>');

    // A page with a kept copy is answered from it meanwhile, stale as it is.
    const fromCopy = await page(kept);
    expect(fromCopy.statusCode).toBe(200);
    expect(fromCopy.headers.etag).toBe(keptPage.headers.etag);
    expect(fromCopy.body).toBe(keptPage.body);

    fs.rmSync(lever('held'));
    const drawn = await Promise.all([...drawing, ...lining]);
    const answered = drawn.filter((res) => res !== turnedAway);
    expect(answered.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    for (const res of answered) expect(res.body).toContain('<p>drawn 200 on a render thread</p>');
  });

  it('lets a page that finds the line full wait for room: refused when none comes in time, taken as soon as a drawing ends', async () => {
    // A pool of one thread beside the app's: two drawings on it, one waiting, and then the line is full.
    const pool = renderPool({ entry: web.beside('entry-server.js'), threads: 1, waitingAtMost: 1 });
    try {
      fs.writeFileSync(lever('held'), '');
      const shell = { html: '<head></head><div id="root"></div>' };
      const drawings = ['/home', '/home?x=1', '/home?x=2'].map((url) => pool.draw(url, { status: 200, display: defaultDisplay }, callInProcess(t.app), shell));
      expect(pool.hasRoom()).toBe(false);
      // Held drawings end at nobody's pace: no room comes within a millisecond.
      await expect(pool.roomWithin(1)).resolves.toBe(false);
      const room = pool.roomWithin(600_000);
      fs.rmSync(lever('held'));
      await expect(room).resolves.toBe(true);
      expect((await Promise.all(drawings)).map((page) => page.body.toString())).toEqual(
        Array(3).fill(expect.stringContaining('<p>drawn 200 on a render thread</p>')),
      );
    } finally {
      await pool.close();
    }
  });

  it('says a drawing cut short by its closing was cut, not failed, as is one asked for after', async () => {
    const pool = renderPool({ entry: web.beside('entry-server.js'), threads: 1, waitingAtMost: 1 });
    fs.writeFileSync(lever('held'), '');
    try {
      const shell = { html: '<head></head><div id="root"></div>' };
      const drawing = pool.draw(`${articles[7]}&cut=1`, { status: 200, display: defaultDisplay }, callInProcess(t.app), shell);
      await eventually(() => fs.existsSync(lever(`started-${new URL(articles[7]!, 'http://page').searchParams.get('NewsId')}`)));
      await pool.close();
      await expect(drawing).rejects.toBeInstanceOf(RenderPoolClosedError);
      await expect(pool.draw('/home', { status: 200, display: defaultDisplay }, callInProcess(t.app), shell)).rejects.toBeInstanceOf(RenderPoolClosedError);
    } finally {
      fs.rmSync(lever('held'));
    }
  });

  it('draws one page at a time while the event loop is crowded, holding the turn for a rest after each, and as many as the threads take once it is not', async () => {
    // The pool's clock is the test's: a drawing takes as long as the test says, and the turn rests
    // after it until the test lets it go (every rest after that ends at once).
    let now = 0;
    const rests: number[] = [];
    let restsEnd!: () => void;
    const restsEnded = new Promise<void>((resolve) => (restsEnd = resolve));
    const clock = {
      now: () => now,
      rest: (ms: number) => {
        rests.push(ms);
        return restsEnded;
      },
    };
    // One may wait: while the second waits for its turn, the line is full.
    const pool = renderPool({ entry: web.beside('entry-server.js'), threads: 1, waitingAtMost: 1, clock });
    const [first, second] = articles.slice(8) as [string, string];
    const started = (url: string) => lever(`started-${new URL(url, 'http://page').searchParams.get('NewsId')}`);
    const draw = (url: string) =>
      pool.draw(url, { status: 200, display: defaultDisplay }, callInProcess(t.app), { html: '<head></head><div id="root"></div>' });
    try {
      pool.crowded(true);
      fs.writeFileSync(lever('held'), '');
      const drawingFirst = draw(first);
      const drawingSecond = draw(second);
      await eventually(() => fs.existsSync(started(first)));
      // The thread takes two at once, but the second waits while the first is drawn.
      expect(pool.hasRoom()).toBe(false);
      expect(fs.existsSync(started(second))).toBe(false);
      // A drawing of half a second, so its turn rests a second: twice as long as it took.
      now += 500;
      fs.rmSync(lever('held'));
      await drawingFirst;
      await eventually(() => rests.length > 0);
      expect(rests).toEqual([1000]);
      // The first is drawn and handed over, and its turn rests: the second still waits.
      expect(pool.hasRoom()).toBe(false);
      expect(fs.existsSync(started(second))).toBe(false);
      restsEnd();
      expect((await drawingSecond).body.toString()).toContain('<p>drawn 200 on a render thread</p>');
      expect(fs.existsSync(started(second))).toBe(true);

      pool.crowded(false);
      for (const url of [first, second]) fs.rmSync(started(url));
      fs.writeFileSync(lever('held'), '');
      const both = [draw(first), draw(second)];
      await eventually(() => fs.existsSync(started(first)) && fs.existsSync(started(second)));
      fs.rmSync(lever('held'));
      await Promise.all(both);
    } finally {
      if (fs.existsSync(lever('held'))) fs.rmSync(lever('held'));
      await pool.close();
    }
  });

  it('replaces a thread that dies: its page falls back to the browser drawing it, the next is drawn', async () => {
    const [, , , , , crashed, next] = articles as [string, string, string, string, string, string, string];
    fs.writeFileSync(lever('crash'), '');
    const fallen = await page(crashed);
    expect(fallen.statusCode).toBe(200);
    expect(fallen.body).toContain('<div id="root"></div>');
    const res = await page(next);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p>drawn 200 on a render thread</p>');
  });
});
