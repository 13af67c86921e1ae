import QRCode from 'qrcode';
import type { APIRequestContext, Page } from '@playwright/test';
import type { CheckInActivityDto, MyActivityDetailDto } from '@portal/shared';
import { expect, look, test } from './test.js';
import { adminToken, openBackOffice } from './admin-session.js';
import { addMember, call, cstAhead, cstFromNow, MEMBER_PASSWORD, memberPage, underWayNow } from './activity-session.js';
import { apiData, settled } from './helpers.js';

/**
 * 活动签到 at the door on a phone (375 px): a member's QR read from a photo through the same
 * reader the camera feeds, a typed code, a second scan answered 已签到 with the time, the camera
 * refused while the typed code still works, and self check-in with the venue's QR. Then the
 * waitlist as a member sees it: joining a full activity, the place offered when another member
 * cancels, and confirming it. Last, 动态签到码: the venue's QR changing every 30 s.
 */

const level = async (request: APIRequestContext) =>
  (await apiData<{ Id: number; Name: string }[]>(request, 'GetTypeList', { type: 2 })).find((l) => l.Name === '理事单位')!.Id;

/** A published activity for 理事单位 a month ahead; answers its id. */
async function publishedActivity(request: APIRequestContext, admin: string, fields: Record<string, unknown>): Promise<number> {
  const id = await call<number>(request, 'XfSysBussiness/SaveActivityDetail', admin, {
    ActivityId: 0,
    Place: '北京市丰台区示范工地',
    StartTime: `${cstAhead(30, 9)}:00`,
    EndTime: `${cstAhead(30, 17)}:00`,
    SignUpDeadline: `${cstAhead(20, 18)}:00`,
    AudienceAll: false,
    MemberLevels: [await level(request)],
    ...fields,
  });
  await call(request, 'XfSysBussiness/PublishActivity', admin, { ActivityId: id });
  return id;
}

/** The sign-up of a member, and what their activity page shows them (the check-in QR's token, the code). */
async function signedUp(request: APIRequestContext, token: string, id: number): Promise<MyActivityDetailDto> {
  await call(request, 'XfWebApi/SignUpActivity', token, { ActivityId: id });
  return call<MyActivityDetailDto>(request, `XfWebApi/GetMyActivity/${id}`, token);
}

async function memberToken(request: APIRequestContext, account: string): Promise<string> {
  return call<string>(request, 'XfWebApi/GetLoginToken', '', { str1: account, str2: MEMBER_PASSWORD });
}

/** The QR a member shows at the door, as a phone photo of it would come: a PNG with a margin around. */
const qrPhoto = async (text: string) => ({ name: 'qr.png', mimeType: 'image/png', buffer: await QRCode.toBuffer(text, { width: 480, margin: 6 }) });

const result = (page: Page) => page.getByRole('status').filter({ has: page.locator('[class*=resultTitle]') });

