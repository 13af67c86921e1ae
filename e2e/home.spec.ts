import type { Page } from '@playwright/test';
import { expect, test } from './test.js';
import { apiData, escapeRegExp, menuByName, menuListPath, settled } from './helpers.js';

// Walked with motion, as most visitors see it (the other journeys ask for reduced motion: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

/** Wire shapes these journeys read (a subset of packages/shared's DTOs). */
interface Banner {
  Title: string;
  CreateTime: string;
}
interface ListItem {
  Title: string;
}
interface List {
  List: ListItem[];
  TotalCount: number;
}

const list = (page: Page, name: string) => page.getByRole('list', { name });
const pager = (page: Page, name: string) => page.getByRole('navigation', { name });
const currentPage = (page: Page, name: string) => pager(page, name).locator('[aria-current="page"]');
const nav = (page: Page) => page.getByRole('navigation', { name: '网站导航' });

test('the home page shows the carousel, latest news, the seat tabs and the shortcut tiles', async ({ page, request }) => {
  const banners = await apiData<Banner[]>(request, 'GetBannerList', { type: 2 });
  const latest = await apiData<List>(request, 'GetNewsReList', { pageindex: 1, pagesize: 10 });
  const policy = await apiData<List>(request, 'GetNewPositionList', { seat: 1, pageindex: 1, pagesize: 12 });
  expect(banners.length).toBeGreaterThanOrEqual(3);

  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);

  const carousel = page.getByRole('region', { name: '图片新闻' });
  for (const banner of banners.slice(0, 4)) await expect(carousel).toContainText(banner.Title);
  await expect(carousel).toContainText(banners[0]!.CreateTime.slice(0, 10));
  await expect(carousel.getByRole('link').first()).toBeVisible();

  await expect(list(page, '最新资讯列表').getByRole('listitem')).toHaveCount(10);
  await expect(list(page, '最新资讯列表')).toContainText(latest.List[0]!.Title);
  await expect(pager(page, '最新资讯分页')).toContainText(`共 ${latest.TotalCount} 条`);

  await expect(page.getByRole('tab', { name: '政策要闻' })).toHaveAttribute('aria-selected', 'true');
  await expect(list(page, '政策要闻列表（左栏）').getByRole('listitem')).toHaveCount(6);
  await expect(list(page, '政策要闻列表（右栏）').getByRole('listitem')).toHaveCount(Math.min(6, policy.List.length - 6));
  await expect(list(page, '政策要闻列表（左栏）').getByRole('link').first()).toHaveText(policy.List[0]!.Title);
  await expect(pager(page, '政策要闻分页')).toContainText(`共 ${policy.TotalCount} 条`);

  await expect(page.getByRole('navigation', { name: '快捷入口' }).getByRole('button')).toHaveCount(6);

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: /ICP/ })).toHaveAttribute('href', /beian\.miit\.gov\.cn/);
  await expect(footer.getByTestId('visit-count')).toContainText(/访问量：[\d,]+/);
  await expect(footer.getByRole('img', { name: '移动客户端二维码' })).toBeVisible();
});

test('the latest news pages on, and a new tab starts its own list at page 1', async ({ page, request }) => {
  const latestPage2 = await apiData<List>(request, 'GetNewsReList', { pageindex: 2, pagesize: 10 });
  const notices = await apiData<List>(request, 'GetNewPositionList', { seat: 2, pageindex: 1, pagesize: 12 });
  await page.goto('/home');

  await pager(page, '最新资讯分页').getByRole('button', { name: '第 2 页' }).click();
  await expect(list(page, '最新资讯列表')).toContainText(latestPage2.List[0]!.Title);

  await pager(page, '政策要闻分页').getByRole('button', { name: '第 2 页' }).click();
  await expect(currentPage(page, '政策要闻分页')).toHaveText('2');

  await page.getByRole('tab', { name: '通知公告' }).click();
  await expect(page.getByRole('tab', { name: '通知公告' })).toHaveAttribute('aria-selected', 'true');
  await expect(currentPage(page, '通知公告分页')).toHaveText('1');
  await expect(list(page, '通知公告列表（左栏）').getByRole('link').first()).toHaveText(notices.List[0]!.Title);
  await expect(pager(page, '通知公告分页')).toContainText(`共 ${notices.TotalCount} 条`);
});

test('the header clock ticks and shows the weekday', async ({ page }) => {
  await page.goto('/home');
  const clock = page.getByTestId('header-clock');
  await expect(clock).toHaveText(/^\d{4}年\d{2}月\d{2}日 星期[一二三四五六日] \d{2}:\d{2}:\d{2}$/);
  const first = await clock.innerText();
  await expect(clock).not.toHaveText(first, { timeout: 3000 });
});

