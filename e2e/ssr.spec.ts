import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiData, latestNews, menuByName, menuListPath, type NewsListEntry } from './helpers.js';

/**
 * The public pages arrive drawn by the server: their text is in the HTML without JavaScript,
 * and the browser hydrates them without errors or hydration warnings and without asking the API
 * again for what the page already holds.
 */

async function publicPages(request: APIRequestContext) {
  const latest = await latestNews(request);
  const article = latest.find((n) => !n.IsMemberRead && n.Summary)!;
  const memberOnly = latest.find((n) => n.IsMemberRead);
  const notices = await menuByName(request, '通知公告');
  const noticeList = await apiData<{ List: NewsListEntry[] }>(request, 'GetNewsList', { pid: notices.MenuId, pageindex: 1, pagesize: 5 });
  const about = await menuByName(request, '协会简介');
  return [
    { path: '/home', text: '最新资讯', calls: ['GetMenuList', 'GetBannerList', 'GetNewsReList'] },
    { path: menuListPath(notices), text: noticeList.List[0]!.Title, calls: ['GetMenuList', 'GetNewsList'] },
    { path: menuListPath(about), text: '协会简介', calls: ['GetMenuList', 'GetNewsList'] },
    { path: `/info?MenuId=${article.MenuId}&NewsId=${article.NewsId}`, text: article.Title, calls: ['GetNewsDetail', 'GetMenuList'] },
    ...(memberOnly ? [{ path: `/info?MenuId=${memberOnly.MenuId}&NewsId=${memberOnly.NewsId}`, text: '登录', calls: ['GetMenuList'] }] : []),
    { path: '/searchKey?key=%E4%BF%9D%E9%99%A9', text: '相关的结果', calls: ['GetNewsList'] },
    { path: '/certsearch', text: '身份证号', calls: ['GetMenuList'] },
    { path: '/no-such-page', text: '抱歉，您访问的页面不存在', calls: [] },
  ];
}

test('each public page holds its main text in the HTML, without JavaScript', async ({ request }) => {
  for (const page of await publicPages(request)) {
    const res = await request.get(page.path);
    const html = await res.text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root, page.path).toContain(page.text);
    // antd's styles come with the HTML: no flash of unstyled content.
    expect(html.slice(0, html.indexOf('<div id="root">')), page.path).toMatch(/<style[^>]*data-css-hash/);
  }
});

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

test('public pages hydrate without console errors or hydration warnings, and do not fetch their data again', async ({ page, request }) => {
  for (const target of await publicPages(request)) {
    const seen = watch(page);
    await page.goto(target.path);
    // Hydrated: React has attached its handlers to the server's markup.
    await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));
    await expect(page.getByText(target.text).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(seen.problems, target.path).toEqual([]);
    for (const call of target.calls) expect(seen.calls, `${target.path} asks ${call} again`).not.toContain(call);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
    page.removeAllListeners('request');
  }
});
