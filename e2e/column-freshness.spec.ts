import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { cstDate, formatCst, type ColumnFreshnessReportDto } from '@portal/shared';
import { expect, look, test } from './test.js';
import { axeFindings } from './axe.js';
import { adminToken, openBackOffice, saveArticleByApi, unique, type Envelope } from './admin-session.js';
import { expectNoSidewaysScroll, menuByName } from './helpers.js';

/**
 * 栏目更新 end to end (issue 60): two columns are planted under 新闻中心 through the back office's
 * calls, one with no article (空栏目) and one whose only article is 60 days old (超期, its default
 * interval being 30 days). The page lists both with their state, the filter 超期 keeps the second
 * alone, its interval set to 90 days makes it 正常 and reads back after a reload, 恢复默认 makes
 * it 超期 again; the cards agree with the server, and 导出 reads back. Photographed at 1440 and 375 px.
 */

const DESK = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };
const DAY = 86_400_000;

async function post<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const body = (await (await request.post(`/api/XfSysBussiness/${path}`, { headers: { token }, data })).json()) as Envelope<T>;
  expect(body.Code, `${path}: ${body.Message}`).toBe(200);
  return body.Data;
}

/** The two planted columns: 空栏目… without articles, 超期栏目… whose one article is 60 days old. */
async function plant(request: APIRequestContext, token: string) {
  const stamp = unique('');
  const news = await menuByName(request, '新闻中心');
  const column = (Name: string) => post<number>(request, token, 'SaveMenu', { MenuId: 0, ParentId: news.MenuId, Name, Status: 1, SortNumber: 99 });
  const empty = { id: await column(`空栏目${stamp}`), name: `空栏目${stamp}` };
  const overdue = { id: await column(`超期栏目${stamp}`), name: `超期栏目${stamp}` };
  const article = await saveArticleByApi(request, token, {
    MenuId: overdue.id,
    Title: `两月前的通知${stamp}`,
    NewContent: '<p>旧闻。</p>',
    NewsCreateTime: formatCst(Date.now() - 60 * DAY),
  });
  return { empty, overdue, article };
}

/** A column's row in the table, found by its name. */
const rowOf = (page: Page, name: string): Locator => page.getByRole('row').filter({ has: page.getByText(`新闻中心 › ${name}`, { exact: true }) });

async function shoot(page: Page, name: string, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await look(page, test.info().outputPath(`${name}-${size.width}.png`), { fullPage: true });
}

test('an empty and an overdue column are listed as such; an interval set on one reads back after a reload, and 恢复默认 undoes it', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await adminToken(page.request);
  const { empty, overdue, article } = await plant(page.request, token);
  const report = (await (
    await page.request.get('/api/XfSysBussiness/GetColumnFreshness', { headers: { token } })
  ).json()) as Envelope<ColumnFreshnessReportDto>;

  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.setViewportSize(DESK);
  await openBackOffice(page, { at: '/System/inspection/columns' });

  // The planted columns with their state; the cards say what the server counted.
  const sixtyDaysAgo = cstDate(Date.now() - 60 * DAY);
  await expect(rowOf(page, overdue.name).getByRole('cell')).toHaveText([
    `新闻中心 › ${overdue.name}`,
    '1',
    sixtyDaysAgo,
    '60 天',
    '30 天（默认）',
    '超期未更新',
    '设置周期',
  ]);
  await expect(rowOf(page, empty.name).getByRole('cell')).toHaveText([`新闻中心 › ${empty.name}`, '0', '—', '—', '30 天（默认）', '空栏目', '设置周期']);
  await expect(page.getByRole('group', { name: '超期栏目' })).toContainText(`超期栏目${report.Data.Overdue}个`);
  await expect(page.getByRole('group', { name: '空栏目' })).toContainText(`空栏目${report.Data.Empty}个`);
  await expect(page.getByRole('group', { name: '首页最近更新' })).toContainText(`首页最近更新${report.Data.Home.DaysSince}天前`);
  if (report.Data.Failing) await expect(page.getByText(`单项否决：超期栏目与空栏目合计 ${report.Data.Overdue + report.Data.Empty} 个`)).toBeVisible();
  expect.soft(await axeFindings(page, { include: 'main', least: 'serious' }), '栏目更新: axe violations').toEqual([]);
  await shoot(page, 'column-freshness', DESK);

  // 超期 alone, kept in the address.
  await page.getByLabel('栏目状态').getByText(/^超期/).click();
  await expect(page).toHaveURL(/[?&]state=overdue$/);
  await expect(rowOf(page, overdue.name)).toBeVisible();
  await expect(rowOf(page, empty.name)).toHaveCount(0);

  // 90 days: the article of 60 days ago is within it.
  await rowOf(page, overdue.name)
    .getByRole('button', { name: /^设置周期/ })
    .click();
  const dialog = page.getByRole('dialog', { name: '设置更新周期' });
  await expect(dialog.getByText(`新闻中心 › ${overdue.name}`)).toBeVisible();
  await dialog.getByLabel('更新周期').fill('90');
  await look(page, test.info().outputPath('column-interval-dialog-1440.png'));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByLabel('栏目状态').getByText('全部', { exact: true }).click();
  await expect(rowOf(page, overdue.name).getByRole('cell').nth(4)).toHaveText('90 天（自定义）');
  await page.reload();
  await expect(rowOf(page, overdue.name).getByRole('cell').nth(4)).toHaveText('90 天（自定义）');
  await expect(rowOf(page, overdue.name).getByRole('cell').nth(5)).toHaveText('正常');

  // 恢复默认: 30 days again, and overdue.
  await rowOf(page, overdue.name)
    .getByRole('button', { name: /^设置周期/ })
    .click();
  await expect(dialog.getByLabel('更新周期')).toHaveValue('90');
  await dialog.getByRole('button', { name: '恢复默认' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(rowOf(page, overdue.name).getByRole('cell').nth(4)).toHaveText('30 天（默认）');
  await expect(rowOf(page, overdue.name).getByRole('cell').nth(5)).toHaveText('超期未更新');

  // 导出: the table as .xlsx.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`栏目更新-${cstDate()}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await file.path())!)) as unknown as ExcelJS.Buffer);
  const rows = book.worksheets[0]!.getSheetValues()
    .slice(1)
    .map((r) => (r as unknown[]).slice(1));
  expect(rows[0]).toEqual(['栏目', '类型', '文章数', '最近发布', '已过天数', '更新周期（天）', '周期', '状态']);
  expect(rows).toContainEqual([`新闻中心 › ${empty.name}`, '列表栏目', 0, undefined, undefined, 30, '默认', '空栏目']);

  // A phone: the cards one under another, the table scrolling inside its panel.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('group', { name: '空栏目' })).toBeVisible();
  await expectNoSidewaysScroll(page, '栏目更新 at 375 px');
  await shoot(page, 'column-freshness', { width: 375, height: 1700 });
  expect(problems).toEqual([]);

  // The planted columns go, so no other journey of this worker meets them.
  await post(page.request, token, 'DelNews', { NewsId: [article] });
  for (const { id } of [empty, overdue]) await post(page.request, token, 'DelMenu', { MenuId: id });
});