test('the header search warns on an empty keyword and opens searchKey with the trimmed one', async ({ page }) => {
  await page.goto('/home');
  const box = page.getByRole('searchbox', { name: '站内搜索' });
  await box.fill('   ');
  await box.press('Enter');
  await expect(page.getByText('请输入关键词')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);

  await box.fill('  工程保险 ');
  await page.getByRole('button', { name: /^搜\s*索$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/searchKey\\?key=${escapeRegExp(encodeURIComponent('工程保险'))}$`));
});

test('a shortcut tile opens its menu, found by label', async ({ page, request }) => {
  const experts = await menuByName(request, '专家智库');
  await page.goto('/home');
  await page.getByRole('navigation', { name: '快捷入口' }).getByRole('button', { name: '专家智库' }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(menuListPath(experts))}$`));
});

test('the top navigation reaches a third-level menu and highlights its top entry', async ({ page, request }) => {
  const memberNews = await menuByName(request, '会员动态');
  await page.goto('/home');
  await expect(nav(page).locator('[aria-current="page"]:visible')).toHaveText('首页');

  // Popups open and close with an animation, and the click itself may scroll the page under the
  // pointer and close them: the way through hover, hover, click is walked again until it arrives.
  const target = new RegExp(`${escapeRegExp(menuListPath(memberNews))}$`);
  await expect(async () => {
    // Every step is bounded, so a popup that closed under the pointer starts the walk again
    // instead of waiting for it until the test's own time runs out.
    await nav(page).getByRole('menuitem', { name: '新闻中心', exact: true }).hover({ timeout: 2000 });
    await nav(page).getByRole('menuitem', { name: '协会动态', exact: true }).hover({ timeout: 2000 });
    await nav(page).getByRole('menuitem', { name: '会员动态', exact: true }).click({ timeout: 2000 });
    await expect(page).toHaveURL(target, { timeout: 2000 });
  }).toPass({ timeout: 45_000 });
  await expect(nav(page).locator('[aria-current="true"]:visible')).toHaveText('新闻中心');
  await expect(nav(page).locator('[aria-current="page"]:visible')).toHaveText('会员动态');
});

test('a submenu opened by keyboard or pointer closes with Escape, focus back on its top entry', async ({ page }) => {
  await page.goto('/home');
  const top = nav(page).getByRole('menuitem', { name: '新闻中心', exact: true });
  // Its first submenu entry (which one depends on the menus other journeys have added).
  const child = top.locator('xpath=following-sibling::ul').getByRole('menuitem').first();
  await top.focus();
  // The focus alone opens nothing; ↓ opens the submenu on its first entry (keyboard.spec.ts walks the rest).
  await expect(child).toBeHidden();
  await page.keyboard.press('ArrowDown');
  await expect(child).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(child).toBeHidden();
  await expect(top).toBeFocused();
  await top.hover();
  await expect(child).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(child).toBeHidden();
});

test('a top entry with children opens its first child, and an external menu opens in a new tab', async ({ page, request }) => {
  const intro = await menuByName(request, '协会简介');
  await page.goto('/home');
  await nav(page).getByRole('menuitem', { name: '协会概况', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(menuListPath(intro))}$`));

  await expect(async () => {
    await nav(page).getByRole('menuitem', { name: '信用管理', exact: true }).hover();
    await expect(nav(page).getByRole('menuitem', { name: '全国建筑市场监管公共服务平台' })).toBeVisible({ timeout: 2000 });
  }).toPass();
  const external = nav(page).getByRole('menuitem', { name: '全国建筑市场监管公共服务平台' });
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('href', /^https?:\/\//);
});

test('member dialogs: login validates and stays open on an outside click; 投稿 asks to log in; 建议箱 checks the mobile', async ({ page }) => {
  await page.goto('/home');
  const bar = page.getByRole('navigation', { name: '会员与服务' });
  await bar.getByRole('button', { name: '会员登录' }).click();
  const login = page.getByRole('dialog', { name: '会员登录' });
  await settled(login);
  await login.getByRole('button', { name: /确\s*定/ }).click();
  await expect(login.getByText('请输入账号')).toBeVisible();
  await expect(login.getByText('请输入密码')).toBeVisible();
  await expect(login.getByLabel('密码')).toHaveAttribute('type', 'password');
  await page.mouse.click(5, 400);
  await expect(login).toBeVisible();
  await login.getByRole('button', { name: /取\s*消/ }).click();
  await expect(login).toBeHidden();

  await bar.getByRole('button', { name: '投稿' }).click();
  const loginAgain = page.getByRole('dialog', { name: '会员登录' });
  await expect(loginAgain).toBeVisible();
  await settled(loginAgain);
  await loginAgain.getByRole('button', { name: /取\s*消/ }).click();

  await bar.getByRole('button', { name: '建议箱' }).click();
  const suggestion = page.getByRole('dialog', { name: '建议箱' });
  await settled(suggestion);
  await suggestion.getByLabel('联系电话').fill(' 12345 ');
  await suggestion.getByRole('button', { name: /提\s*交/ }).click();
  await expect(suggestion.getByText('请输入正确手机号码')).toBeVisible();
  await expect(suggestion.getByText('请输入建议留言')).toBeVisible();
});
