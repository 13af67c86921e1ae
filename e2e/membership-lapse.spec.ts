import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, look, test, waitingForApp } from './test.js';
import { adminToken, openBackOffice, openFromSidebar, unique, type Envelope } from './admin-session.js';
import { apiData, menuByName, settled } from './helpers.js';
import { applyForMembership, call } from './member-session.js';

/**
 * The membership cycle as a member lives it: dues late (宽限期) — the header warns, everything still
 * opens; past grace (已过期) — member-only articles, 投稿 and 活动报名 lead to 我的会籍 instead;
 * dues recorded — all open again and the warning is gone. And the back office: 会员列表 filtered by
 * 会籍状态, the member's 会籍 in the dialog, two applications passed at once.
 */

const PASSWORD = 'Member-lamp-2024';
const LAPSED = '会员资格已过期，请续费后使用';

/** The CST day `days` from today (negative: before), yyyy-MM-dd. */
const cstDay = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

async function get<T>(request: APIRequestContext, path: string, token: string): Promise<T> {
  const body = (await (await request.get(`/api/${path}`, { headers: { token } })).json()) as Envelope<T>;
  expect(body.Code, `${path}: ${body.Message}`).toBe(200);
  return body.Data;
}

/** Staff move the member's 有效期至 (EditMemberInfo recomputes the state on save). */
async function setExpireDate(request: APIRequestContext, admin: string, memberId: number, expireDate: string) {
  const model = await get<Record<string, unknown>>(request, `XfSysBussiness/GetMemberModel/${memberId}`, admin);
  await call(request, 'XfSysBussiness/EditMemberInfo', { ...model, Pwd: '', ExpireDate: expireDate }, admin);
}

/** A page of its own signed in as the member (the token stored as the login dialog stores it). */
async function memberPage(browser: Browser, token: string, width: number): Promise<Page> {
  const page = waitingForApp(await (await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width, height: 900 } })).newPage());
  await page.goto('/home');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  return page;
}

const notice = (page: Page) => page.getByTestId('membership-notice');

/** The header's notice fits a phone: no sideways scrolling, the utility bar on one line. */
async function expectHeaderFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  const bar = page.getByRole('navigation', { name: '会员与服务' });
  expect((await bar.boundingBox())!.height).toBeLessThan(40);
}

