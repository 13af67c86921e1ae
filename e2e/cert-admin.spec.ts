import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, look, test } from './test.js';
import ExcelJS from 'exceljs';
import { idCheckCharacter } from '@portal/shared';
import { apiData, settled, typeDate } from './helpers.js';
import { adminToken, createAdminAccount, openBackOffice, openFromSidebar, roleWith, unique, type Envelope } from './admin-session.js';
import { filledTemplate, importFile, type ImportTemplate } from './spreadsheet-import.js';

/**
 * The back office's 证书列表 end to end: the exam office fills in the downloaded import template,
 * imports it and sees the records; a sheet with bad rows is refused whole with a report; a
 * record hidden from the site no longer answers the public lookup.
 */

/** A valid mainland ID number (GB 11643 check character) for a birth date and order code. */
const idNumber = (area: string, birth: string, order: number) => {
  const first17 = `${area}${birth}${String(order).padStart(3, '0')}`;
  return first17 + idCheckCharacter(first17);
};
/** An order code of this run, so a retry of the journey never repeats a candidate's result. */
const order = () => 100 + Math.floor(Math.random() * 800);

/** 证书列表's import template. */
const template: ImportTemplate = {
  dialog: '导入证书列表',
  fileName: '导入模板.xlsx',
  headers: ['姓名', '身份证号', '工作单位', '考试时间', '考试结果', '证书编号', '发证日期', '备注'],
};

/** The public lookup's total for a name and certificate number, as a visitor's page asks it. */
const publicTotal = async (request: APIRequestContext, Name: string, CertNum: string) =>
  (await apiData<{ TotalCount: number }>(request, 'GetCertList', { Name, CertNum })).TotalCount;

