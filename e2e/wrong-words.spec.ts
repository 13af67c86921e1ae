import ExcelJS from 'exceljs';
import { expect, look, test } from './test.js';
import { settled } from './helpers.js';
import { openBackOffice, unique } from './admin-session.js';
import { importFile } from './spreadsheet-import.js';

/**
 * 易错词 end to end (issue 60): staff add an entry, change only its level and find it so after a
 * reload, import an .xlsx whose good rows go in while a bad row and a repeated one are named in
 * the report, export the dictionary, and delete. Photographed at 1440 and 375 px.
 */

const DESK = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

test('an entry added, its level changed and read back after a reload, an .xlsx imported with a report of its bad rows, and deleted', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const tag = unique('');
  const wrong = `按装${tag}`;
  const right = `安装${tag}`;
  await page.setViewportSize(DESK);
  await openBackOffice(page, { at: '/System/content/wrongword' });
  const search = async (key: string) => {
    await page.getByLabel('关键字').fill(key);
    await page.getByRole('button', { name: /查\s*询/ }).click();
  };
  const row = (text: string) => page.locator('.ant-table-row', { hasText: text });

  // 新增: the form says what is missing, then saves.
  await page.getByRole('button', { name: '新增易错词' }).click();
  const adding = page.getByRole('dialog', { name: '新增易错词' });
  await settled(adding);
  await adding.getByRole('button', { name: /确\s*定/ }).click();
  await expect(adding.getByText('请填写错误写法')).toBeVisible();
  await adding.getByLabel('错误写法').fill(wrong);
  await adding.getByLabel('正确写法').fill(wrong);
  await adding.getByRole('button', { name: /确\s*定/ }).click();
  await expect(adding.getByText('错误写法与正确写法不能相同')).toBeVisible();
  await adding.getByLabel('正确写法').fill(right);
  await look(page, testInfo.outputPath('wrong-word-dialog-1440.png'));
  await adding.getByRole('button', { name: /确\s*定/ }).click();
  await expect(adding).toBeHidden();
  await expect(page.getByText('操作成功')).toBeVisible();
  await search(tag);
  await expect(row(wrong)).toContainText(right);
  await expect(row(wrong)).toContainText('一般');

  // 修改 only its level: after a reload the entry reads 严重, its forms as they were.
  await row(wrong).getByRole('button', { name: '修改' }).click();
  const editing = page.getByRole('dialog', { name: '修改易错词' });
  await settled(editing);
  await expect(editing.getByLabel('错误写法')).toHaveValue(wrong);
  await editing.getByRole('radio', { name: '严重' }).check();
  await editing.getByRole('button', { name: /确\s*定/ }).click();
  await expect(editing).toBeHidden();
  await expect(page.getByText('修改成功')).toBeVisible();
  await page.reload();
  await search(tag);
  await expect(row(wrong)).toContainText(right);
  await expect(row(wrong).getByText('严重', { exact: true })).toBeVisible();

  // 导入: the good row goes in; the repeated row and the one mapped to itself are named.
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('易错词');
  sheet.addRow(['错误写法', '正确写法', '级别']);
  sheet.addRow([`既使${tag}`, `即使${tag}`, '一般']);
  sheet.addRow([`既使${tag}`, `即便${tag}`, '严重']);
  sheet.addRow([`通迅录${tag}`, `通迅录${tag}`, '一般']);
  sheet.addRow([wrong, right, '严重']);
  const file = testInfo.outputPath('易错词导入.xlsx');
  await book.xlsx.writeFile(file);
  await page.getByRole('button', { name: '导入' }).click();
  const importing = page.getByRole('dialog', { name: '导入易错词' });
  await settled(importing);
  await importFile(importing, file);
  await expect(importing.getByText('导入完成：新增1条，更新0条，1条与词库相同，跳过2条')).toBeVisible();
  const report = importing.getByRole('table');
  await expect(report.getByRole('row').filter({ hasText: '与第2行的错误写法重复，已跳过' })).toContainText('3');
  await expect(report.getByRole('row').filter({ hasText: '错误写法与正确写法不能相同，已跳过' })).toContainText('4');
  await look(page, testInfo.outputPath('wrong-word-import-1440.png'));
  const saving = page.waitForEvent('download');
  await importing.getByRole('button', { name: '下载导入报告' }).click();
  expect((await saving).suggestedFilename()).toBe('易错词导入_导入报告.csv');
  await importing.getByRole('button', { name: '关闭' }).click();
  await expect(importing).toBeHidden();
  await search(tag);
  await expect(row(`既使${tag}`)).toContainText(`即使${tag}`);
  await expect(row(`通迅录${tag}`)).toHaveCount(0);

  // 导出: the dictionary of the search, in the import's columns.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const exported = await downloading;
  expect(exported.suggestedFilename()).toBe('易错词.xlsx');
  const read = new ExcelJS.Workbook();
  await read.xlsx.readFile((await exported.path())!);
  const rows = read.worksheets[0]!.getSheetValues()
    .slice(1)
    .map((r) => (r as unknown[]).slice(1));
  expect(rows[0]).toEqual(['错误写法', '正确写法', '级别']);
  expect(rows.slice(1)).toContainEqual([wrong, right, '严重']);
  await look(page, testInfo.outputPath('wrong-words-1440.png'), { fullPage: true });

  // A phone: the list scrolls inside itself, the dialog fits.
  await page.setViewportSize(PHONE);
  await expect(row(wrong)).toBeVisible();
  await look(page, testInfo.outputPath('wrong-words-375.png'), { fullPage: true });
  await row(wrong).getByRole('button', { name: '修改' }).click();
  await settled(editing);
  await look(page, testInfo.outputPath('wrong-word-dialog-375.png'));
  await editing.getByRole('button', { name: /取\s*消/ }).click();
  await expect(editing).toBeHidden();
  await page.setViewportSize(DESK);

  // 删除, asked first.
  await row(wrong).getByRole('button', { name: '删除' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await expect(row(wrong)).toHaveCount(0);
  await page.reload();
  await search(tag);
  await expect(row(`既使${tag}`)).toBeVisible();
  await expect(row(wrong)).toHaveCount(0);
  expect(problems).toEqual([]);
});
