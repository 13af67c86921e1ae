import { expect, look, test } from './test.js';
import { settled, typeDate } from './helpers.js';
import { openBackOffice } from './admin-session.js';

/**
 * 哀悼日 end to end: an administrator sets today in 系统管理 → 哀悼日 for the whole public site;
 * the public pages are grey from the first byte (the server's HTML carries the class), the back
 * office is not; deleted, the site has its colours again. A worker runs its journeys one at a
 * time on a server of its own (journey-servers.ts), so no other journey sees the grey day.
 */

/** Today in China, as the server reads it. */
const chinaToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());

test('a 哀悼日 set for today turns the public site grey from the first byte, never the back office, until it is deleted', async ({
  page,
  browser,
}, testInfo) => {
  const today = chinaToday();
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, { at: '/System/system/memorial' });
  await page.getByRole('button', { name: /新增哀悼日/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增哀悼日' });
  await settled(dialog);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('请选择开始日期')).toBeVisible();
  // The pointer rests on 确定, where the calendar opens: typeDate clicks into the field first.
  const start = dialog.getByPlaceholder('开始日期');
  const end = dialog.getByPlaceholder('结束日期');
  await typeDate(start, today);
  await end.fill(today);
  await end.press('Enter');
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  await expect(start).toHaveValue(today);
  await expect(end).toHaveValue(today);
  await dialog.getByLabel('备注').fill('全国哀悼日（测试）');
  await look(page, testInfo.outputPath('memorial-dialog-1440.png'));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  const row = page.locator('.ant-table-row', { hasText: '全国哀悼日（测试）' });
  await expect(row).toContainText(today);
  await expect(row).toContainText('全站');
  await look(page, testInfo.outputPath('memorial-list-1440.png'));
  // The back office stays in colour.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).filter)).toBe('none');

  const visitor = await (await browser.newContext()).newPage();
  for (const width of [1440, 375]) {
    await visitor.setViewportSize({ width, height: 900 });
    const served = await visitor.goto('/home');
    expect(await served!.text()).toMatch(/<html lang="zh-CN" class="[^"]*\bmemorial\b/);
    await expect(visitor.locator('html')).toHaveCSS('filter', 'grayscale(1)');
    await look(visitor, testInfo.outputPath(`memorial-home-${width}.png`));
  }
  await visitor.goto('/certsearch');
  await expect(visitor.locator('html')).toHaveCSS('filter', 'grayscale(1)');

  await row.getByRole('button', { name: '删除' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await expect(row).toHaveCount(0);
  await visitor.goto('/home');
  await expect(visitor.locator('html')).toHaveCSS('filter', 'none');
  await visitor.context().close();
});
