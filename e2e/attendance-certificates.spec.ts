import { adminToken, openBackOffice, openFromSidebar, unique } from './admin-session.js';
import { expect, look, test, waitingForApp } from './test.js';
import { member } from './member-session.js';
import { call, cstAhead, cstFromNow, underWayNow } from './activity-session.js';
import { settled } from './helpers.js';

/**
 * 培训证明: staff issue it from 活动列表 to the member checked in once the activity has ended (not
 * before), and the member is told (the activity unread again), finds it on the activity's page with
 * its verification page, and in 我的证书, and downloads it. Screenshots at 1440 and 375 px go to test-results.
 */

test('staff issue a 培训证明 after the activity to the member checked in, who finds it on the activity’s page and under 我的证书', async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminToken(request);
  const company = unique('培训证明测试单位');
  const memberToken = await member(request, admin, company);
  const title = unique('质量安全培训班');
  // Signed up while sign-up is open (a month ahead), then under way, so that staff may check the member in.
  const id = await call<number>(request, 'XfSysBussiness/SaveActivityDetail', admin, {
    ActivityId: 0,
    Title: title,
    Description: '<p>培训</p>',
    Place: '北京市西城区三里河路9号',
    StartTime: `${cstAhead(30, 9)}:00`,
    EndTime: `${cstAhead(30, 17)}:00`,
    SignUpDeadline: `${cstAhead(20, 18)}:00`,
    Capacity: 0,
    AudienceAll: true,
    MemberLevels: [],
    Attachments: [],
    IsTraining: true,
  });
  await call(request, 'XfSysBussiness/PublishActivity', admin, { ActivityId: id });
  await call(request, 'XfWebApi/SignUpActivity', memberToken, { ActivityId: id });
  await underWayNow(request, admin, id);
  const { CheckInToken } = await call<{ CheckInToken: string }>(request, `XfWebApi/GetMyActivity/${id}`, memberToken);
  await call(request, 'XfSysBussiness/CheckInActivityMember', admin, { ActivityId: id, Token: CheckInToken });

  // The back office: 活动列表 → 证明. Under way, the activity gives no certificate yet.
  await openBackOffice(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openFromSidebar(page, '活动管理', '活动列表');
  const openCertificates = async () => {
    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('button', { name: '证明' })
      .click();
    const drawer = page.getByRole('dialog', { name: `证明：${title}` });
    await settled(drawer);
    return drawer;
  };
  let drawer = await openCertificates();
  await expect(drawer.getByRole('button', { name: /颁发培训证明/ })).toBeDisabled();
  await expect(drawer.getByText(/^活动结束（.*）后方可颁发$/)).toBeVisible();
  await look(page, 'test-results/attendance-certs-not-ended-1440.png');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Ended a minute ago: 颁发培训证明.
  await underWayNow(request, admin, id, { StartTime: cstFromNow(-4 * 3_600_000), EndTime: cstFromNow(-60_000), SignUpDeadline: cstFromNow(-5 * 3_600_000) });
  await page.reload();
  drawer = await openCertificates();
  await drawer.getByRole('button', { name: /颁发培训证明/ }).click();
  await page.getByRole('button', { name: /^颁\s?发$/ }).click();
  await expect(page.getByText('已颁发1份证明')).toBeVisible();
  await expect(drawer.getByRole('row', { name: new RegExp(company) })).toContainText('正常');
  await look(page, 'test-results/attendance-certs-admin-1440.png');
  await page.setViewportSize({ width: 375, height: 800 });
  await look(page, 'test-results/attendance-certs-admin-375.png');

  // The member: told by the activity's notice, unread again; its page shows the certificate.
  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });
  const mine = waitingForApp(await context.newPage());
  await mine.goto('/home');
  await mine.evaluate((t) => localStorage.setItem('token', t), memberToken);
  await mine.goto('/member/activity');
  await expect(mine.getByRole('listitem').filter({ hasText: title })).toContainText('未读');
  await mine.getByRole('link', { name: title }).click();
  const certificate = mine.getByRole('region', { name: '培训证明已颁发' });
  await expect(certificate).toContainText(/证明编号 HD\d{12}/);
  await expect(certificate.getByRole('link', { name: '证明核验页' })).toHaveAttribute('href', /\/attendance\/verify\/[\w-]{32}$/);
  await look(mine, 'test-results/attendance-certs-activity-1440.png', { fullPage: true });
  await mine.setViewportSize({ width: 375, height: 800 });
  await look(mine, 'test-results/attendance-certs-activity-375.png', { fullPage: true });
  const fromActivity = mine.waitForEvent('download');
  await certificate.getByRole('button', { name: '下载证明' }).click();
  expect((await fromActivity).suggestedFilename()).toBe(`${title}培训证明.png`);

  // And in 我的证书.
  await mine.setViewportSize({ width: 1440, height: 900 });
  await mine.goto('/certsearch?tab=mine');
  const row = mine.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('培训证明');
  await look(mine, 'test-results/attendance-certs-mine-1440.png', { fullPage: true });
  await mine.setViewportSize({ width: 375, height: 800 });
  await look(mine, 'test-results/attendance-certs-mine-375.png', { fullPage: true });
  const downloading = mine.waitForEvent('download');
  await row.getByRole('button', { name: /下载/ }).click();
  expect((await downloading).suggestedFilename()).toBe(`${title}培训证明.png`);
  await context.close();
});
