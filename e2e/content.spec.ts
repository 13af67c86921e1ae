import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test.js';
import { apiData, type NewsListEntry } from './helpers.js';

/** The parts of a GetMenuList node these journeys need. */
interface MenuNode {
  MenuId: number;
  ParentId: number;
  Name: string;
  ChildList: MenuNode[];
}

/** The menuList address of a demo menu, found by name in the public menu tree. */
async function menuListUrl(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.get('/api/XfWebApi/GetMenuList', { params: { parentid: -1 } });
  const tree = ((await res.json()) as { Data: MenuNode[] }).Data;
  const find = (menus: MenuNode[]): MenuNode | undefined => {
    for (const menu of menus) {
      const hit = menu.Name === name ? menu : find(menu.ChildList ?? []);
      if (hit) return hit;
    }
    return undefined;
  };
  const menu = find(tree);
  expect(menu, `demo menu ${name}`).toBeDefined();
  return `/menuList?ParentId=${menu!.ParentId}&MenuId=${menu!.MenuId}`;
}

const articleList = (page: Page) => page.getByRole('list', { name: '文章列表' });
const listTitles = (page: Page) => articleList(page).getByRole('listitem').getByRole('link').allInnerTexts();
const pager = (page: Page) => page.getByRole('navigation', { name: '分页' });

test('a list menu shows five articles per page, and page 2 can be opened and left with back', async ({ page, request }) => {
  await page.goto(await menuListUrl(request, '通知公告'));
  await expect(page.getByRole('heading', { level: 1, name: '通知公告' })).toBeVisible();
  await expect(articleList(page).getByRole('listitem')).toHaveCount(5);
  await expect(pager(page)).toContainText(/共 (\d{2,}|[6-9]) 条/);
  const firstPage = await listTitles(page);

  // Pages are links with real addresses (crawlers, no JavaScript); the router follows them in place.
  const second = pager(page).getByRole('link', { name: '第 2 页' });
  await expect(second).toHaveAttribute('href', /[?&]page=2$/);
  await second.click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(pager(page).locator('[aria-current="page"]')).toHaveText('2');
  await expect(articleList(page).getByRole('link').first()).not.toHaveText(firstPage[0]!);
  await expect(articleList(page).getByRole('listitem')).toHaveCount(5);
  const secondPage = await listTitles(page);
  expect(secondPage.filter((t) => firstPage.includes(t))).toEqual([]);

  await page.goBack();
  await expect(articleList(page).getByRole('link').first()).toHaveText(firstPage[0]!);
});