test('a phone at the door: a QR photo, a typed code, 已签到 on a second scan, the camera refused, self check-in', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const admin = await adminToken(page.request);
  const title = `现场签到演练${Date.now().toString(36)}`;
  const id = await publishedActivity(page.request, admin, { Title: title, Capacity: 50 });
  const accounts = await Promise.all(
    ['签到测试甲公司', '签到测试乙公司', '签到测试丙公司'].map(async (name) => addMember(page.request, admin, await level(page.request), name)),
  );
  const tokens = await Promise.all(accounts.map((a) => memberToken(page.request, a)));
  const passes = await Promise.all(tokens.map((t) => signedUp(page.request, t, id)));
  // The activity is under way now, and members may check themselves in for the next hour.
  await underWayNow(page.request, admin, id, { SelfCheckInStart: cstFromNow(-60_000), SelfCheckInEnd: cstFromNow(3_600_000) });

  await page.setViewportSize({ width: 375, height: 812 });
  await openBackOffice(page, { at: `/System/activity/checkin?id=${id}` });
  await expect(page.getByRole('combobox', { name: '签到活动' })).toBeVisible();
  const counts = page.getByLabel('签到人数');
  await expect(counts).toContainText('0已签到');
  await expect(counts).toContainText('3已报名/50');

  // A photo of alice's QR, read by the same reader as the camera's frames.
  await page.getByLabel('二维码图片').setInputFiles(await qrPhoto(passes[0]!.CheckInToken));
  await expect(result(page)).toContainText('签到成功');
  await expect(result(page)).toContainText('签到测试甲公司');
  await expect(counts).toContainText('1已签到');
  await look(page, testInfo.outputPath('checkin-375.png'), { fullPage: true });

  // The same QR again: 已签到, with the time of the first.
  await page.getByLabel('二维码图片').setInputFiles(await qrPhoto(passes[0]!.CheckInToken));
  await expect(result(page)).toContainText('已签到');
  // Who checked the member in, by name (the seeded administrator's is 超级管理员); the account on hover.
  await expect(result(page)).toContainText(/签到时间 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d（超级管理员 办理）/);
  await expect(result(page).getByTitle('账号 admin')).toHaveText('超级管理员 办理');
  await look(page, testInfo.outputPath('checkin-again-375.png'), { fullPage: true });

  // The camera cannot be used here (no permission given): the page says so, and the typed code still works.
  await page.getByRole('button', { name: '扫码签到' }).click();
  await expect(page.getByRole('alert')).toContainText(/摄像头.*输入签到码/);
  await page.getByLabel('签到码').fill(passes[1]!.CheckInCode.toLowerCase());
  await page.getByLabel('签到码').press('Enter');
  await expect(result(page)).toContainText('签到成功');
  await expect(result(page)).toContainText('签到测试乙公司');
  await page.getByLabel('签到码').fill('ZZZZZZ');
  await page.getByLabel('签到码').press('Enter');
  await expect(result(page)).toContainText('签到码不存在，请核对后重新输入');
  await expect(counts).toContainText('2已签到');
  await look(page, testInfo.outputPath('checkin-typed-375.png'), { fullPage: true });

  // The roster: found by name, checked in there by hand.
  await page.getByLabel('搜索会员').fill('丙公司');
  await page.getByLabel('搜索会员').press('Enter');
  const row = page.locator('.ant-list-item', { hasText: '签到测试丙公司' });
  await expect(row.getByText('未签到')).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await look(page, testInfo.outputPath('checkin-1440.png'), { fullPage: true });

  // carol checks herself in with the venue's QR instead.
  const venue = await call<CheckInActivityDto>(page.request, `XfSysBussiness/GetCheckInActivity/${id}`, admin);
  await page.getByRole('button', { name: '现场签到二维码' }).click();
  await expect(page.getByRole('img', { name: '现场签到二维码' })).toBeVisible();
  await look(page, testInfo.outputPath('checkin-venue-1440.png'));
  await page.keyboard.press('Escape');
  const member = await memberPage(browser, page.request, accounts[2]!);
  await member.page.setViewportSize({ width: 375, height: 812 });
  await member.page.goto(`/member/activity/${id}/checkin?venue=${encodeURIComponent(venue.SelfCheckInKey)}`);
  await expect(member.page.getByText('签到成功')).toBeVisible();
  await look(member.page, testInfo.outputPath('self-checkin-375.png'), { fullPage: true });
  await member.page.reload();
  await expect(member.page.getByText('您已签到')).toBeVisible();
  await member.page.context().close();
  await expect(counts).toContainText('3已签到');
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(row.getByText(/已签到 \d\d:\d\d · 自助签到/)).toBeVisible();
});

test('the waitlist as a member sees it: joined when full, the place offered when another cancels, confirmed', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const admin = await adminToken(page.request);
  const title = `名额一位的研讨会${Date.now().toString(36)}`;
  const id = await publishedActivity(page.request, admin, { Title: title, Capacity: 1, ConfirmHours: 12 });
  const [holder, waiting] = await Promise.all(
    ['候补测试甲公司', '候补测试乙公司'].map(async (name) => addMember(page.request, admin, await level(page.request), name)),
  );
  const holderToken = await memberToken(page.request, holder!);
  await signedUp(page.request, holderToken, id);

  const member = await memberPage(browser, page.request, waiting!);
  await member.page.goto(`/member/activity/${id}`);
  await expect(member.page.getByRole('heading', { name: title })).toBeVisible();
  await expect(member.page.locator('.ant-tag', { hasText: '名额已满' })).toBeVisible();
  await member.page.getByRole('button', { name: '加入候补' }).click();
  await expect(member.page.getByText('已加入候补名单，当前排第1位')).toBeVisible();
  await expect(member.page.getByText('候补第 1 位，有空余名额时将依次通知')).toBeVisible();
  await look(member.page, testInfo.outputPath('waitlist-1440.png'), { fullPage: true });
  // The back office sees the member waiting in the activity's audience.
  await openBackOffice(page, { at: '/System/activity/list' });
  await page.getByLabel('活动标题').fill(title);
  await page
    .getByRole('button', { name: /查\s*询/ })
    .first()
    .click();
  await page.locator('.ant-table-row', { hasText: title }).getByRole('button', { name: '通知对象' }).click();
  const drawer = page.locator('.ant-drawer', { hasText: `通知对象：${title}` });
  await expect(drawer.locator('.ant-table-row', { hasText: '候补测试乙公司' }).getByText('候补第1位')).toBeVisible();
  await expect(drawer.locator('.ant-table-row', { hasText: '候补测试甲公司' }).getByRole('button', { name: '移出' })).toBeVisible();
  await look(page, testInfo.outputPath('audience-waitlist-1440.png'));

  // The holder cancels: the place is offered to the member waiting, for ConfirmHours.
  await call(page.request, 'XfWebApi/CancelActivitySignUp', holderToken, { ActivityId: id });
  await member.page.reload();
  await expect(member.page.locator('.ant-tag', { hasText: '候补成功，待确认' })).toBeVisible();
  await expect(member.page.getByText(/已为您保留至 \d{4}-\d\d-\d\d \d\d:\d\d，请在此前确认参加/)).toBeVisible();
  await member.page.setViewportSize({ width: 375, height: 812 });
  await look(member.page, testInfo.outputPath('waitlist-offer-375.png'), { fullPage: true });
  await member.page.getByRole('button', { name: '确认参加' }).click();
  await expect(member.page.getByText('已确认参加，报名成功')).toBeVisible();
  await expect(member.page.locator('.ant-tag', { hasText: '已报名' })).toBeVisible();
  await expect(member.page.getByRole('img', { name: '签到二维码' })).toBeVisible();
  const mine = await call<MyActivityDetailDto>(page.request, `XfWebApi/GetMyActivity/${id}`, member.token);
  await expect(member.page.getByText(mine.CheckInCode)).toBeVisible();
  await look(member.page, testInfo.outputPath('waitlist-confirmed-375.png'), { fullPage: true });
  await member.page.setViewportSize({ width: 1440, height: 900 });
  await look(member.page, testInfo.outputPath('waitlist-confirmed-1440.png'), { fullPage: true });
  await member.page.context().close();
});

