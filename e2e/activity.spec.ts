import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, look, test } from './test.js';
import { addMember, call, cstAhead, memberPage } from './activity-session.js';
import { adminToken, openBackOffice, openFromSidebar, unique } from './admin-session.js';
import { apiData, settled, typeDate } from './helpers.js';

/**
 * 活动通知: the back office publishes an activity to one member level; a member of that level
 * sees the unread notice and the count beside the account, opens it and signs up; a member of
 * another level does not see it; the back office sees the sign-up and reminds the member, whose
 * notice is unread again.
 */

/** The header's 活动通知 link and the unread count the server gives this member. */
const noticesLink = (page: Page) => page.getByRole('navigation', { name: '会员与服务' }).getByRole('link', { name: /活动通知/ });
const unreadOf = (request: APIRequestContext, token: string) => call<number>(request, 'XfWebApi/GetActivityUnreadCount', token);

/** The count beside 活动通知: shown when above 0, absent at 0. */
async function expectBadge(page: Page, count: number) {
  const badge = noticesLink(page).getByTestId('unread-count');
  if (count > 0) await expect(badge).toHaveText(String(count));
  else await expect(badge).toHaveCount(0);
}

test('an activity for one level: read and signed up by its member, unseen by another, reminded by the back office', async ({ page, browser }, testInfo) => {
  // Three sessions, the editor and two member pages: on a loaded two-core machine this has taken 80 s.
  test.setTimeout(180_000);
  const admin = await adminToken(page.request);
  const levels = await apiData<{ Id: number; Name: string }[]>(page.request, 'GetTypeList', { type: 2 });
  const council = levels.find((l) => l.Name === '理事单位')!;
  const ordinary = levels.find((l) => l.Name === '会员单位')!;
  const insider = await addMember(page.request, admin, council.Id, '活动测试理事单位');
  const outsider = await addMember(page.request, admin, ordinary.Id, '活动测试会员单位');
  const title = unique('工地安全观摩活动');

  // The back office writes the activity for 理事单位 and publishes it.
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page);
  await openFromSidebar(page, '活动管理', '活动列表');
  await page.getByRole('button', { name: '新增活动' }).click();
  const dialog = page.getByRole('dialog', { name: '新增活动' });
  await settled(dialog);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('请输入活动标题')).toBeVisible();
  await dialog.getByLabel('活动标题').fill(title);
  await dialog.getByLabel('活动地点').fill('北京市丰台区示范工地');
  await dialog.getByLabel('人数上限').fill('30');
  await typeDate(dialog.getByPlaceholder('开始时间'), cstAhead(30, 9));
  const end = dialog.getByPlaceholder('结束时间');
  await end.fill(cstAhead(30, 17));
  await end.press('Enter');
  await typeDate(dialog.getByPlaceholder('请选择报名截止时间'), cstAhead(20, 18));
  await dialog.getByLabel('指定会员等级').check();
  const levelSelect = dialog.getByLabel('会员等级', { exact: true });
  await levelSelect.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^理事单位$/ }).click();
  await levelSelect.press('Escape');
  await expect(dialog.locator('.ant-select-selection-item', { hasText: '理事单位' })).toBeVisible();
  await look(page, testInfo.outputPath('activity-dialog-1440.png'));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  // A new activity is 操作成功, as every new record of the back office; 修改成功 is for a change.
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.locator('.ant-table-row', { hasText: title });
  await expect(row.getByText('草稿')).toBeVisible();
  await row.getByRole('button', { name: /^发\s*布$/ }).click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /发\s*布/ })
    .click();
  // Every 理事单位 member so far (earlier journeys of this run add some too) is notified.
  await expect(page.getByText(/已发布，已通知\d+位会员/)).toBeVisible();
  await expect(row.getByText('已发布')).toBeVisible();
  const listed = await call<{ List: { Title: string; AudienceCount: number }[] }>(
    page.request,
    `XfSysBussiness/GetActivityList?title=${encodeURIComponent(title)}`,
    admin,
  );
  const audienceSize = listed.List[0]!.AudienceCount;
  expect(audienceSize).toBeGreaterThanOrEqual(1);
  await expect(row.getByText(`0/${audienceSize}`, { exact: true })).toBeVisible();
  await look(page, testInfo.outputPath('activity-list-1440.png'));

  // The member of 理事单位 sees the unread notice and the count beside the account.
  const member = await memberPage(browser, page.request, insider);
  await member.page.goto('/home');
  const unread = await unreadOf(page.request, member.token);
  expect(unread).toBeGreaterThanOrEqual(1);
  await expectBadge(member.page, unread);
  await noticesLink(member.page).click();
  await expect(member.page).toHaveURL(/\/member\/activity$/);
  const notice = member.page.locator('.ant-list-item', { hasText: title });
  await expect(notice.getByText('未读')).toBeVisible();
  await expect(notice.getByText('报名中')).toBeVisible();
  await look(member.page, testInfo.outputPath('member-activities-1440.png'), { fullPage: true });

  // Opening it marks it read; the member signs up.
  await notice.getByRole('link', { name: title }).click();
  await expect(member.page.getByRole('heading', { name: title })).toBeVisible();
  await expect(member.page.getByText('北京市丰台区示范工地')).toBeVisible();
  await expectBadge(member.page, unread - 1);
  await member.page.getByRole('button', { name: /^报\s*名$/ }).click();
  await expect(member.page.getByText('报名成功')).toBeVisible();
  await expect(member.page.locator('.ant-tag', { hasText: '已报名' })).toBeVisible();
  await expect(member.page.getByRole('button', { name: '取消报名' })).toBeVisible();
  await look(member.page, testInfo.outputPath('member-activity-1440.png'), { fullPage: true });
  await member.page.setViewportSize({ width: 375, height: 800 });
  // On a phone a member's bar still takes one line (32 px): 活动通知 is its bell, with the
  // count, and keeps its name for screen readers; 关注我们 (a QR code) is left to the footer.
  const bar = member.page.getByRole('navigation', { name: '会员与服务' });
  expect((await bar.boundingBox())!.height).toBeLessThan(40);
  await expect(noticesLink(member.page)).toBeVisible();
  await expectBadge(member.page, unread - 1);
  await expect(bar.getByRole('button', { name: '关注我们' })).toBeHidden();
  await look(member.page, testInfo.outputPath('member-activity-375.png'), { fullPage: true });
  // And on the smallest phones.
  await member.page.setViewportSize({ width: 320, height: 700 });
  expect((await bar.boundingBox())!.height).toBeLessThan(40);
  await expectBadge(member.page, unread - 1);
  await look(member.page, testInfo.outputPath('member-activity-320.png'), { fullPage: true });
  await member.page.setViewportSize({ width: 1440, height: 900 });

  // A member of 会员单位 does not see it.
  const other = await memberPage(browser, page.request, outsider);
  await other.page.goto('/member/activity');
  await expect(other.page.locator('.ant-list-item').first()).toBeVisible();
  await expect(other.page.locator('.ant-list-item', { hasText: title })).toHaveCount(0);
  expect(
    (await call<{ List: { Title: string }[] }>(page.request, 'XfWebApi/GetMyActivityList?pagesize=100', other.token)).List.map((a) => a.Title),
  ).not.toContain(title);
  await other.page.context().close();

  // The back office sees the sign-up and the read, and reminds the member.
  await page
    .getByRole('button', { name: /查\s*询/ })
    .first()
    .click();
  await expect(row.getByText(`1/${audienceSize}`, { exact: true })).toBeVisible();
  await expect(row.getByText('1/30', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: '通知对象' }).click();
  const drawer = page.locator('.ant-drawer', { hasText: `通知对象：${title}` });
  await drawer.getByLabel('会员').fill(insider);
  await drawer.getByRole('button', { name: /查\s*询/ }).click();
  await expect(drawer.locator('.ant-table-row')).toHaveCount(1);
  const audienceRow = drawer.locator('.ant-table-row', { hasText: insider });
  await expect(audienceRow.getByText('已读')).toBeVisible();
  await expect(audienceRow.getByText('已报名')).toBeVisible();
  await look(page, testInfo.outputPath('activity-audience-1440.png'));
  // The list exports as a workbook named after the activity.
  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: '导出名单' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${title}-名单.xlsx`);
  const bytes = fs.readFileSync(await file.path());
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await audienceRow.getByRole('checkbox').check();
  await drawer.getByRole('button', { name: /提醒所选（1）/ }).click();
  await expect(page.getByText('已提醒1位会员')).toBeVisible();
  await expect(audienceRow.getByText('未读')).toBeVisible();
  await expect(audienceRow.getByText('已报名')).toBeVisible();

  // The reminder makes it unread again for the member.
  await member.page.goto('/member/activity');
  await expect(member.page.locator('.ant-list-item', { hasText: title }).getByText('未读')).toBeVisible();
  await expect(member.page.locator('.ant-list-item', { hasText: title }).getByText(/^提醒于 /)).toBeVisible();
  await expectBadge(member.page, unread);
  await member.page.setViewportSize({ width: 375, height: 800 });
  await look(member.page, testInfo.outputPath('member-activities-375.png'), { fullPage: true });
  await member.page.context().close();
});
