import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, withoutScript } from './test.js';
import { adminToken } from './admin-session.js';
import { member } from './member-session.js';
import { apiData, escapeRegExp, latestNews, menuByName, menuListPath, publicArticle, settled, type NewsListEntry } from './helpers.js';

/**
 * The public pages arrive drawn by the server: their text is in the HTML without JavaScript,
 * and the browser hydrates them without errors or hydration warnings and without asking the API
 * again for what the page already holds.
 */

async function publicPages(request: APIRequestContext) {
  const latest = await latestNews(request);
  const article = latest.find((n) => !n.IsMemberRead && n.Summary)!;
  const memberOnly = latest.find((n) => n.IsMemberRead);
  expect(memberOnly, 'a member-only article among the latest demo articles').toBeDefined();
  const notices = await menuByName(request, '通知公告');
  const noticeList = await apiData<{ List: NewsListEntry[] }>(request, 'GetNewsList', { pid: notices.MenuId, pageindex: 1, pagesize: 5 });
  const about = await menuByName(request, '协会简介');
  return [
    { path: '/home', text: '最新资讯', calls: ['GetMenuList', 'GetBannerList', 'GetNewsReList'] },
    { path: menuListPath(notices), text: noticeList.List[0]!.Title, calls: ['GetMenuList', 'GetNewsList'] },
    { path: menuListPath(about), text: '协会简介', calls: ['GetMenuList', 'GetNewsList'] },
    { path: `/info?MenuId=${article.MenuId}&NewsId=${article.NewsId}`, text: article.Title, calls: ['GetNewsDetail', 'GetMenuList'] },
    // A visitor gets the member-only notice drawn by the server; the refusal is not asked again.
    { path: `/info?MenuId=${memberOnly!.MenuId}&NewsId=${memberOnly!.NewsId}`, text: '该文章仅限会员阅读', calls: ['GetMenuList', 'GetNewsDetail'] },
    { path: '/searchKey?key=%E4%BF%9D%E9%99%A9', text: '相关的结果', calls: ['GetNewsList'] },
    { path: '/certsearch', text: '身份证号', calls: ['GetMenuList'] },
    // The member area, as a visitor (and the server, which has no member session) sees it.
    { path: '/contribute', text: '投稿仅面向协会会员', calls: ['GetMenuList'] },
    { path: '/member/activity', text: '活动通知仅面向协会会员', calls: ['GetMenuList'] },
    { path: '/member/inbox', text: '站内信是协会发给会员的通知', calls: ['GetMenuList'] },
    { path: '/member/notifications', text: '登录后即可选择接收哪些类别的会员通知', calls: ['GetMenuList'] },
    // A link that is not the site's: the server draws the refusal.
    { path: '/unsubscribe?t=notice.1.1.x', text: '退订链接无效', calls: ['GetMenuList', 'Unsubscribe'] },
    { path: '/no-such-page', text: '抱歉，您访问的页面不存在', calls: [] },
  ];
}

test('each public page holds its main text in the HTML, without JavaScript', async ({ request }) => {
  for (const page of await publicPages(request)) {
    const res = await request.get(page.path);
    const html = await res.text();
    // The drawn markup, not the query cache that follows it (which holds the same texts as data).
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="query-state">'));
    expect(root, page.path).toContain(page.text);
    // Styled before any script by the stylesheet linked from the head (no flash of unstyled
    // content). The public pages are drawn without antd: no antd styles, nor its code.
    const head = html.slice(0, html.indexOf('<div id="root">'));
    expect(head, page.path).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/style-[\w-]+\.css"/);
    expect(head, page.path).not.toMatch(/data-css-hash/);
  }
});

/** Content-Security-Policy violations the page reports (also those a script merely probes for, such as eval). */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective}: ${e.blockedURI || e.sample}`));
  });
}
const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/** Console errors and warnings, page errors, and the public calls the page made while loading. */
function watch(page: Page) {
  const problems: string[] = [];
  const calls: string[] = [];
  page.on('console', (m) => {
    // The 404 page's own status is reported by Chromium as a failed resource: that one is intended.
    const ownStatus = m.text().startsWith('Failed to load resource') && m.location().url === page.url();
    if ((m.type() === 'error' || m.type() === 'warning') && !ownStatus) problems.push(`${m.type()}: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    const call = r.url().match(/\/api\/XfWebApi\/(\w+)/)?.[1];
    if (call) calls.push(call);
  });
  return { problems, calls };
}

