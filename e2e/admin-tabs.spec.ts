import type { Page } from '@playwright/test';
import { expect, test } from './test.js';
import { ADMIN, openBackOffice, openFromSidebar } from './admin-session.js';

/**
 * The back-office shell as a RuoYi user works it: many tabs, the one opened from the sidebar
 * scrolled into view, the tab menu (刷新, 关闭其他, 关闭右侧, 关闭全部), the account in the
 * header and the page in the browser tab's title.
 */

const tabs = (page: Page) => page.getByRole('tablist', { name: '已打开的页面' });
// A tab's name is its title, then its close button's label.
const tab = (page: Page, title: string) => tabs(page).getByRole('tab', { name: new RegExp(`^${title}(\\s|$)`) });

/** Whether the whole tab is inside the visible part of the tab row. */
const inView = (page: Page, title: string) =>
  tab(page, title).evaluate((el) => {
    const row = el.parentElement!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return box.left >= row.left && box.right <= row.right;
  });

/** Right-clicks a tab and picks an entry of its menu. */
async function tabMenu(page: Page, title: string, entry: string) {
  await tab(page, title).click({ button: 'right' });
  const item = page.getByRole('menuitem', { name: entry });
  await expect(item).toBeVisible();
  await item.click();
  await expect(item).toBeHidden();
}

const pages = [
  ['内容管理', '栏目管理', '/System/content/menu'],
  ['内容管理', '文章管理', '/System/content/news'],
  ['内容管理', '推荐位管理', '/System/content/position'],
  ['内容管理', '轮播图管理', '/System/content/banner'],
  ['内容管理', '友情链接', '/System/content/link'],
  ['内容管理', '类型管理', '/System/content/type'],
  ['会员管理', '会员列表', '/System/member/list'],
  ['会员管理', '建议留言', '/System/member/propose'],
  ['证书管理', '证书列表', '/System/cert/list'],
  ['系统管理', '角色管理', '/System/system/role'],
  ['系统管理', '管理员', '/System/system/admin'],
  ['系统管理', '操作日志', '/System/system/audit'],
] as const;

test('tabs: the one opened from the sidebar comes into view, and the tab menu refreshes and closes', async ({ page }) => {
  // Twelve pages loaded by address: on a loaded two-core machine that alone takes a minute.
  test.setTimeout(150_000);
  await openBackOffice(page);
  await expect(page).toHaveTitle('工作台 · 后台管理系统');
  // The header names the account (spec §2) and, beside it, who that is.
  const account = page.getByRole('button', { name: '账号菜单' });
  await expect(account).toContainText(ADMIN.account);
  await expect(account).toContainText('超级管理员');

  // More tabs than the row can show at 1280 px (opened by address: each keeps its tab).
  for (const [, , address] of pages) {
    await page.goto(address);
    await expect(tabs(page).getByRole('tab', { selected: true })).not.toHaveText('工作台');
  }
  await expect(tabs(page).getByRole('tab')).toHaveCount(pages.length + 1);
  await expect(page).toHaveTitle('操作日志 · 后台管理系统');
  expect(await tabs(page).evaluate((row) => row.scrollWidth > row.clientWidth)).toBe(true);
  expect(await inView(page, '操作日志')).toBe(true);
  expect(await inView(page, '栏目管理')).toBe(false);

  // Opened again from the sidebar, a tab far to the left is scrolled into view.
  await openFromSidebar(page, '内容管理', '栏目管理');
  await expect.poll(() => inView(page, '栏目管理')).toBe(true);
  await expect(page).toHaveTitle('栏目管理 · 后台管理系统');
  await openFromSidebar(page, '系统管理', '管理员');
  await expect.poll(() => inView(page, '管理员')).toBe(true);

  // 刷新 loads the page's list again.
  const reloaded = page.waitForResponse((r) => r.url().includes('/GetAdminUserL'));
  await tabMenu(page, '管理员', '刷新');
  expect((await reloaded).ok()).toBe(true);
  await expect(page.getByRole('button', { name: /新增管理员/ })).toBeVisible();

  // 关闭右侧 of 会员列表 while 管理员 (to its right) is open: back to 会员列表.
  await tabMenu(page, '会员列表', '关闭右侧');
  await expect(page).toHaveURL(/\/System\/member\/list$/);
  await expect(tabs(page).getByRole('tab')).toHaveText(['工作台', ...pages.slice(0, 7).map(([, title]) => title)]);

  // 关闭其他 keeps 工作台 and the tab; opened on another tab, it goes there.
  await tabMenu(page, '文章管理', '关闭其他');
  await expect(page).toHaveURL(/\/System\/content\/news$/);
  await expect(tabs(page).getByRole('tab')).toHaveText(['工作台', '文章管理']);
  await expect(page).toHaveTitle('文章管理 · 后台管理系统');

  // 工作台 cannot be closed; with only it left, 关闭右侧 and 关闭其他 have nothing to do.
  await tabMenu(page, '工作台', '关闭全部');
  await expect(page).toHaveURL(/\/System\/home$/);
  await expect(tabs(page).getByRole('tab')).toHaveText(['工作台']);
  await tab(page, '工作台').click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: '关闭其他' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('menuitem', { name: '关闭全部' })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  // An address that is none of the pages says so in the browser tab too.
  await page.goto('/System/no/such/page');
  await expect(page).toHaveTitle('页面不存在 · 后台管理系统');
});