test('证书列表 imports a filled template, refuses a sheet with bad rows whole, and hides a record from the public lookup', async ({ page }) => {
  // Two template downloads, two imports, a certificate drawn, a zip and an export: long on a loaded machine.
  test.setTimeout(120_000);
  const batch = unique('GCFX-E2E-').toUpperCase();
  const passed = [
    ['周婉清', idNumber('330106', '19880412', order()), '浙江恒信建设工程有限公司', '2025-03-16', '合格', `${batch}-01`, '2025-04-01', '第一期'],
    [
      '郭志强',
      idNumber('440305', '19920728', order()),
      '深圳市安建工程监理有限公司',
      new Date(Date.UTC(2025, 2, 16)),
      '合格',
      `${batch}-02`,
      new Date(Date.UTC(2025, 3, 1)),
      '',
    ],
  ];
  const failed = ['林晓峰', idNumber('510107', '19950101', order()), '四川蜀安建设集团有限公司', '2025/3/16', '不合格', '', '', '补考'];

  await openBackOffice(page);
  await openFromSidebar(page, '证书管理', '证书列表');
  await page.getByRole('button', { name: '导入' }).click();
  const dialog = page.getByRole('dialog', { name: '导入证书列表' });
  let uploads = 0;
  page.on('request', (r) => void (r.url().includes('/ImportCerts') && uploads++));

  // Files the server would refuse are refused before anything is sent.
  const picker = dialog.locator('input[type=file]');
  await picker.setInputFiles({ name: '成绩.xls', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('not a workbook') });
  await expect(dialog.getByText('请上传.xlsx格式的Excel文件')).toBeVisible();
  await picker.setInputFiles({ name: '太大的成绩.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await expect(dialog.getByText('文件不得大于10MB')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '开始导入' })).toBeDisabled();
  expect(uploads).toBe(0);

  // A sheet with bad rows: nothing is imported, every problem is listed and can be downloaded.
  const valid = idNumber('110101', '19900307', order());
  const wrongCheck = valid.slice(0, 17) + (valid.endsWith('0') ? '1' : '0');
  const bad = await filledTemplate(
    page,
    template,
    [
      ['韩雪', wrongCheck, '', '2025-03-16', '不合格'],
      ['马骁', idNumber('320102', '19951130', order()), '', '2025-03-16', '合格', '', ''],
      ['陈静怡', idNumber('320102', '19960105', order()), '', '2025-03-16', '合格', `${batch}-99`, '2025-04-01'],
    ],
    '有错误的成绩.xlsx',
  );
  await importFile(dialog, bad);
  await expect(dialog.getByText('导入失败：共3处错误，请修改后重新导入（未导入任何记录）')).toBeVisible();
  const report = dialog.getByRole('table');
  await expect(report.getByRole('row').filter({ hasText: '身份证号码校验位不正确，请核对' })).toContainText('3');
  await expect(report.getByRole('row').filter({ hasText: '考试合格的记录须填写证书编号' })).toContainText('4');
  await expect(report.getByRole('row').filter({ hasText: '考试合格的记录须填写发证日期' })).toContainText('发证日期');
  const saving = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载错误报告' }).click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toBe('有错误的成绩_错误报告.csv');
  expect(await readFile((await saved.path())!, 'utf8')).toContain('4,发证日期,考试合格的记录须填写发证日期');

  // The good file: every row imported.
  const good = await filledTemplate(page, template, [...passed, failed], '2025年第一期成绩.xlsx');
  await importFile(dialog, good);
  await expect(dialog.getByText('成功导入3条')).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();

  // 证书列表 shows the two passed results, ID numbers masked; the bad file's valid row is not there.
  await page.getByLabel('证书编号').fill(batch);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const rows = page.getByRole('row').filter({ hasText: batch });
  await expect(rows).toHaveCount(2);
  const zhou = rows.filter({ hasText: '周婉清' });
  await expect(zhou).toContainText(`${String(passed[0]![1]).slice(0, 6)}********${String(passed[0]![1]).slice(-4)}`);
  await expect(zhou).toContainText('浙江恒信建设工程有限公司');
  await expect(zhou.getByText('合格', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `${batch}-99` })).toHaveCount(0);

  // 查看 shows the whole record and the certificate drawn by the server.
  await zhou.getByRole('button', { name: '查看' }).click();
  const view = page.getByRole('dialog', { name: '查看' });
  await expect(view.getByText(String(passed[0]![1]), { exact: true })).toBeVisible();
  await expect(view.getByRole('img', { name: '周婉清的证书' })).toBeVisible();
  await expect(view.getByRole('link', { name: /\/cert\/verify\// })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();

  // 批量下载 of the two: one zip.
  await page.getByRole('row').filter({ hasText: '姓名' }).getByRole('checkbox').check();
  const zipping = page.waitForEvent('download');
  await page.getByRole('button', { name: '批量下载' }).click();
  expect((await zipping).suggestedFilename()).toBe('证书.zip');

  // Hidden from the site: the public lookup no longer answers it.
  expect(await publicTotal(page.request, '周婉清', `${batch}-01`)).toBe(1);
  await zhou.getByRole('switch').click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(zhou.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await expect(zhou.getByRole('switch')).toHaveAccessibleName('周婉清：官网隐藏');
  expect(await publicTotal(page.request, '周婉清', `${batch}-01`)).toBe(0);

  // 导出 writes the current search, whole ID numbers and the new status included.
  const exporting = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const exported = await exporting;
  expect(exported.suggestedFilename()).toBe('证书列表.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await exported.path())!)) as unknown as ExcelJS.Buffer);
  const lines = book.worksheets[0]!.getSheetValues()
    .slice(2)
    .map((row) => (row as unknown[]).slice(1));
  expect(lines.map((line) => [line[0], line[1], line[9]]).sort()).toEqual([
    ['周婉清', passed[0]![1], '官网隐藏'],
    ['郭志强', passed[1]![1], '正常'],
  ]);
});

test('考试成绩 adds a result with the server’s own messages, corrects it and deletes it', async ({ page }) => {
  test.setTimeout(90_000);
  const id = idNumber('110105', '19870623', order());
  const wrongCheck = id.slice(0, 17) + (id.endsWith('0') ? '1' : '0');
  await openBackOffice(page);
  await openFromSidebar(page, '证书管理', '考试成绩');
  await page.getByRole('button', { name: '新增' }).click();
  const add = page.getByRole('dialog', { name: '新增考试成绩' });
  await settled(add);
  const ok = add.getByRole('button', { name: /^确\s*定$/ });

  // Each message as the server words it, said when the field is left.
  await add.getByLabel('姓名').fill('宋佳怡');
  await add.getByLabel('证件号码').fill(wrongCheck);
  await add.getByLabel('工作单位').fill('北京城建工程咨询有限公司');
  await expect(add.getByText('身份证号码校验位不正确，请核对')).toBeVisible();
  await add.getByLabel('证件号码').fill(id.toLowerCase());
  const examDate = add.getByLabel('考试时间');
  await typeDate(examDate, '2025-03-16');
  await expect(examDate).toHaveValue('2025-03-16');
  await add.getByRole('radio', { name: '合格', exact: true }).check();
  await ok.click();
  await expect(add.getByText('考试合格的记录须填写证书编号')).toBeVisible();
  await expect(add.getByText('考试合格的记录须填写发证日期')).toBeVisible();
  await add.getByRole('radio', { name: '不合格', exact: true }).check();
  await expect(add.getByLabel('证书编号')).toBeDisabled();
  await ok.click();
  await expect(add).toBeHidden();

  await page.getByLabel('证件号码').fill(id);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row').filter({ hasText: '宋佳怡' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('不合格', { exact: true })).toBeVisible();

  // 修改 opens the stored record, the ID number whole.
  await row.getByRole('button', { name: '修改' }).click();
  const edit = page.getByRole('dialog', { name: '修改考试成绩' });
  await expect(edit.getByLabel('证件号码')).toHaveValue(id);
  await edit.getByLabel('备注').fill('2025年6月补考');
  await edit.getByRole('button', { name: /^确\s*定$/ }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('2025年6月补考');

  // 删除 asks first; the record leaves the list (kept as 已删除).
  await row.getByRole('button', { name: '删除' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await expect(row).toHaveCount(0);
});

test('发证日期 filters one day, picked with 今天, 昨天 or 一周前; days to come cannot be picked', async ({ page }) => {
  await openBackOffice(page);
  // The browser's days (Asia/Shanghai), as the picker counts them.
  const { today, yesterday, weekAgo, tomorrow } = await page.evaluate(() => {
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
    return { today: day(0), yesterday: day(1), weekAgo: day(7), tomorrow: day(-1) };
  });
  const name = `周${unique('').slice(-4)}`;
  const token = await page.evaluate(() => localStorage.getItem('backstageToken'));
  const saved = (await (
    await page.request.post('/api/XfSysBussiness/EditCertInfo', {
      headers: { token: token! },
      data: {
        _certId: 0,
        _name: name,
        _idNum: idNumber('110105', '19900101', order()),
        _company: '示例建设工程有限公司',
        _examTime: '2025-03-16',
        _examStatus: 1,
        _certNum: unique('GCFX-DAY-').toUpperCase(),
        _issueDate: weekAgo,
      },
    })
  ).json()) as { Code: number; Message: string };
  expect(saved.Code, saved.Message).toBe(200);

  await openFromSidebar(page, '证书管理', '证书列表');
  const row = page.getByRole('row').filter({ hasText: name });
  const searchBy = async (shortcut: string, day: string) => {
    await page.getByLabel('发证日期').click();
    const popup = page.locator('.ant-picker-dropdown:visible');
    await expect(popup.locator(`td[title="${tomorrow}"]`)).toHaveClass(/ant-picker-cell-disabled/);
    await expect(popup.locator(`td[title="${today}"]`)).not.toHaveClass(/ant-picker-cell-disabled/);
    await popup.getByText(shortcut, { exact: true }).click();
    await expect(page.getByLabel('发证日期')).toHaveValue(day);
    const asked = page.waitForRequest((r) => r.url().includes('/GetCertList?'));
    await page.getByRole('button', { name: /查\s*询/ }).click();
    expect(new URL((await asked).url()).searchParams.get('issuedate')).toBe(day);
  };

  await searchBy('一周前', weekAgo);
  await expect(row).toHaveCount(1);
  await searchBy('昨天', yesterday);
  await expect(row).toHaveCount(0);
  await searchBy('今天', today);
  await expect(row).toHaveCount(0);
});

test('staff without 查看完整证件号码 see ID numbers masked, correct a remark, and the stored number stays', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const id = idNumber('110108', '19910203', order());
  const masked = `${id.slice(0, 6)}********${id.slice(-4)}`;
  const name = `吴${unique('').slice(-4)}`;
  const superToken = await adminToken(page.request);
  const business = async <T>(method: 'get' | 'post', call: string, token: string, data?: Record<string, unknown>) =>
    ((await (await page.request[method](`/api/XfSysBussiness/${call}`, { headers: { token }, ...(data ? { data } : {}) })).json()) as Envelope<T>).Data;
  const certId = await business<number>('post', 'EditCertInfo', superToken, {
    _certId: 0,
    _name: name,
    _idNum: id,
    _company: '示例建设工程有限公司',
    _examTime: '2025-03-16',
    _examStatus: 1,
    _certNum: unique('GCFX-MASK-').toUpperCase(),
    _issueDate: '2025-04-01',
  });
  const role = await roleWith(page.request, superToken, unique('证书录入'), ['dashboard:view', 'cert:list', 'cert:edit']);
  const clerk = { account: unique('certclerk'), password: 'Clerk-lantern-2024' };
  await createAdminAccount(page.request, superToken, { Account: clerk.account, FullName: '证书录入员', RoleId: role }, clerk.password);

  for (const width of [1440, 375]) {
    const clerkPage = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await openBackOffice(clerkPage, { as: clerk, at: '/System/cert/list' });
    await clerkPage.getByLabel('姓名').fill(name);
    await clerkPage.getByRole('button', { name: /查\s*询/ }).click();
    const row = clerkPage.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(masked);
    await row.getByRole('button', { name: '修改' }).click();
    const edit = clerkPage.getByRole('dialog', { name: '修改证书' });
    await expect(edit.getByLabel('证件号码')).toHaveValue(masked);
    await edit.getByLabel('备注').fill(`复核${width}`);
    await look(clerkPage, test.info().outputPath(`cert-masked-edit-${width}.png`));
    await edit.getByRole('button', { name: /^确\s*定$/ }).click();
    await expect(edit).toBeHidden();
    // Read back as staff who may see it whole: the remark changed, the number did not.
    const saved = await business<{ _idNum: string; _remarks: string }>('get', `GetCertModel?CertId=${certId}&view=cert`, superToken);
    expect(saved).toMatchObject({ _idNum: id, _remarks: `复核${width}` });
    await clerkPage.context().close();
  }
});
