import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, look, test } from './test.js';
import { addMember, call, cstFromNow, memberPage } from './activity-session.js';
import { adminToken, openBackOffice, unique } from './admin-session.js';
import { agreeToPrivacy, apiData, settled } from './helpers.js';

/**
 * 报名表: staff pick a form of 表单与问卷 as an activity's sign-up form in the activity's dialog; a
 * member signing up fills it in (a required answer missing is said under its question), and the
 * back office's 通知对象 and the 报名签到表 (read back with exceljs) show the answers.
 */

const DAY = 86_400_000;

test('a sign-up form: picked by staff, answered by a member signing up, shown on the roster and in its export', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const admin = await adminToken(page.request);
  const [level] = await apiData<{ Id: number }[]>(page.request, 'GetTypeList', { type: 2 });
  const account = await addMember(page.request, admin, level!.Id, '报名表测试会员单位');
  const formTitle = unique('培训报名表');
  await call(page.request, 'XfSysBussiness/SaveForm', admin, {
    Id: 0,
    Title: formTitle,
    Audience: 'members',
    Fields: [
      { Key: 'attendee', Type: 'text', Label: '参会人姓名', Required: true, MaxLength: 20 },
      { Key: 'meal', Type: 'radio', Label: '是否用餐', Required: true, Options: ['是', '否'] },
    ],
  });
  const title = unique('安全生产培训班');
  const id = await call<number>(page.request, 'XfSysBussiness/SaveActivityDetail', admin, {
    ActivityId: 0,
    Title: title,
    Place: '北京市西城区三里河路9号',
    StartTime: cstFromNow(30 * DAY),
    EndTime: cstFromNow(30 * DAY + 8 * 3_600_000),
    SignUpDeadline: cstFromNow(20 * DAY),
    Capacity: 30,
    AudienceAll: true,
  });

  // Staff pick the form in the activity's dialog, found by its title.
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, { at: '/System/activity/list' });
  await page.getByLabel('活动标题').fill(title);
  await page
    .getByRole('button', { name: /查\s*询/ })
    .first()
    .click();
  const row = page.locator('.ant-table-row', { hasText: title });
  await row.getByRole('button', { name: /修\s*改/ }).click();
  const dialog = page.getByRole('dialog', { name: '修改活动' });
  await settled(dialog);
  const picker = dialog.getByLabel('报名表', { exact: true });
  await picker.click();
  await picker.fill(formTitle.slice(-8));
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: formTitle }).click();
  // The dropdown is drawn outside the dialog: inside it, the form's title is the chosen value.
  await expect(dialog.getByTitle(formTitle, { exact: true })).toBeVisible();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await picker.scrollIntoViewIfNeeded();
  await look(page, testInfo.outputPath('sign-up-form-dialog-1440.png'));
  await page.setViewportSize({ width: 375, height: 812 });
  await picker.scrollIntoViewIfNeeded();
  await look(page, testInfo.outputPath('sign-up-form-dialog-375.png'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await call<{ SignUpFormTitle: string }>(page.request, `XfSysBussiness/GetActivity/${id}`, admin)).toMatchObject({ SignUpFormTitle: formTitle });
  await call(page.request, 'XfSysBussiness/PublishActivity', admin, { ActivityId: id });

  // The member signs up: 报名 opens the form; a missing answer is said under its question.
  const member = await memberPage(browser, page.request, account);
  await member.page.goto(`/member/activity/${id}`);
  await member.page.getByRole('button', { name: /^报\s*名$/ }).click();
  const form = member.page.getByRole('form', { name: '报名表' });
  await expect(form.getByText('参会人姓名')).toBeVisible();
  await form.getByRole('button', { name: '提交报名' }).click();
  await expect(form.getByText('请填写「参会人姓名」')).toBeVisible();
  await expect(form.getByLabel(/参会人姓名/)).toBeFocused();
  await form.getByLabel(/参会人姓名/).fill('王工');
  await form.getByRole('radio', { name: '是' }).check();
  await look(member.page, testInfo.outputPath('sign-up-form-member-1440.png'), { fullPage: true });
  await member.page.setViewportSize({ width: 375, height: 812 });
  await look(member.page, testInfo.outputPath('sign-up-form-member-375.png'), { fullPage: true });
  await agreeToPrivacy(form);
  await form.getByRole('button', { name: '提交报名' }).click();
  await expect(member.page.getByText('报名成功')).toBeVisible();
  await expect(member.page.locator('.ant-tag', { hasText: '已报名' })).toBeVisible();
  await expect(form).toBeHidden();
  await member.page.context().close();

  // 通知对象 shows the answers beside the sign-up, a column per question.
  await page
    .getByRole('button', { name: /查\s*询/ })
    .first()
    .click();
  await row.getByRole('button', { name: '通知对象' }).click();
  const drawer = page.getByRole('dialog', { name: `通知对象：${title}` });
  await drawer.getByLabel('会员').fill(account);
  await drawer.getByRole('button', { name: /查\s*询/ }).click();
  await expect(drawer.locator('.ant-table-row')).toHaveCount(1);
  await expect(drawer.getByRole('columnheader', { name: '参会人姓名' })).toBeVisible();
  const signedUp = drawer.locator('.ant-table-row', { hasText: account });
  await expect(signedUp.getByText('已报名')).toBeVisible();
  await expect(signedUp.getByRole('cell', { name: '王工', exact: true })).toBeVisible();
  await expect(signedUp.getByRole('cell', { name: '是', exact: true })).toBeVisible();
  await drawer.getByRole('columnheader', { name: '是否用餐' }).scrollIntoViewIfNeeded();
  await look(page, testInfo.outputPath('sign-up-form-roster-1440.png'));
  // On a phone the drawer takes the whole width when it opens; the answers' columns scroll with the table.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.setViewportSize({ width: 375, height: 812 });
  await row.getByRole('button', { name: '通知对象' }).click();
  await drawer.getByLabel('会员').fill(account);
  await drawer.getByRole('button', { name: /查\s*询/ }).click();
  await expect(drawer.locator('.ant-table-row')).toHaveCount(1);
  await drawer.getByRole('cell', { name: '王工', exact: true }).scrollIntoViewIfNeeded();
  await look(page, testInfo.outputPath('sign-up-form-roster-375.png'));
  await page.setViewportSize({ width: 1440, height: 900 });

  // The 报名签到表 has a column per question.
  const downloading = page.waitForEvent('download');
  await drawer.getByRole('button', { name: '导出报名签到表' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`${title}-报名签到表.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await file.path())!)) as unknown as ExcelJS.Buffer);
  const [header, ...rows] = book.worksheets[0]!.getSheetValues()
    .slice(1)
    .map((r) => (r as unknown[]).slice(1));
  expect(header!.slice(-3)).toEqual(['签到人', '参会人姓名', '是否用餐']);
  const mine = rows.find((r) => r[2] === account)!;
  expect(mine[0]).toBe('已报名');
  expect(mine.slice(-2)).toEqual(['王工', '是']);
});
