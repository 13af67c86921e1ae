import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test.js';
import { closedElection } from './election-session.js';
import { everyFieldForm } from './forms.js';
import { menuByName, menuListPath, publicArticle, verificationPath } from './helpers.js';

/**
 * Valid HTML (issue 33): the W3C Nu Html Checker finds no error in any server-rendered page type,
 * as the server sends it and as the browser holds it once the app has taken over
 * (page.content()). The checker is the npm package vnu-jar, run on Java (.ci/run installs it).
 */

/** The checker's jar (the package's main export is its path). */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

/**
 * Warnings allowed, each with why. Everything else the checker says as a warning fails too.
 * - `border` on a table: the demo single page 协会简介 holds a table as the rich-text editor
 *   (TinyMCE) writes it, `<table border="1">`. That is an editor's stored content, shown as
 *   written, not the site's markup; browsers draw it all the same (obsolete, not an error).
 */
const ALLOWED_WARNINGS: readonly RegExp[] = [/^The “border” attribute on the “table” element is obsolete\./];

/** One checker message (vnu --format json). */
interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: 'warning' | 'fatal' | 'io' | 'schema' | 'internal';
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** Runs the checker once over all files (one JVM start for them all) and answers its messages. */
async function vnu(files: readonly string[]): Promise<VnuMessage[]> {
  // The checker exits 1 when it finds errors; its JSON report is on stdout either way.
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile('java', ['-jar', VNU_JAR, '--format', 'json', '--stdout', ...files], { maxBuffer: 64 * 1024 * 1024 }, (error, out, err) => {
      if (out.trim().startsWith('{')) resolve(out);
      else reject(new Error(`vnu did not answer: ${error?.message ?? ''}\n${err}`));
    });
  });
  return (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
}

/** One page type: its address, its status, and what shows that the browser has drawn its data. */
interface PageType {
  name: string;
  path: string;
  status: number;
  ready: (page: Page) => Promise<void>;
  /**
   * Charts the browser draws after hydration (Recharts, never in the served page): their SVG
   * carries attributes the checker refuses (x and y on a grid's <line>, width on its wrapper <div>),
   * which are the library's, so the hydrated copy is checked without them.
   */
  charts?: boolean;
}