/** The paths of the scripts the page loads from now on (a list that grows as they are asked for). */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}

test('public pages hydrate without console errors, hydration warnings or CSP violations, and do not fetch their data again', async ({ page, request }) => {
  await recordCspViolations(page);
  for (const target of await publicPages(request)) {
    const seen = watch(page);
    await page.goto(target.path);
    // Hydrated: React has attached its handlers to the server's markup.
    await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));
    // (The navigation's submenus hold links of the same names, hidden until opened.)
    await expect(page.getByText(target.text).filter({ visible: true }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(seen.problems, target.path).toEqual([]);
    expect(await cspViolations(page), target.path).toEqual([]);
    for (const call of [...target.calls, 'GetSiteInfo']) expect(seen.calls, `${target.path} asks ${call} again`).not.toContain(call);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
    page.removeAllListeners('request');
  }
});

test('a link shared with tracking parameters (WeChat, campaigns) is the same page: its links leave them out, before and after hydration', async ({
  page,
  request,
}) => {
  const list = menuListPath(await menuByName(request, '通知公告'));
  const shared = `${list}&from=singlemessage&isappinstalled=0&utm_source=weixin`;
  const pagerHrefs = (html: string) => [...html.matchAll(/href="([^"]*page=\d+[^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const drawn = pagerHrefs(await (await request.get(shared)).text());
  expect(drawn.length, 'the list has a pager').toBeGreaterThan(0);
  expect(drawn).toEqual(pagerHrefs(await (await request.get(list)).text()));
  expect(drawn.filter((href) => /from=|utm_|isappinstalled/.test(href))).toEqual([]);

  const seen = watch(page);
  await page.goto(shared);
  await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));
  const second = page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '第 2 页' });
  await expect(second).toHaveAttribute('href', `${list}&page=2`);
  await second.click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(list)}&page=2$`));
  expect(seen.problems).toEqual([]);
});

test('the sign-in page, drawn by the browser, and the contribution page have the site identity at once: nothing shifts, GetSiteInfo is not asked', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ['/login', '/contribute']) {
    const seen = watch(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('中国建设工程保险风险管理协会').first()).toBeVisible();
    // Layout shifts not caused by input, as Lighthouse's CLS adds them up (the page is short, so one window).
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
              if (!entry.hadRecentInput) total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 500);
        }),
    );
    expect(shift, path).toBeLessThan(0.05);
    expect(seen.calls, path).not.toContain('GetSiteInfo');
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
    page.removeAllListeners('request');
  }
});

test('a public page loads no back-office code, zod or QR library; a member dialog brings zod, jitless, without a CSP violation', async ({ page, request }) => {
  await recordCspViolations(page);
  // Each page loaded afresh (a navigation inside the app would keep what an earlier page loaded); /home last, for its dialog.
  for (const { path } of [...(await publicPages(request)).filter((p) => p.path !== '/home'), { path: '/home' }]) {
    const scripts = recordScripts(page);
    await page.goto(path);
    await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));
    await page.waitForLoadState('networkidle');
    // Chunks are named after their first module: the back office's shell and sign-in, antd's
    // table, tree and upload, the rich-text editor and the QR encoder.
    expect(
      scripts.filter((s) => /\/(AdminShell|AdminLoginPage|table|tree|upload|TinyEditor|browser)-[\w-]+\.js$/.test(s)),
      path,
    ).toEqual([]);
    // zod announces itself with a global when its core loads.
    expect(await page.evaluate(() => '__zod_globalConfig' in globalThis), `${path} loads zod`).toBe(false);
    page.removeAllListeners('request');
  }

  await page.getByRole('button', { name: /入会申请/ }).click();
  const apply = page.getByRole('dialog', { name: '入会申请' });
  await settled(apply);
  await apply.getByRole('button', { name: /提交申请/ }).click();
  await expect(apply.getByText('请输入公司名称')).toBeVisible();
  await apply.getByLabel('手机号码').fill('123');
  await apply.getByLabel('手机号码').blur();
  await expect(apply.getByText('请输入正确电话号码')).toBeVisible();
  expect(await page.evaluate(() => (globalThis as unknown as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig?.jitless)).toBe(true);
  expect(await cspViolations(page)).toEqual([]);
});

test('the sign-in page, and the member area for a visitor, load without antd; a member’s list is drawn with antd', async ({ page }) => {
  const scripts = recordScripts(page);
  // antd's providers come in a chunk of their own, with antd's core.
  const antdScope = () => scripts.filter((s) => /\/AntdScope-[\w-]+\.js$/.test(s));
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: '管理员登录' })).toBeVisible();
  expect(antdScope()).toEqual([]);

  await page.goto('/contribute');
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('请先登录会员账号')).toBeVisible();
  expect(antdScope()).toEqual([]);

  const token = await member(page.request, await adminToken(page.request), '会员区测试单位');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.reload();
  // The list's own 投稿 (the header has one too), drawn once the membership is known to be in good standing.
  await expect(page.getByRole('main').getByRole('button', { name: /投\s*稿/ })).toBeVisible();
  await expect(page.getByText('请先登录会员账号')).toBeHidden();
  expect(antdScope().length).toBe(1);
});

test('an article’s share buttons are in the server’s HTML, so nothing moves; after hydration they lead to the page’s address', async ({ page, request }) => {
  const article = await publicArticle(request);
  const path = `/info?MenuId=${article.MenuId}&NewsId=${article.NewsId}`;
  const html = await (await request.get(path)).text();
  expect(html.slice(html.indexOf('<div id="root">'))).toContain('aria-label="分享到微信"');
  await page.goto(path);
  const weibo = page.getByRole('link', { name: '分享到微博' });
  await expect(weibo).toHaveAttribute('href', new RegExp(`url=${escapeRegExp(encodeURIComponent(page.url()))}&`));
  await expect(page.getByRole('button', { name: '分享到微信' })).toBeEnabled();
});

test('banners arrive as WebP copies in srcset, the first fetched first, the rest lazily, sized so nothing shifts', async ({ page, request }) => {
  const html = await (await request.get('/home')).text();
  const carousel = html.slice(html.indexOf('aria-label="图片新闻"'));
  const slides = [...carousel.matchAll(/<img [^>]*>/g)].map((m) => m[0]).slice(0, 4);
  expect(slides.length).toBe(4);
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`, 'i').exec(tag)?.[1];
  expect(attr(slides[0]!, 'fetchpriority')).toBe('high');
  expect(attr(slides[0]!, 'loading')).toBeUndefined();
  for (const slide of slides.slice(1)) expect(attr(slide, 'loading')).toBe('lazy');
  for (const slide of slides) {
    expect([attr(slide, 'width'), attr(slide, 'height')]).toEqual(['600', '200']);
    const candidates = attr(slide, 'srcSet')!
      .split(', ')
      .map((c) => c.split(' ')[0]!);
    expect(candidates.length).toBe(3);
    for (const url of candidates) {
      const copy = await request.get(url, { maxRedirects: 0 });
      expect(copy.status(), url).toBe(200);
      expect(copy.headers()['content-type']).toBe('image/webp');
    }
  }
  // The browser shows a WebP copy, not the PNG original.
  await page.goto('/home');
  const first = page.getByRole('region', { name: '图片新闻' }).locator('img').first();
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/\.w\d+\.webp$/);
});

