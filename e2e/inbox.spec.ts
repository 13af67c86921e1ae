import type { Page } from '@playwright/test';
import { expect, look, test } from './test.js';
import { axeFindings } from './axe.js';
import { adminToken, type Envelope } from './admin-session.js';
import { settled } from './helpers.js';
import { member } from './member-session.js';

/**
 * 站内信 end to end: two messages delivered to a member (the test seam of e2e/server.ts, as a
 * mailing delivers them); the member signs in on a phone, sees the count on the header's
 * 站内信, opens the list, reads one (the count drops), then marks all read. The header and the
 * page are photographed at 1440 and 375 px.
 */

const PHONE = { width: 375, height: 812 };
const DESK = { width: 1440, height: 900 };
/** The password member() gives its members. */
const MEMBER_PASSWORD = 'Member-lamp-2024';

async function shoot(page: Page, name: string, size: { width: number; height: number }, fullPage = true) {
  await page.setViewportSize(size);
  await look(page, test.info().outputPath(`${name}-${size.width}.png`), { fullPage });
}

const memberBar = (page: Page) => page.getByRole('navigation', { name: '会员与服务' });
const inboxLink = (page: Page) => memberBar(page).getByRole('link', { name: /^站内信/ });
const messages = (page: Page) => page.getByRole('list', { name: '站内信' });
/** The marks of unread messages in the list. */
const unreadMarks = (page: Page) => messages(page).getByText('未读', { exact: true });

test('a member signs in on a phone, sees two unread 站内信, reads one and then marks all read', async ({ page }) => {
  const token = await member(page.request, await adminToken(page.request), '站内信测试单位');
  const info = (await (await page.request.get('/api/XfWebApi/GetUserInfo', { headers: { token } })).json()) as Envelope<{ Account: string }>;
  const { Account: account } = info.Data;
  const delivered = await page.request.post('/__e2e/inbox', {
    data: {
      account,
      messages: [
        { title: '关于2025年度会费缴纳的通知', html: '<p>请于<strong>3月31日</strong>前缴纳年度会费。</p><script>alert(1)</script>', category: '会费' },
        { title: '行业年会报名开始', html: '<p>年会将于5月在杭州举行，欢迎报名。</p><ul><li>时间：5月18日</li><li>地点：杭州</li></ul>', category: '活动' },
      ],
    },
  });
  expect(delivered.ok()).toBe(true);

  // Signed in through the header's dialog, on a phone.
  await page.setViewportSize(PHONE);
  await page.goto('/home');
  await page.getByRole('button', { name: '会员登录' }).first().click();
  const dialog = page.getByRole('dialog', { name: '会员登录' });
  await settled(dialog);
  await dialog.getByLabel('账号').fill(account);
  await dialog.getByLabel('密码').fill(MEMBER_PASSWORD);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();

  await expect(inboxLink(page)).toHaveAccessibleName('站内信 2条未读');
  await expect(inboxLink(page).getByTestId('unread-count')).toHaveText('2');
  await shoot(page, 'inbox-header', PHONE, false);
  await shoot(page, 'inbox-header', DESK, false);
  await page.setViewportSize(PHONE);

  await inboxLink(page).click();
  await expect(page).toHaveURL(/\/member\/inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: '站内信' })).toBeVisible();
  const dues = page.getByRole('button', { name: /关于2025年度会费缴纳的通知/ });
  const meeting = page.getByRole('button', { name: /行业年会报名开始/ });
  // Newest first, both marked unread.
  await expect(messages(page).getByRole('button')).toHaveText([/行业年会报名开始/, /关于2025年度会费缴纳的通知/]);
  await expect(unreadMarks(page)).toHaveCount(2);
  await shoot(page, 'inbox-page', PHONE);
  await shoot(page, 'inbox-page', DESK);
  await page.setViewportSize(PHONE);

  // Reading one shows its text (sanitised: the script never arrived) and the count drops.
  await dues.click();
  await expect(dues).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('前缴纳年度会费。')).toBeVisible();
  await expect(inboxLink(page)).toHaveAccessibleName('站内信 1条未读');
  await expect(unreadMarks(page)).toHaveCount(1);
  await shoot(page, 'inbox-read-one', PHONE);
  expect.soft(await axeFindings(page, { least: 'minor' }), 'the inbox with a message open: axe violations').toEqual([]);

  // 全部标为已读: no unread left, the header's count goes.
  await page.getByRole('button', { name: '全部标为已读' }).click();
  await expect(page.getByText('已将1条站内信标为已读')).toBeVisible();
  await expect(inboxLink(page)).toHaveAccessibleName('站内信');
  await expect(unreadMarks(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: '全部标为已读' })).toBeDisabled();
  await meeting.click();
  await expect(page.getByText('年会将于5月在杭州举行，欢迎报名。')).toBeVisible();
  await page.getByRole('group', { name: '显示' }).getByRole('button', { name: '未读' }).click();
  await expect(page.getByText('没有未读的站内信')).toBeVisible();
  await shoot(page, 'inbox-all-read', DESK);
});

test('a visitor has no 站内信 in the header and is asked to sign in on the page', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/') && r.url().includes('Inbox')) asked.push(r.url());
  });
  await page.goto('/member/inbox');
  await expect(page.getByText('请先登录会员账号')).toBeVisible();
  await expect(inboxLink(page)).toHaveCount(0);
  expect(asked).toEqual([]);
});
