import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { APIRequestContext, Page } from '@playwright/test';
import { cstDate, type EditorFiguresDto, type EditorOutputDto } from '@portal/shared';
import { expect, look, test } from './test.js';
import { axeFindings } from './axe.js';
import { adminToken, ADMIN, openBackOffice, saveArticleByApi, unique, type Envelope } from './admin-session.js';
import { expectNoSidewaysScroll, menuByName, typeDate } from './helpers.js';

/**
 * 编辑工作量 end to end (issue 59): the super administrator writes three articles through the
 * API (one kept 停用, corrected and then published; one published at once; one in a menu with a
 * review chain of their own role) and approves the third in its chain. 编辑工作量 for 本月 then
 * shows their row grown by exactly that work (新建 3, 发布 2, 修改 2, 审核 1), opened onto the
 * month, and the .xlsx says the same. Photographed at 1440 and 375 px.
 */

const none: EditorFiguresDto = { Created: 0, Published: 0, Edited: 0, Reviewed: 0 };
/** This journey's work: A created, corrected, then published (a save both 修改 and 发布); B published at once; C created and approved. */
const work: EditorFiguresDto = { Created: 3, Published: 2, Edited: 2, Reviewed: 1 };

async function post<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const body = (await (await request.post(`/api/XfSysBussiness/${path}`, { headers: { token }, data })).json()) as Envelope<T>;
  expect(body.Code, `${path}: ${body.Message}`).toBe(200);
  return body.Data;
}

async function get<T>(request: APIRequestContext, token: string, path: string, params: Record<string, string | number> = {}): Promise<T> {
  const body = (await (await request.get(`/api/${path}`, { headers: { token }, params })).json()) as Envelope<T>;
  expect(body.Code, `${path}: ${body.Message}`).toBe(200);
  return body.Data;
}

/** This month's 编辑工作量 as the server answers it, and the super administrator's row in it. */
async function output(request: APIRequestContext, token: string) {
  const data = await get<EditorOutputDto>(request, token, 'XfSysBussiness/GetEditorOutput');
  return { data, admin: data.Editors.find((e) => e.Account === ADMIN.account) };
}

/** The third article: in a menu of its own whose one-step chain is the super administrators' role, approved by them. */
async function writeAndApprove(request: APIRequestContext, token: string, stamp: string) {
  const parent = await menuByName(request, '新闻中心');
  const menuId = await post<number>(request, token, 'SaveMenu', { MenuId: 0, ParentId: parent.MenuId, Name: `工作量栏目${stamp}`, Status: 1, SortNumber: 99 });
  const roles = await get<{ List: { RoleId: number; RoleName: string }[] }>(request, token, 'XfSystemApi/GetRoleList', { pagesize: 999 });
  const superRole = roles.List.find((r) => r.RoleName === '超级管理员')!.RoleId;
  await post(request, token, 'SaveMenuReviewFlow', { MenuId: menuId, Steps: [{ Name: '终审', RoleIds: [superRole], NoSelfReview: false }] });
  const newsId = await saveArticleByApi(request, token, { MenuId: menuId, Title: `送审稿${stamp}`, NewContent: '<p>理事会纪要。</p>' });
  const reviews = await get<{ List: { ReviewId: number; StepNo: number }[] }>(request, token, 'XfSysBussiness/GetReviewList', { newsid: newsId });
  expect(reviews.List).toHaveLength(1);
  await post(request, token, 'DecideReview', { ReviewId: reviews.List[0]!.ReviewId, Decision: 1, StepNo: reviews.List[0]!.StepNo });
  // The chain taken off again, so no other journey's article waits in it.
  await post(request, token, 'SaveMenuReviewFlow', { MenuId: menuId, Steps: [] });
}

/** The super administrator's work of this journey, through the calls the back office makes. */
async function doWork(request: APIRequestContext, token: string) {
  const stamp = unique('');
  const menu = await menuByName(request, '协会动态');
  const draft = { MenuId: menu.MenuId, Title: `工作量统计${stamp}`, NewContent: '<p>初稿。</p>', Status: 0 };
  const a = await saveArticleByApi(request, token, draft);
  await post(request, token, 'SaveNews', { ...draft, NewsId: a, NewContent: '<p>改过的稿子。</p>' });
  await post(request, token, 'SaveNews', { ...draft, NewsId: a, NewContent: '<p>改过的稿子。</p>', Status: 1 });
  await saveArticleByApi(request, token, { MenuId: menu.MenuId, Title: `即时发布${stamp}`, NewContent: '<p>通知。</p>' });
  await writeAndApprove(request, token, stamp);
}

const plus = (a: EditorFiguresDto, b: EditorFiguresDto): EditorFiguresDto => ({
  Created: a.Created + b.Created,
  Published: a.Published + b.Published,
  Edited: a.Edited + b.Edited,
  Reviewed: a.Reviewed + b.Reviewed,
});
const sum = (f: EditorFiguresDto) => f.Created + f.Published + f.Edited + f.Reviewed;
/** A row's figures and 合计 as the table writes them. */
const cells = (f: EditorFiguresDto) => [f.Created, f.Published, f.Edited, f.Reviewed, sum(f)].map((n) => n.toLocaleString('zh-CN'));

