import type { APIRequestContext, Page } from '@playwright/test';
import type { MailPreferencesDto } from '@portal/shared';
import { expect, look, test, waitingForApp } from './test.js';
import { axeFindings } from './axe.js';
import { adminToken, unique, type Envelope } from './admin-session.js';
import { expectNoSidewaysScroll } from './helpers.js';
import { call, member } from './member-session.js';

/**
 * 退订 end to end: staff send a mailing of 活动 to one member (through the API); the member's mail
 * arrives at the e2e server's mail server, and its 退订 link is the site's /unsubscribe page,
 * never the API's address. Opened in a browser that is not signed in, the page names the
 * category and unsubscribes on 确认退订; a tampered link is refused (退订链接无效). Signed in,
 * the member finds 活动 off in 通知设置 (from the header's link), turns it back on and saves;
 * the page reloaded, and GetMailPreferences, say it is on. Pages photographed at 1440 and 375 px.
 */

const PHONE = { width: 375, height: 812 };
const DESK = { width: 1440, height: 900 };

async function shoot(page: Page, name: string) {
  for (const size of [DESK, PHONE]) {
    await page.setViewportSize(size);
    await expectNoSidewaysScroll(page, `${name} at ${size.width} px`);
    await look(page, test.info().outputPath(`${name}-${size.width}.png`), { fullPage: true });
  }
  await page.setViewportSize(DESK);
}

/** The page's own part (its main) has no accessibility violation at any impact; the shell's are a11y.spec.ts's. */
async function accessible(page: Page, what: string) {
  expect.soft(await axeFindings(page, { include: 'main', least: 'minor' }), `${what}: axe violations`).toEqual([]);
}

/** The e2e server's mail seam (e2e/server.ts): mail on for this journey only. */
const mailSwitch = (request: APIRequestContext, on: boolean) => request.post('/__e2e/mail', { data: { on } });

test.afterEach(async ({ request }) => {
  await mailSwitch(request, false);
});

async function preferencesOf(request: APIRequestContext, token: string): Promise<MailPreferencesDto> {
  const body = (await (await request.get('/api/XfWebApi/GetMailPreferences', { headers: { token } })).json()) as Envelope<MailPreferencesDto>;
  expect(body.Code, body.Message).toBe(200);
  return body.Data;
}

/** A mailing of 活动 sent now by e-mail to the members of `region`; answers its subject. */
async function sendActivityMailing(request: APIRequestContext, admin: string, region: string): Promise<string> {
  const subject = unique('年会报名通知');
  const id = await call<number>(
    request,
    'XfSysBussiness/SaveMailing',
    { MailingId: 0, Category: 'activity', Subject: subject, Body: '<p>{{联系人}}您好：协会年会即将开始报名。</p>', Segment: { Regions: [region] } },
    admin,
  );
  await call(request, 'XfSysBussiness/SendMailing', { MailingId: id }, admin);
  return subject;
}

test('a member unsubscribes from a mailing’s link without signing in, then turns the category back on in 通知设置', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await mailSwitch(page.request, true);
  const admin = await adminToken(page.request);
  const memberToken = await member(page.request, admin, unique('退订测试单位'));
  // A region of its own, so the mailing reaches this member alone.
  const region = unique('退订区');
  await call(page.request, 'XfWebApi/EditMember', { DailyOperator: '周九', OperatorPhone: '13600136000', Region: region }, memberToken);
  const subject = await sendActivityMailing(page.request, admin, region);

  // The mail arrives (the dispatch job, then the outbox); its 退订 is the page, with the token.
  let html = '';
  await expect(async () => {
    const { received } = (await (await page.request.get('/__e2e/mail')).json()) as { received: { subject: string; html: string }[] };
    html = received.find((m) => m.subject === subject)?.html ?? '';
    expect(html).not.toBe('');
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  const link = /<a href="([^"]+)">退订<\/a>/.exec(html)?.[1] ?? '';
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?t=activity\.\d+\.\d+\.[\w-]+$/);
  expect(html).not.toContain('/api/');

  // The server draws the question, before any script runs.
  expect(await (await page.request.get(link)).text()).toContain('确认后将退订“活动”类通知');

  // Opened in a browser that has never signed in.
  const visitor = waitingForApp(await (await browser.newContext({ locale: 'zh-CN' })).newPage());
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1, name: '退订通知' })).toBeVisible();
  await expect(visitor.getByText('确认后将退订“活动”类通知')).toBeVisible();
  await expect(visitor.getByRole('button', { name: '会员登录' }).first()).toBeVisible();
  // Opening the page unsubscribes nothing (mail scanners open links too).
  expect((await preferencesOf(page.request, memberToken)).activity).toBe(true);
  await shoot(visitor, 'unsubscribe-ask');
  await accessible(visitor, 'the unsubscribe page');

  await visitor.getByRole('button', { name: '确认退订' }).click();
  await expect(visitor.getByText('您已退订“活动”类通知，今后不再收到此类邮件和站内信')).toBeVisible();
  await expect(visitor.getByRole('button', { name: '确认退订' })).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: '管理全部通知设置' })).toHaveAttribute('href', '/member/notifications');
  await shoot(visitor, 'unsubscribe-done');
  await accessible(visitor, 'the unsubscribe page, done');
  expect(await preferencesOf(page.request, memberToken)).toEqual({ notice: true, activity: false, dues: true, survey: true });

  // A link altered by one character is refused, shown on the page.
  await visitor.goto(`${link.slice(0, -1)}${link.endsWith('x') ? 'y' : 'x'}`);
  await expect(visitor.getByText('退订链接无效')).toBeVisible();
  await expect(visitor.getByRole('button', { name: '确认退订' })).toHaveCount(0);
  await shoot(visitor, 'unsubscribe-invalid');
  await accessible(visitor, 'the unsubscribe page, refused');

  // The member, signed in, finds 活动 off in 通知设置, from the header's link.
  await page.goto('/404');
  await page.evaluate((t) => localStorage.setItem('token', t), memberToken);
  await page.goto('/home');
  const bar = page.getByRole('navigation', { name: '会员与服务' });
  await bar.getByRole('link', { name: '通知设置' }).click();
  await expect(page).toHaveURL(/\/member\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: '通知设置' })).toBeVisible();
  const activity = page.getByRole('switch', { name: '活动' });
  await expect(activity).not.toBeChecked();
  for (const other of ['通知公告', '会费', '调查']) await expect(page.getByRole('switch', { name: other })).toBeChecked();
  await shoot(page, 'notifications-off');
  await accessible(page, '通知设置');

  // On again, saved, and so after a reload.
  await activity.click();
  await expect(activity).toBeChecked();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: '活动' })).toBeChecked();
  await shoot(page, 'notifications-saved');
  expect(await preferencesOf(page.request, memberToken)).toEqual({ notice: true, activity: true, dues: true, survey: true });
});
