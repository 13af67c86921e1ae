import fs from 'node:fs';
import { expect, look, test } from './test.js';
import { addMember, call, cstAhead, memberPage } from './activity-session.js';
import { adminToken, openBackOffice, openFromSidebar, unique } from './admin-session.js';
import { apiData } from './helpers.js';

/**
 * An activity's e-mail and calendar where no mail server is configured (as this server runs):
 * publishing says the notices are in the member area only, and so does the audience drawer, for
 * the whole list and for each member; the drawer hands out the calendar file and the 报名签到表;
 * the member signs up and saves the activity to their calendar with 加入日历.
 */

test('without a mail server the back office says so; the member adds the activity to their calendar', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const admin = await adminToken(page.request);
  const levels = await apiData<{ Id: number; Name: string }[]>(page.request, 'GetTypeList', { type: 2 });
  const council = levels.find((l) => l.Name === '理事单位')!;
  const account = await addMember(page.request, admin, council.Id, '日历测试理事单位');
  const title = unique('风险管理沙龙');
  // Reckoned once: past midnight in China the calendar check below would expect the next day.
  const starts = cstAhead(40, 9);
  const id = await call<number>(page.request, 'XfSysBussiness/SaveActivityDetail', admin, {
    ActivityId: 0,
    Title: title,
    Description: '<p>议程：<strong>风险识别</strong>与案例研讨</p>',
    Place: '北京市西城区三里河路9号',
    StartTime: `${starts}:00`,
    EndTime: `${cstAhead(40, 17)}:00`,
    SignUpDeadline: `${cstAhead(35, 18)}:00`,
    AudienceAll: false,
    MemberLevels: [council.Id],
  });

  // Publishing says who was notified, and that no e-mail went.
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page);
  await openFromSidebar(page, '活动管理', '活动列表');
  const row = page.locator('.ant-table-row', { hasText: title });
  await row.getByRole('button', { name: /^发\s*布$/ }).click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /发\s*布/ })
    .click();
  await expect(page.getByText(/^已发布，已通知\d+位会员；未配置邮件服务器，仅站内通知$/)).toBeVisible();

  // The drawer says it once above the list, and on each member's row.
  await row.getByRole('button', { name: '通知对象' }).click();
  const drawer = page.locator('.ant-drawer', { hasText: `通知对象：${title}` });
  await expect(drawer.getByRole('alert')).toContainText('未配置邮件服务器，仅站内通知');
  await drawer.getByLabel('会员').fill(account);
  await drawer.getByRole('button', { name: /查\s*询/ }).click();
  await expect(drawer.locator('.ant-table-row')).toHaveCount(1);
  const memberRow = drawer.locator('.ant-table-row', { hasText: account });
  await expect(memberRow.locator('.ant-tag', { hasText: '仅站内通知' })).toBeVisible();
  await expect(memberRow.getByText(`${account}@example.com`)).toBeVisible();
  await look(page, testInfo.outputPath('audience-mail-off-1440.png'));

  // The calendar file and the 报名签到表, from the drawer's toolbar.
  const calendarDownload = page.waitForEvent('download');
  await drawer.getByRole('button', { name: '日历文件' }).click();
  const calendarFile = await calendarDownload;
  expect(calendarFile.suggestedFilename()).toBe(`${title}.ics`);
  const staffCalendar = fs.readFileSync(await calendarFile.path(), 'utf8');
  expect(staffCalendar).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(staffCalendar).toContain(`UID:activity-${id}@`);
  const rosterDownload = page.waitForEvent('download');
  await drawer.getByRole('button', { name: '导出报名签到表' }).click();
  const roster = await rosterDownload;
  expect(roster.suggestedFilename()).toBe(`${title}-报名签到表.xlsx`);
  expect(
    fs
      .readFileSync(await roster.path())
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(drawer.getByRole('alert')).toBeVisible();
  // On a phone the drawer takes the screen's width, no more.
  await expect.poll(async () => (await drawer.locator('.ant-drawer-content-wrapper').boundingBox())?.width).toBe(375);
  await look(page, testInfo.outputPath('audience-mail-off-375.png'));

  // The member signs up and adds the activity to their calendar.
  const member = await memberPage(browser, page.request, account);
  await member.page.goto(`/member/activity/${id}`);
  await expect(member.page.getByRole('heading', { name: title })).toBeVisible();
  await member.page.getByRole('button', { name: /^报\s*名$/ }).click();
  await expect(member.page.getByText('报名成功')).toBeVisible();
  const download = member.page.waitForEvent('download');
  await member.page.getByRole('button', { name: '加入日历' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${title}.ics`);
  const calendar = fs.readFileSync(await file.path(), 'utf8');
  expect(calendar).toContain('METHOD:PUBLISH\r\n');
  expect(calendar).toContain(`UID:activity-${id}@`);
  expect(calendar).toContain(`SUMMARY:${title}\r\n`);
  expect(calendar).toContain(`DTSTART;TZID=Asia/Shanghai:${starts.replace(/[-:]/g, '').replace(' ', 'T')}00\r\n`);
  await look(member.page, testInfo.outputPath('member-calendar-1440.png'), { fullPage: true });
  await member.page.setViewportSize({ width: 375, height: 800 });
  await expect(member.page.getByRole('button', { name: '加入日历' })).toBeVisible();
  await look(member.page, testInfo.outputPath('member-calendar-375.png'), { fullPage: true });
  await member.page.context().close();
});
