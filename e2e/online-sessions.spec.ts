import type { Browser, Page } from '@playwright/test';
import { expect, test, waitingForApp } from './test.js';
import { openFromSidebar, signIn, unique } from './admin-session.js';

/**
 * 在线用户 and 登录日志: the same administrator signed in from two browsers; one ends the other's
 * session with 强制下线, the other is sent to the sign-in page at its next call, and the
 * sign-in log shows both sign-ins with their browsers.
 */

/** A browser of its own (cookies, storage) that names itself `userAgent`. */
async function browserAs(browser: Browser, userAgent: string): Promise<Page> {
  const context = await browser.newContext({ userAgent, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });
  return waitingForApp(await context.newPage());
}

/** Resolves once `page` has loaded `count` documents from now on (a reload, then the page it is sent to). */
function documentLoads(page: Page, count: number): Promise<void> {
  return new Promise((resolve) => {
    let loaded = 0;
    const onLoad = () => {
      if (++loaded < count) return;
      page.off('load', onLoad);
      resolve();
    };
    page.on('load', onLoad);
  });
}

test('强制下线 ends another browser’s session, and 登录日志 shows both sign-ins with their browsers', async ({ browser }) => {
  test.setTimeout(120_000);
  // Agents no summary recognises are shown as they are, so each browser's row can be found by it.
  const run = unique('');
  const [firstAgent, secondAgent] = [`PortalJourney/${run}-first`, `PortalJourney/${run}-second`];
  const first = await browserAs(browser, firstAgent);
  const second = await browserAs(browser, secondAgent);
  try {
    await signIn(first);
    await signIn(second);

    await openFromSidebar(first, '系统管理', '在线用户');
    const own = first.getByRole('row').filter({ hasText: firstAgent });
    await expect(own).toContainText('当前会话');
    // The caller's own session is ended with 退出登录, not from here.
    await expect(own.getByRole('button', { name: '强制下线' })).toHaveCount(0);
    const other = first.getByRole('row').filter({ hasText: secondAgent });
    await expect(other).toContainText('超级管理员');
    await other.getByRole('button', { name: '强制下线' }).click();
    await first.getByRole('tooltip').getByRole('button', { name: '强制下线' }).click();
    await expect(first.getByText('操作成功')).toBeVisible();
    await expect(other).toHaveCount(0);

    // The ended session's next call answers Code 402: the back office goes to the sign-in page,
    // and after its toast (a second) loads it afresh (spec §8). That load is waited for: a
    // context closed while its page navigates could take the test's whole time limit to close.
    const loadsAfresh = documentLoads(second, 2);
    await second.reload();
    await expect(second).toHaveURL(/\/login/);
    await loadsAfresh;
    // The first browser carries on.
    await openFromSidebar(first, '系统管理', '登录日志');
    await expect(first).toHaveURL(/\/System\/system\/loginlog$/);

    // Both sign-ins, newest first, each with its browser.
    const rows = first.getByRole('row').filter({ hasText: `PortalJourney/${run}` });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(secondAgent);
    await expect(rows.nth(1)).toContainText(firstAgent);
    for (const row of [rows.nth(0), rows.nth(1)]) {
      await expect(row).toContainText('后台');
      await expect(row).toContainText('admin');
      await expect(row).toContainText('成功');
    }
  } finally {
    await first.context().close();
    await second.context().close();
  }
});