test('with JavaScript off a visitor still browses: top menus, a page of a list, an article and the header search', async ({ browser }) => {
  await withoutScript(browser, {}, async (page) => {
    await page.goto('/home');
    // A top entry with children is a real link too: to where it lands (its first child).
    await page.getByRole('navigation', { name: '网站导航' }).getByRole('link', { name: '新闻中心', exact: true }).click();
    await expect(page).toHaveURL(/\/menuList\?/);
    // The side menu's links work too (which menu 新闻中心 lands on depends on what other journeys added).
    await page.getByRole('link', { name: '通知公告', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: '通知公告' })).toBeVisible();
    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '第 2 页' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await page.locator('a[href^="/info?"]').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByLabel('站内搜索').fill('保险');
    await page.getByLabel('站内搜索').press('Enter');
    await expect(page).toHaveURL(/\/searchKey\?key=%E4%BF%9D%E9%99%A9/);
    await expect(page.getByText(/相关的结果/)).toBeVisible();
  });
});

test('on a phone with JavaScript off 栏目导航 still opens the menus', async ({ browser }) => {
  await withoutScript(browser, { viewport: { width: 375, height: 800 } }, async (page) => {
    await page.goto('/home');
    const nav = page.getByRole('navigation', { name: '网站导航' });
    // The bar's own entries are hidden on a phone; the disclosure holds the same menus.
    await expect(nav.getByRole('link', { name: '新闻中心', exact: true }).first()).toBeHidden();
    await nav.getByText('栏目导航').click();
    await nav.getByRole('link', { name: '通知公告', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '通知公告' })).toBeVisible();
  });
});