async function pageTypes(request: APIRequestContext): Promise<PageType[]> {
  const article = await publicArticle(request);
  const list = await menuByName(request, '通知公告');
  // A ShowType 1 menu: one rich-text page.
  const single = await menuByName(request, '协会简介');
  const main = (page: Page) => page.getByRole('main');
  return [
    {
      name: 'home',
      path: '/home',
      status: 200,
      ready: async (page) => {
        await expect(page.getByRole('region', { name: '图片新闻' }).getByRole('button', { name: '第 1 张' })).toBeVisible();
        await expect(page.getByRole('tabpanel')).toBeVisible();
      },
    },
    { name: 'menu-list', path: menuListPath(list), status: 200, ready: (page) => expect(page.getByRole('list', { name: '文章列表' })).toBeVisible() },
    {
      name: 'single-page',
      path: menuListPath(single),
      status: 200,
      ready: (page) => expect(main(page).getByRole('heading', { name: '协会简介' }).first()).toBeVisible(),
    },
    {
      name: 'article',
      path: `/info?MenuId=${article.MenuId}&NewsId=${article.NewsId}`,
      status: 200,
      // The share links get their address once the app runs.
      ready: (page) => expect(page.getByRole('link', { name: '分享到微博' })).toHaveAttribute('href', /^https:/),
    },
    {
      name: 'search',
      path: `/searchKey?key=${encodeURIComponent('协会')}`,
      status: 200,
      ready: (page) => expect(page.getByText(/共找到 [1-9]\d* 条/)).toBeVisible(),
    },
    { name: 'certsearch', path: '/certsearch', status: 200, ready: (page) => expect(page.getByLabel('姓名')).toBeVisible() },
    {
      name: 'certsearch-result',
      path: `/certsearch?Name=${encodeURIComponent('无此人')}&CertNum=NOPE`,
      status: 200,
      ready: (page) => expect(page.getByRole('table').getByRole('cell', { name: '暂无数据' })).toBeVisible(),
    },
    {
      name: 'verification',
      path: await verificationPath(request),
      status: 200,
      ready: (page) => expect(page.getByRole('heading', { name: '证书有效' })).toBeVisible(),
    },
    {
      name: 'form',
      path: `/form/${(await everyFieldForm(request)).id}`,
      status: 200,
      ready: (page) => expect(page.getByRole('img', { name: '验证码' })).toBeVisible(),
    },
    {
      name: 'election-result',
      path: `/election/${(await closedElection(request)).id}`,
      status: 200,
      ready: (page) => expect(page.getByRole('figure', { name: /候选人得票/ })).toBeVisible(),
      charts: true,
    },
    { name: 'privacy', path: '/privacy', status: 200, ready: (page) => expect(page.getByRole('table', { name: '隐私政策历次版本' })).toBeVisible() },
    { name: 'messages', path: '/messages', status: 200, ready: (page) => expect(page.getByRole('searchbox', { name: '搜索留言' })).toBeVisible() },
    { name: 'messages-ask', path: '/messages?tab=ask', status: 200, ready: (page) => expect(page.getByRole('img', { name: '验证码' })).toBeVisible() },
    // A link that is not the site's: its refusal, drawn by the server.
    { name: 'unsubscribe', path: '/unsubscribe?t=notice.1.1.x', status: 200, ready: (page) => expect(page.getByText('退订链接无效')).toBeVisible() },
    { name: 'not-found', path: '/no-such-page', status: 404, ready: (page) => expect(page.getByRole('button', { name: '返回首页' })).toBeVisible() },
    { name: 'login', path: '/login', status: 200, ready: (page) => expect(page.getByLabel('验证码', { exact: true })).toBeVisible() },
  ];
}

test('every server-rendered page type is valid HTML, as sent and after hydration (Nu Html Checker: 0 errors)', async ({ page, request }) => {
  // Fifteen page types fetched, drawn and checked, and a JVM started, on a loaded two-core machine.
  test.setTimeout(180_000);
  // Kept with the run's results, to read what the checker read.
  const dir = test.info().outputPath('pages');
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (const type of await pageTypes(request)) {
    const res = await request.get(type.path);
    expect(res.status(), type.path).toBe(type.status);
    const served = path.join(dir, `${type.name}.served.html`);
    await writeFile(served, await res.text());

    const response = await page.goto(type.path);
    expect(response?.status(), type.path).toBe(type.status);
    await type.ready(page);
    if (type.charts) {
      // The chart loads after hydration, later than what `ready` waits for: removed before it was
      // drawn, it arrived after the removal and its SVG was checked all the same.
      await expect(page.locator('.recharts-wrapper svg').first()).toBeVisible();
      await page.locator('.recharts-wrapper').evaluateAll((charts) => charts.forEach((chart) => chart.remove()));
    }
    const hydrated = path.join(dir, `${type.name}.hydrated.html`);
    await writeFile(hydrated, await page.content());
    files.push(served, hydrated);
  }

  const messages = await vnu(files);
  const shown = (m: VnuMessage) => `${path.basename(m.url ?? '')}:${m.lastLine ?? '?'} ${m.message}\n    ${(m.extract ?? '').replace(/\s+/g, ' ')}`;
  const errors = messages.filter((m) => m.type !== 'info');
  const warnings = messages.filter((m) => m.type === 'info' && m.subType === 'warning');
  // The warnings are listed in the output whatever they are.
  if (warnings.length) console.warn(`Nu Html Checker warnings (${warnings.length}):\n${warnings.map(shown).join('\n')}`);
  expect(errors.map(shown), `errors in ${dir}`).toEqual([]);
  expect(warnings.filter((w) => !ALLOWED_WARNINGS.some((allowed) => allowed.test(w.message))).map(shown), 'warnings not allowed').toEqual([]);
});