async function pickOption(page: Page, select: Locator, option: string) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${option}$`) }).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

test('a member in grace is warned, past grace is led to renew, and after the dues are recorded reads again; staff filter by 会籍状态 and pass applications in bulk', async ({
  page,
  browser,
}, testInfo) => {
  // Four browser contexts and a dozen server writes: generous on a loaded two-core machine.
  test.setTimeout(240_000);
  const shot = (name: string) => testInfo.outputPath(`${name}.png`);
  const admin = await adminToken(page.request);
  // The days the journey sets and then reads, reckoned once: past midnight in China they would move.
  const [endedInGrace, endedPastGrace] = [cstDay(-5), cstDay(-60)];

  // A level with dues (5000 元 a year, 30 days' grace) and a member of it whose term ended 5 days ago.
  const levels = await apiData<{ Id: number; Name: string }[]>(page.request, 'GetTypeList', { type: 2 });
  const level = levels.find((l) => l.Name === '副会长单位')!;
  await call(
    page.request,
    'XfSysBussiness/SaveMemberLevelTerms',
    { LevelId: level.Id, AnnualFee: 5000, Term: 'year', GraceDays: 30, NeedsApproval: true },
    admin,
  );
  const [companyType] = await apiData<{ Id: number }[]>(page.request, 'GetTypeList', { type: 1 });
  const account = unique('ms');
  const company = `${account}会籍测试单位`;
  const memberId = await call<number>(
    page.request,
    'XfSysBussiness/EditMemberInfo',
    {
      MemberId: 0,
      Account: account,
      Pwd: PASSWORD,
      MemberName: company,
      LegalPerson: '吴十',
      CompanyType: companyType!.Id,
      MemberLevel: level.Id,
      OperatorPhone: '13600136000',
      Email: `${account}@example.com`,
      JoinDate: cstDay(-370),
      ExpireDate: endedInGrace,
    },
    admin,
  );
  expect((await get<{ State: number }>(page.request, `XfSysBussiness/GetMembership/${memberId}`, admin)).State).toBe(2);
  const login = (await (await page.request.post('/api/XfWebApi/GetLoginToken', { data: { str1: account, str2: PASSWORD } })).json()) as Envelope<string>;
  expect(login.Code, login.Message).toBe(200);
  const token = login.Data;

  // A member-only article, and an activity open to every member.
  const journal = await menuByName(page.request, '协会期刊');
  const journalList = await apiData<{ List: { NewsId: number; MenuId: number; Title: string; Status: number; IsMemberRead: boolean }[] }>(
    page.request,
    'GetNewsList',
    { pid: journal.MenuId, pageindex: 1, pagesize: 50 },
  );
  const article = journalList.List.find((a) => a.IsMemberRead && a.Status === 1)!;
  expect(article, 'a published member-only journal article').toBeDefined();
  const articlePath = `/info?MenuId=${article.MenuId}&NewsId=${article.NewsId}`;
  const activityTime = (days: number, hour: number) => `${cstDay(days)} ${String(hour).padStart(2, '0')}:00:00`;
  const activityId = await call<number>(
    page.request,
    'XfSysBussiness/SaveActivityDetail',
    {
      ActivityId: 0,
      Title: unique('会籍测试活动'),
      Place: '北京市西城区',
      StartTime: activityTime(30, 9),
      EndTime: activityTime(30, 17),
      SignUpDeadline: activityTime(20, 18),
      Capacity: 0,
      AudienceAll: true,
    },
    admin,
  );
  await call(page.request, 'XfSysBussiness/PublishActivity', { ActivityId: activityId }, admin);

  // 宽限期: the header warns in orange and leads to 我的会籍; the article still opens.
  const member = await memberPage(browser, token, 1440);
  await member.goto('/home');
  await expect(notice(member)).toContainText('您的会员资格已到期');
  await notice(member)
    .getByRole('link', { name: /查看会籍与续费方式/ })
    .click();
  await expect(member).toHaveURL(/\/member\/membership$/);
  const details = member.locator('.ant-descriptions');
  await expect(details.getByText(company)).toBeVisible();
  await expect(details.getByText('宽限期', { exact: true })).toBeVisible();
  await expect(details.getByText(endedInGrace)).toBeVisible();
  await expect(member.getByRole('region', { name: '如何续费' })).toContainText('应缴会费：');
  await expect(member.getByRole('link', { name: /电子会员证/ })).toHaveAttribute('href', '/member/card');
  await look(member, shot('membership-grace-1440'), { fullPage: true });
  await member.goto(articlePath);
  await expect(member.getByRole('heading', { name: article.Title })).toBeVisible();

  const phone = await memberPage(browser, token, 375);
  await phone.goto('/member/membership');
  await expect(notice(phone)).toContainText('您的会员资格已到期');
  await expect(phone.locator('.ant-descriptions').getByText('宽限期', { exact: true })).toBeVisible();
  await expectHeaderFits(phone);
  await look(phone, shot('membership-grace-375'), { fullPage: true });

  // 已过期: staff move the end beyond grace; the article, 投稿 and 报名 lead to 我的会籍.
  await setExpireDate(page.request, admin, memberId, endedPastGrace);
  await member.goto(articlePath);
  await expect(member.getByRole('heading', { name: LAPSED })).toBeVisible();
  await expect(member.getByText('该文章仅限会员阅读，请先登录')).toHaveCount(0);
  await expect(notice(member)).toContainText(LAPSED);
  await look(member, shot('article-lapsed-1440'));
  await member.getByRole('main').getByRole('link', { name: '查看会籍与续费方式' }).click();
  await expect(member.locator('.ant-descriptions').getByText('已过期', { exact: true })).toBeVisible();
  await look(member, shot('membership-lapsed-1440'), { fullPage: true });
  await member.goto('/contribute');
  await expect(member.getByRole('main').getByText(LAPSED)).toBeVisible();
  await expect(member.getByRole('main').getByRole('button', { name: '投稿' })).toHaveCount(0);
  await member.goto(`/member/activity/${activityId}`);
  await expect(member.getByText(`${LAPSED}，`)).toBeVisible();
  await expect(member.getByRole('button', { name: /^报\s*名$/ })).toHaveCount(0);
  const refused = (await (
    await member.request.post('/api/XfWebApi/SignUpActivity', { data: { ActivityId: activityId }, headers: { token } })
  ).json()) as Envelope<null>;
  expect([refused.Code, refused.Message]).toEqual([403, LAPSED]);

  await phone.reload();
  await expect(notice(phone)).toContainText(LAPSED);
  await expect(phone.locator('.ant-descriptions').getByText('已过期', { exact: true })).toBeVisible();
  await expectHeaderFits(phone);
  await look(phone, shot('membership-lapsed-375'), { fullPage: true });
  await phone.goto('/home');
  await expect(notice(phone).getByRole('link', { name: /查看会籍与续费方式/ })).toBeVisible();
  await expectHeaderFits(phone);
  await look(phone, shot('header-notice-375'));

  // The back office finds the member under 会籍状态 已过期 and reads the 会籍 in the dialog.
  const office = waitingForApp(
    await (await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } })).newPage(),
  );
  await openBackOffice(office);
  await openFromSidebar(office, '会员管理', '会员列表');
  await office.getByLabel('关键字').fill(account);
  await pickOption(office, office.getByLabel('会籍状态'), '已过期');
  await office.getByRole('button', { name: /查\s*询/ }).click();
  const row = office.getByRole('row').filter({ hasText: account });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('已过期')).toBeVisible();
  await expect(row.getByText(endedPastGrace)).toBeVisible();
  await look(office, shot('member-list-1440'));
  await row.getByRole('button', { name: '编辑' }).click();
  const dialog = office.getByRole('dialog', { name: '编辑会员信息' });
  await settled(dialog);
  const section = dialog.getByRole('region', { name: '会籍' });
  await expect(section.getByText(`HY${String(memberId).padStart(6, '0')}`)).toBeVisible();
  await expect(section.getByText('¥5,000.00（一年）')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await look(office, shot('member-dialog-membership-1440'));
  // 吊销 asks for the reason; 恢复 does not.
  await section.getByRole('button', { name: '吊销/恢复' }).click();
  const revoke = office.getByRole('dialog', { name: '吊销/恢复电子会员证' });
  await settled(revoke);
  await revoke.getByRole('button', { name: /确\s*定/ }).click();
  await expect(revoke.getByText('请输入吊销原因')).toBeVisible();
  await revoke.getByLabel('原因').fill('会费长期未缴');
  await revoke.getByRole('button', { name: /确\s*定/ }).click();
  await expect(office.getByText('已吊销该会员的电子会员证')).toBeVisible();
  await expect(revoke).toBeHidden();
  await expect(section.getByText(/^已吊销（\d{4}-\d{2}-\d{2}）$/)).toBeVisible();
  await section.getByRole('button', { name: '吊销/恢复' }).click();
  await revoke.getByLabel('恢复').check();
  await revoke.getByRole('button', { name: /确\s*定/ }).click();
  await expect(office.getByText('已恢复该会员的电子会员证')).toBeVisible();
  await expect(section.getByText('正常', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  // Dues recorded: the article opens again and the notice is gone.
  await call(
    page.request,
    'XfSysBussiness/SaveMemberPayment',
    { MemberId: memberId, Amount: 5000, PaidOn: cstDay(0), Payer: company, Method: 'transfer' },
    admin,
  );
  await member.goto(articlePath);
  await expect(member.getByRole('heading', { name: article.Title })).toBeVisible();
  await expect(notice(member)).toHaveCount(0);

  // Two applications passed at once.
  const prefix = unique('bp');
  await applyForMembership(page.request, `${prefix}a`, 'Apply-lamp-2024');
  await applyForMembership(page.request, `${prefix}b`, 'Apply-lamp-2024');
  await office.getByRole('button', { name: /重\s*置/ }).click();
  await office.getByLabel('关键字').fill(prefix);
  await office.getByRole('button', { name: /查\s*询/ }).click();
  const applicants = office.getByRole('row').filter({ hasText: prefix });
  await expect(applicants).toHaveCount(2);
  await expect(applicants.getByText('审核中')).toHaveCount(2);
  for (const applicant of await applicants.all()) await applicant.getByRole('checkbox').check();
  await office.getByRole('button', { name: '批量通过' }).click();
  await office.getByRole('tooltip').getByRole('button', { name: '批量通过' }).click();
  await expect(office.getByText('批量通过：共2个会员')).toBeVisible();
  await expect(applicants.getByText('已通过')).toHaveCount(2);
  await expect(applicants.getByText('有效')).toHaveCount(2);

  // On a phone the shell lays out afresh: the list scrolls sideways within its panel.
  await office.setViewportSize({ width: 375, height: 800 });
  await office.reload();
  await expect(office.getByRole('button', { name: '批量通过' })).toBeVisible();
  await look(office, shot('member-list-375'), { fullPage: true });
});
