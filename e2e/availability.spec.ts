import type { Page } from '@playwright/test';
import { expect, look, test } from './test.js';
import { axeFindings } from './axe.js';
import { openBackOffice } from './admin-session.js';
import { expectNoSidewaysScroll } from './helpers.js';

/**
 * 可用性监测 end to end (issue 60): 立即检测 asks the journey server's own home page and first list
 * page over HTTP; the result says both were reached with their times, 最近检测 shows the round's
 * time, the chart of the last 30 days is drawn, and 近7天首页无法访问 reads against 15.
 * Photographed at 1440 and 375 px.
 */

const DESK = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

async function shoot(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await look(page, test.info().outputPath(`availability-${size.width}.png`), { fullPage: true });
}

test('立即检测 probes the home page and a list page, shows their result, the last probe’s time and the 30 days’ chart', async ({ page }) => {
  test.setTimeout(90_000);
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.setViewportSize(DESK);
  await openBackOffice(page, { at: '/System/inspection/availability' });
  await expect(page.getByRole('group', { name: '近7天首页无法访问' })).toContainText('次 / 15');

  await page.getByRole('button', { name: '立即检测' }).click();
  const result = page.getByRole('list', { name: '检测结果' });
  await expect(result.getByRole('listitem').first()).toHaveText(/^本机 · 首页：正常，HTTP 200，\d+ ms$/);
  await expect(result.getByRole('listitem').filter({ hasText: '列表页' }).first()).toContainText('正常，HTTP 200');
  await expect(page.getByText(/^检测完成：全部可访问（\d{4}-\d\d-\d\d \d\d:\d\d:\d\d）$/)).toBeVisible();
  const at = (await page.getByText(/^检测完成/).textContent())!.match(/（(.+)）/)![1]!;
  // Read back: the server stored the round, and the page asked again.
  await expect(page.getByRole('group', { name: '最近检测' })).toContainText(at);
  await expect(page.getByRole('group', { name: '30天可用率' })).toContainText('%');
  await expect(page.getByRole('figure', { name: '最近 30 天每天的可用率与平均响应时间' }).locator('.recharts-line-dot').last()).toBeVisible();
  await expect(page.getByRole('figure', { name: '最近 30 天每天的可用率与平均响应时间' }).locator('.recharts-bar-rectangle').last()).toBeVisible();
  await expect(page.getByRole('heading', { name: '最近失败记录' })).toBeVisible();
  expect.soft(await axeFindings(page, { include: 'main', least: 'serious' }), '可用性监测: axe violations').toEqual([]);
  await shoot(page, DESK);

  // A phone: the cards one under another, nothing wider than the screen.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('group', { name: '最近检测' })).toBeVisible();
  await expectNoSidewaysScroll(page, '可用性监测 at 375 px');
  await shoot(page, { width: 375, height: 1700 });
  expect(problems).toEqual([]);
});