test('an article shows its title and body, and 下一篇 then 上一篇 lead there and back', async ({ page, request }) => {
  await page.goto(await menuListUrl(request, '政策要闻'));
  // The second entry has neighbours on both sides.
  const link = articleList(page).getByRole('link').nth(1);
  const title = await link.innerText();
  await link.click();

  await expect(page).toHaveURL(/\/info\?MenuId=\d+&NewsId=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/发布时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)).toBeVisible();
  await expect(page.locator('article p').first()).not.toBeEmpty();
  await expect(page.getByRole('navigation', { name: '面包屑导航' })).toContainText(/首页.*政策要闻.*正文/);

  const neighbours = page.getByRole('navigation', { name: '上一篇和下一篇' });
  const next = neighbours.getByRole('link').last();
  const nextTitle = await next.innerText();
  await expect(neighbours).toContainText(`下一篇：${nextTitle}`);
  await next.click();
  await expect(page.getByRole('heading', { level: 1, name: nextTitle })).toBeVisible();

  await expect(neighbours).toContainText(`上一篇：${title}`);
  await neighbours.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('a single-page menu shows its page body beside its siblings', async ({ page, request }) => {
  await page.goto(await menuListUrl(request, '协会简介'));
  await expect(page.getByRole('heading', { level: 1, name: '协会简介' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '协会概况' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '发展历程' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('协会成立');
  await expect(articleList(page)).toHaveCount(0);
});

test('a member-only article asks a visitor to log in and offers the login dialog', async ({ page, request }) => {
  await page.goto(await menuListUrl(request, '协会期刊'));
  const first = articleList(page).getByRole('listitem').first();
  await expect(first).toContainText('会员');
  await first.getByRole('link').click();

  const notice = page.getByRole('main');
  await expect(notice.getByText('该文章仅限会员阅读，请先登录')).toBeVisible();
  await notice.getByRole('button', { name: '会员登录' }).click();
  await expect(page.getByRole('dialog', { name: '会员登录' })).toBeVisible();
});

test('a menu with an external address opens it in a new tab and steps back', async ({ page, context, request }) => {
  const external = 'https://jzsc.mohurd.gov.cn/';
  // The browser has no network here: answer the external site locally.
  await context.route(`${external}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>外部站点</title>' }));
  await page.goto('/searchKey');
  const popup = context.waitForEvent('page');
  await page.goto(await menuListUrl(request, '全国建筑市场监管公共服务平台'));
  expect((await popup).url()).toBe(external);
  await expect(page).toHaveURL(/\/searchKey$/);
});

test('an unknown address shows the error page, whose button returns home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '抱歉，您访问的页面不存在' })).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a two-character search lists matching articles with the key highlighted', async ({ page }) => {
  await page.goto('/searchKey');
  await expect(page.getByText('请输入关键词').last()).toBeVisible();
  const box = page.getByRole('searchbox', { name: '搜索关键词' });
  await box.fill('保险');
  await box.press('Enter');

  await expect(page).toHaveURL(/\/searchKey\?key=%E4%BF%9D%E9%99%A9$/);
  await expect(page.getByText(/共找到 \d+ 条与“保险”相关的结果/)).toBeVisible();
  const results = page.getByRole('listitem').filter({ has: page.locator('mark') });
  await expect(results.first()).toBeVisible();
  await expect(results.first().locator('mark').first()).toHaveText('保险');
  expect(await results.count()).toBeLessThanOrEqual(10);
});

test('pagination links are real addresses in the server HTML, with five pager buttons at either end', async ({ request }) => {
  const key = '保险';
  const found = await (await request.get('/api/XfWebApi/GetNewsList', { params: { key, pageindex: 1, pagesize: 10 } })).json();
  const pages = Math.ceil((found as { Data: { TotalCount: number } }).Data.TotalCount / 10);
  expect(pages, 'the demo search spans more than five pages').toBeGreaterThan(5);
  const pagerOf = async (page: number) => {
    const res = await request.get(`/searchKey?key=${encodeURIComponent(key)}${page > 1 ? `&page=${page}` : ''}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    const nav = html.match(/<nav[^>]*aria-label="分页"[^>]*>([\s\S]*?)<\/nav>/)?.[1];
    expect(nav, `the paginator of page ${page} is in the HTML`).toBeDefined();
    return nav!;
  };
  const numbered = (nav: string) => [...nav.matchAll(/aria-label="第 (\d+) 页"/g)].map((m) => Number(m[1]));

  // Page 1: 1 2 3 4 … last, each but the current one a link a crawler can follow.
  const first = await pagerOf(1);
  expect(numbered(first)).toEqual([1, 2, 3, 4, pages]);
  expect(first).toContain(`href="/searchKey?key=${encodeURIComponent(key)}&amp;page=2"`);
  expect(first).toMatch(/aria-current="page"[^>]*>1</);

  // The last page: 1 … and the last four, and page 1 links back without ?page.
  const last = await pagerOf(pages);
  expect(numbered(last)).toEqual([1, pages - 3, pages - 2, pages - 1, pages]);
  expect(last).toContain(`href="/searchKey?key=${encodeURIComponent(key)}"`);
});

test('置顶 marks the pinned rows of a menu list, ordered by pins, and never the latest news', async ({ page, request }) => {
  // Earlier journeys publish articles of their own, so the pinned demo article may have left
  // the few the home page shows; the home list must show no 置顶 either way.
  const latest = await apiData<{ List: (NewsListEntry & { IsTop: boolean })[] }>(request, 'GetNewsReList', { pageindex: 1, pagesize: 50 });
  const pinned = latest.List.find((n) => n.IsTop);
  expect(pinned, 'a pinned demo article among the newest').toBeDefined();

  await page.goto('/home');
  const newest = page.getByRole('list', { name: '最新资讯列表' });
  await expect(newest.getByRole('listitem').first()).toBeVisible();
  await expect(newest.getByText('置顶')).toHaveCount(0);

  await page.goto(`/menuList?MenuId=${pinned!.MenuId}`);
  const row = articleList(page).getByRole('listitem').filter({ hasText: pinned!.Title });
  await expect(row.getByText('置顶')).toBeVisible();
  // Pins lead the menu's order: the first row is pinned too.
  await expect(articleList(page).getByRole('listitem').first().getByText('置顶')).toBeVisible();
});

test('a refusal is told once: an unknown menu reached inside the site, an over-long search key', async ({ page }) => {
  const notices = page.locator('.ant-notification-notice, .ant-message-notice');
  await page.goto('/home');
  await expect(page.getByRole('region', { name: '图片新闻' })).toBeVisible();
  // A stale link inside the site: the router opens the menu in place, and both of its calls are refused.
  const refused = Promise.all(
    ['GetMenuModel', 'GetMenuTreeModel'].map((call) => page.waitForResponse((r) => r.url().includes(`/api/XfWebApi/${call}?menuid=99999999`))),
  );
  await page.evaluate(() => {
    history.pushState({ usr: null, key: 'stale', idx: 1 }, '', '/menuList?ParentId=1&MenuId=99999999');
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  });
  await refused;
  await expect(page.getByRole('heading', { level: 1, name: '栏目不存在' })).toBeVisible();
  await expect(notices.filter({ hasText: '栏目不存在' })).toHaveCount(1);

  // A key over 50 characters: the page says why there are no results, once, and no toast. The
  // server drew the refusal; the hydrated page takes it as the answer and does not ask again.
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/XfWebApi/GetNewsList')) asked.push(r.url());
  });
  await page.goto(`/searchKey?key=${encodeURIComponent('工程'.repeat(30))}`);
  await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('alert').filter({ hasText: '关键词不能超过50个字' })).toBeVisible();
  expect(asked).toEqual([]);
  await expect(page.getByText(/共找到/)).toHaveCount(0);
  await expect(notices).toHaveCount(0);
});

test('an unknown article reached inside the site says it does not exist and leads back', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('region', { name: '图片新闻' })).toBeVisible();
  // A stale link to a deleted article, followed in place by the router.
  await page.evaluate(() => {
    history.pushState({ usr: null, key: 'stale', idx: 1 }, '', '/info?MenuId=1&NewsId=99999999');
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  });
  await expect(page.getByRole('heading', { level: 1, name: '文章不存在或已删除' })).toBeVisible();
  await page.getByRole('button', { name: '返回上一页' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