async function shoot(page: Page, name: string, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await look(page, test.info().outputPath(`${name}-${size.width}.png`), { fullPage: true });
}

test('the super administrator’s articles written, published, corrected and approved show on 编辑工作量 for 本月, and export', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await adminToken(page.request);
  // The journeys of this worker share one database: the row grows by this journey's work.
  const before = (await output(page.request, token)).admin?.Total ?? none;
  await doWork(page.request, token);
  const after = await output(page.request, token);
  expect(after.admin?.Total).toEqual(plus(before, work));
  const mine = after.admin!;
  const month = cstDate().slice(0, 7);

  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, { at: '/System/stats/editors?range=thisYear' });
  const january = `${month.slice(0, 4)}-01`;
  await expect(page.getByText(`${january === month ? month : `${january} 至 ${month}`}（${Number(month.slice(5))}个月）`)).toBeVisible();
  // 自定义 opens the calendar, which says which months it offers; a range typed into it is kept in the address.
  const choices = page.getByLabel('统计月份', { exact: true });
  await choices.getByText('自定义', { exact: true }).click();
  await expect(page.getByText('可选本月及以前的月份，最长36个月')).toBeVisible();
  const lastDecember = `${Number(month.slice(0, 4)) - 1}-12`;
  await typeDate(page.getByPlaceholder('开始月份'), lastDecember);
  await expect(page).toHaveURL(new RegExp(`[?&]range=custom&start=${lastDecember}&end=${month}$`));
  await expect(page.getByText(`${lastDecember} 至 ${month}（${Number(month.slice(5)) + 1}个月）`)).toBeVisible();
  await page.keyboard.press('Escape');
  await choices.getByText('本月', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]range=thisMonth$/);
  await expect(page.getByText(`${month}（1个月）`)).toBeVisible();

  // The office's figures, then the super administrator's row (their account muted beside their name).
  for (const [label, value] of [
    ['新建', after.data.Total.Created],
    ['发布', after.data.Total.Published],
    ['修改', after.data.Total.Edited],
    ['审核', after.data.Total.Reviewed],
  ] as const)
    await expect(page.getByRole('group', { name: label })).toContainText(`${label}${value.toLocaleString('zh-CN')}`);
  await expect(page.getByText(/^新建：新写的文章；发布：/)).toBeVisible();
  const table = page.getByRole('region', { name: '各编辑工作量' });
  const row = table.getByRole('row').filter({ has: page.getByText(ADMIN.account, { exact: true }) });
  await expect(row.getByRole('cell')).toHaveText([new RegExp(`${mine.Name}\\s*${mine.Account === mine.Name ? '' : mine.Account}$`), ...cells(mine.Total)]);
  // Opened, the row shows its month: this month alone, with the same figures.
  await row.getByRole('button', { name: '展开行' }).click();
  const monthRow = table.getByRole('row').filter({ hasText: `${Number(month.slice(0, 4))}年${Number(month.slice(5))}月` });
  await expect(monthRow.getByRole('cell')).toHaveText([/月$/, ...cells(mine.Total)]);
  await expect(table.getByRole('row').filter({ hasText: /^合计/ })).toContainText(sum(after.data.Total).toLocaleString('zh-CN'));
  await expect(
    page
      .getByRole('figure', { name: /^各编辑工作量对比/ })
      .locator('svg')
      .first(),
  ).toBeVisible();
  expect.soft(await axeFindings(page, { include: 'main', least: 'serious' }), '编辑工作量: axe violations').toEqual([]);
  await shoot(page, 'editor-output', { width: 1440, height: 900 });

  // 导出: a line for each editor's month with work and their 合计, the office's last.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`编辑工作量-${month}至${month}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await file.path())!)) as unknown as ExcelJS.Buffer);
  const rows = book.worksheets[0]!.getSheetValues()
    .slice(1)
    .map((r) => (r as unknown[]).slice(1));
  expect(rows[0]).toEqual(['姓名', '账号', '月份', '新建', '发布', '修改', '审核']);
  const figures = (f: EditorFiguresDto) => [f.Created, f.Published, f.Edited, f.Reviewed];
  expect(rows).toContainEqual([mine.Name, ADMIN.account, month, ...figures(mine.Total)]);
  expect(rows).toContainEqual([mine.Name, ADMIN.account, '合计', ...figures(mine.Total)]);
  expect(rows.at(-1)).toEqual(['全部', undefined, '合计', ...figures(after.data.Total)]);

  // A phone: two figures a line, the table scrolling inside its card.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('group', { name: '新建' })).toBeVisible();
  await expectNoSidewaysScroll(page, '编辑工作量 at 375 px');
  await shoot(page, 'editor-output', { width: 375, height: 1700 });
  expect(problems).toEqual([]);
});