test('with JavaScript off the home page pages its lists and switches its tabs through the address', async ({ browser }) => {
  await withoutScript(browser, {}, async (page) => {
    await page.goto('/home');
    const latest = page.getByRole('list', { name: '最新资讯列表' });
    const firstOfPage1 = await latest.getByRole('link').first().textContent();
    await page.getByRole('navigation', { name: '最新资讯分页' }).getByRole('button', { name: '第 2 页' }).click();
    await expect(page).toHaveURL(/\/home\?latest=2$/);
    await expect(page.getByRole('navigation', { name: '最新资讯分页' }).getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
    await expect(latest.getByRole('link').first()).not.toHaveText(firstOfPage1!);

    // A tab keeps the other list's page and starts its own at page 1.
    await page.getByRole('tab', { name: '通知公告' }).click();
    await expect(page).toHaveURL(/\/home\?latest=2&tab=2$/);
    await expect(page.getByRole('tab', { name: '通知公告' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('list', { name: /^通知公告列表/ }).first()).toBeVisible();
    // The page's one address for search engines stays /home.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/home$/);
  });
});

test('a member’s page never offers 会员登录 while it hydrates: the stored session is marked before the first paint', async ({ page }) => {
  const bar = page.getByRole('navigation', { name: '会员与服务' });
  const signIn = bar.getByRole('button', { name: '会员登录' });
  const marked = () => page.evaluate(() => document.documentElement.classList.contains('member-session'));
  // goto waits for the app to start (test.ts) unless asked to return at the first byte.
  const drawnOnly = async () => {
    await page.goto('/home', { waitUntil: 'commit' });
    await page.waitForLoadState('load');
  };
  await recordCspViolations(page);

  // The page as drawn by the server, its scripts held back: a visitor is offered to sign in.
  await page.route('**/boot.js', (route) => route.abort());
  await drawnOnly();
  await expect(signIn).toBeVisible();
  expect(await marked()).toBe(false);

  // The same drawn page in a browser holding a member session: 会员登录 keeps its place, unseen.
  const token = await member(page.request, await adminToken(page.request), '首屏会员测试单位');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await drawnOnly();
  expect(await marked()).toBe(true);
  await expect(signIn).toBeHidden();
  await expect(bar.getByRole('button', { name: '会员登录', includeHidden: true })).toHaveCount(1);
  // The head's inline script ran under the page's Content-Security-Policy (allowed by its hash).
  expect(await cspViolations(page)).toEqual([]);

  // Hydrated, the page shows the account and drops the mark.
  await page.unroute('**/boot.js');
  await page.reload();
  await expect(bar.getByRole('button', { name: '退出' })).toBeVisible();
  await expect(signIn).toHaveCount(0);
  expect(await marked()).toBe(false);

  // A session the server no longer knows ends on hydration, and 会员登录 is offered again.
  await page.evaluate(() => localStorage.setItem('token', 'a-session-that-has-ended'));
  await page.reload();
  await expect(signIn).toBeVisible();
  expect(await marked()).toBe(false);
  expect(await cspViolations(page)).toEqual([]);
});