test('动态签到码: set in the activity dialog, the venue screen’s QR changes every 30 s with a countdown, a member opening the current one is checked in', async ({
  page,
  browser,
}, testInfo) => {
  // One change of the code is waited for: up to 30 s of the journey.
  test.setTimeout(180_000);
  const admin = await adminToken(page.request);
  const title = `动态签到码演练${Date.now().toString(36)}`;
  const id = await publishedActivity(page.request, admin, { Title: title });
  const account = await addMember(page.request, admin, await level(page.request), '动态签到测试公司');
  await signedUp(page.request, await memberToken(page.request, account), id);
  await underWayNow(page.request, admin, id, { SelfCheckInStart: cstFromNow(-60_000), SelfCheckInEnd: cstFromNow(3_600_000) });

  // The option sits beside the self check-in window in the activity's dialog.
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, { at: '/System/activity/list' });
  await page.getByLabel('活动标题').fill(title);
  await page
    .getByRole('button', { name: /查\s*询/ })
    .first()
    .click();
  await page
    .locator('.ant-table-row', { hasText: title })
    .getByRole('button', { name: /修\s*改/ })
    .click();
  const dialog = page.getByRole('dialog', { name: '修改活动' });
  await settled(dialog);
  const rotating = dialog.getByRole('switch', { name: '动态签到码' });
  await expect(rotating).not.toBeChecked();
  await rotating.click();
  await expect(rotating).toBeChecked();
  await rotating.scrollIntoViewIfNeeded();
  await look(page, testInfo.outputPath('rotating-dialog-1440.png'));
  await page.setViewportSize({ width: 375, height: 812 });
  await rotating.scrollIntoViewIfNeeded();
  await look(page, testInfo.outputPath('rotating-dialog-375.png'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  expect(await call<{ SelfCheckInRotating: boolean }>(page.request, `XfSysBussiness/GetActivity/${id}`, admin)).toMatchObject({ SelfCheckInRotating: true });

  // The venue screen: the QR of the current code, a countdown to the next, nothing to print.
  await page.goto(`/System/activity/checkin?id=${id}`);
  await page.getByRole('button', { name: '现场签到二维码' }).click();
  const venue = page.getByRole('dialog', { name: '现场签到二维码' });
  const qr = venue.getByRole('img', { name: '现场签到二维码' });
  await expect(qr).toBeVisible();
  await settled(venue);
  await expect(venue.getByLabel('二维码更换倒计时')).toContainText(/动态签到码，每30秒更换：\d{1,2} 秒后更换/);
  await expect(venue.getByRole('button', { name: '打印' })).toHaveCount(0);
  const address = venue.locator('[class*=venueUrl]');
  const first = await address.innerText();
  expect(first).toContain(`/member/activity/${id}/checkin?venue=`);
  const firstQr = await qr.getAttribute('src');
  await look(page, testInfo.outputPath('rotating-venue-1440.png'));

  // At the end of its window the screen asks for the next code as a poll (it keeps no session alive), and shows it.
  const next = page.waitForRequest(/GetVenueCheckInCode/, { timeout: 45_000 });
  expect((await next).headers()['x-background']).toBe('1');
  await expect.poll(() => address.innerText(), { timeout: 45_000 }).not.toBe(first);
  await expect.poll(() => qr.getAttribute('src'), { timeout: 10_000 }).not.toBe(firstQr);
  const current = await address.innerText();
  await page.setViewportSize({ width: 375, height: 812 });
  await look(page, testInfo.outputPath('rotating-venue-375.png'));

  // The member's phone opens what the QR on the screen now says.
  const member = await memberPage(browser, page.request, account);
  await member.page.setViewportSize({ width: 375, height: 812 });
  await member.page.goto(current.slice(current.indexOf('/member/')));
  await expect(member.page.getByText('签到成功')).toBeVisible();
  await look(member.page, testInfo.outputPath('rotating-self-checkin-375.png'), { fullPage: true });
  await member.page.context().close();
  await expect(page.getByLabel('签到人数')).toContainText('1已签到');
});
