import type { Page } from '@playwright/test';
import { expect, look, test } from './test.js';
import { openBackOffice, unique } from './admin-session.js';

/**
 * A back-office list whose load fails tells it once: a business refusal (an envelope with a
 * Code) is the answer and is not asked again; a transport failure (no envelope) is tried once
 * more, and still shows one toast.
 */

const LIST_CALL = '**/api/XfSysBussiness/GetBannerList?**';

/** Counts every toast or notification the page ever adds, by its text, from the first paint on. */
async function countNoticesAdded(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    // A notice and the list holding it can arrive in one batch: each element is counted once.
    const counted = new WeakSet<Element>();
    (window as unknown as { noticesAdded: string[] }).noticesAdded = seen;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement)
            for (const notice of [node, ...node.querySelectorAll<HTMLElement>('*')])
              if (notice.matches('.ant-message-notice, .ant-notification-notice') && !counted.has(notice)) {
                counted.add(notice);
                seen.push(notice.textContent ?? '');
              }
    }).observe(document, { childList: true, subtree: true });
  });
  return (text: string) => page.evaluate((t) => (window as unknown as { noticesAdded: string[] }).noticesAdded.filter((n) => n.includes(t)).length, text);
}

/**
 * Opens 轮播图管理 and waits until its list has failed for good: the toast `text` is shown (the
 * first failure is handled) and then the table's loading veil is gone (a retry, if any, keeps it
 * up through its delay until it has failed too).
 */
async function openFailingList(page: Page, text: string) {
  await page.goto('/System/content/banner');
  await expect(page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: text })).toBeVisible();
  await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0);
  await expect(page.locator('.ant-table .ant-empty-description')).toHaveText('暂无数据');
}

test('a failed list load shows one toast: a business code is not asked again, a network failure is retried once', async ({ page }) => {
  const addedWith = await countNoticesAdded(page);
  await openBackOffice(page);
  const notices = page.locator('.ant-message-notice, .ant-notification-notice');

  // Code 500 (spec §8: a 5 s toast with the server's message): one request, one toast.
  let calls = 0;
  await page.route(LIST_CALL, (route) => {
    calls += 1;
    return route.fulfill({ json: { Code: 500, Message: '轮播图读取失败', Data: null } });
  });
  await openFailingList(page, '轮播图读取失败');
  await expect(notices.filter({ hasText: '轮播图读取失败' })).toHaveCount(1);
  expect(calls).toBe(1);
  expect(await addedWith('轮播图读取失败')).toBe(1);
  await page.unroute(LIST_CALL);

  // Any other refusal (here 403, a notification): not retried either.
  calls = 0;
  await page.route(LIST_CALL, (route) => {
    calls += 1;
    return route.fulfill({ json: { Code: 403, Message: '当前操作没有权限', Data: null } });
  });
  await openFailingList(page, '当前操作没有权限');
  await expect(notices.filter({ hasText: '当前操作没有权限' })).toHaveCount(1);
  expect(calls).toBe(1);
  expect(await addedWith('当前操作没有权限')).toBe(1);
  await page.unroute(LIST_CALL);

  // No answer at all (spec §8: 后端接口连接异常): asked a second time, still one toast on screen.
  calls = 0;
  await page.route(LIST_CALL, (route) => {
    calls += 1;
    return route.abort('connectionrefused');
  });
  await openFailingList(page, '后端接口连接异常');
  expect(calls).toBe(2);
  await expect(notices.filter({ hasText: '后端接口连接异常' })).toHaveCount(1);
});

test('a save refused and then made closes the refusal’s notification as 操作成功 shows, at both widths', async ({ page }, testInfo) => {
  await openBackOffice(page);
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    const name = unique('重名角色');
    await page.goto('/System/system/role');
    const notices = page.locator('.ant-notification-notice');
    // 超级管理员 exists: the server refuses the name (a notification), the dialog stays open.
    await page.getByRole('button', { name: /新增角色/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增角色' });
    await dialog.getByLabel('角色名称').fill('超级管理员');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(notices.filter({ hasText: '角色名称已存在' })).toBeVisible();
    // Another name: saved, and the refusal no longer stands beside the success.
    await dialog.getByLabel('角色名称').fill(name);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('操作成功')).toBeVisible();
    await expect(notices).toHaveCount(0);
    await look(page, testInfo.outputPath(`refusal-closed-${width}.png`));
  }
});
