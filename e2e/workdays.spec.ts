import type { APIRequestContext } from '@playwright/test';
import type { ListDto, WorkdayDto } from '@portal/shared';
import { expect, look, test } from './test.js';
import { settled } from './helpers.js';
import { axeFindings } from './axe.js';
import { adminToken, openBackOffice, openFromSidebar, type Envelope } from './admin-session.js';

/**
 * 工作日历 end to end: staff open 系统管理 → 工作日历, go to 2030 (a year no other journey
 * touches), mark a Monday 休 with a name, read it back through GetWorkdayList, and clear it.
 */

async function entriesOf(request: APIRequestContext, token: string, year: number): Promise<WorkdayDto[]> {
  const res = await request.get('/api/XfSysBussiness/GetWorkdayList', { params: { year }, headers: { token } });
  const body = (await res.json()) as Envelope<ListDto<WorkdayDto>>;
  expect(body.Code, body.Message).toBe(200);
  return body.Data.List;
}

test('staff mark a day 休 with its name, read it back through the API, and clear it', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page);
  await openFromSidebar(page, '系统管理', '工作日历');
  const chooseYear = async (year: number) => {
    const picker = page.getByRole('combobox', { name: '年份' });
    await picker.click();
    await picker.fill(String(year));
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${year}年$`) }).click();
    await expect(page.getByRole('region', { name: `${year}年1月` })).toBeVisible();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  };
  // The shipped calendar: 国庆节 2026 and the Saturday worked after it.
  await chooseYear(2026);
  await expect(page.getByRole('button', { name: '2026年10月1日 星期四 休 国庆节' })).toBeVisible();
  await expect(page.getByRole('button', { name: '2026年10月10日 星期六 班 国庆节调休上班' })).toBeVisible();
  // The year view reads for everyone: names, contrast of 休, 班 and the weekends.
  expect(await axeFindings(page, { include: 'section[aria-label^="2026年"]' }), 'axe violations in the year view').toEqual([]);
  await page.getByRole('region', { name: '2026年9月' }).scrollIntoViewIfNeeded();
  await look(page, testInfo.outputPath('workdays-2026-1440.png'));

  await chooseYear(2030);
  await expect(page.getByRole('region', { name: '2030年5月' })).toBeVisible();
  await expect(page.getByText('2030年尚未录入调休上班日（班）')).toBeVisible();

  const day = page.getByRole('button', { name: /^2030年5月6日 星期一 / });
  await expect(day).toHaveAccessibleName('2030年5月6日 星期一 工作日');
  await day.click();
  const dialog = page.getByRole('dialog', { name: '设置 2030-05-06（星期一）' });
  await settled(dialog);
  // A weekday can only be a day off; a name is required.
  await expect(dialog.getByRole('radio', { name: '班（调休上班）' })).toBeDisabled();
  await expect(dialog.getByRole('radio', { name: '休（放假）' })).toBeChecked();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请输入名称，如春节')).toBeVisible();
  await dialog.getByLabel('名称').fill('劳动节补休（测试）');
  await expect(dialog.getByText('请输入名称，如春节')).toBeHidden();
  await look(page, testInfo.outputPath('workdays-dialog-1440.png'));
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(day).toHaveAccessibleName('2030年5月6日 星期一 休 劳动节补休（测试）');
  await expect(page.getByRole('row', { name: /劳动节补休（测试）/ })).toContainText('5月6日');

  const token = await adminToken(page.request);
  expect(await entriesOf(page.request, token, 2030)).toMatchObject([{ Date: '2030-05-06', Kind: 1, KindName: '休', Name: '劳动节补休（测试）' }]);

  await look(page, testInfo.outputPath('workdays-1440.png'));
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('region', { name: '2030年5月' }).scrollIntoViewIfNeeded();
  await look(page, testInfo.outputPath('workdays-375.png'));
  await page.getByRole('table').scrollIntoViewIfNeeded();
  await look(page, testInfo.outputPath('workdays-runs-375.png'));

  await day.click();
  await settled(dialog);
  await dialog.getByRole('button', { name: '清除设置' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(dialog).toBeHidden();
  await expect(day).toHaveAccessibleName('2030年5月6日 星期一 工作日');
  expect(await entriesOf(page.request, token, 2030)).toEqual([]);
});
