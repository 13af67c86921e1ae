import { expect, look, test } from './test.js';
import { adminToken, unique } from './admin-session.js';
import { member } from './member-session.js';

/** 会员名录: a member is listed only after opting in, with only the contact details chosen. */
test('a member opts in to the directory, shows the phone only, and opts out again', async ({ page, request }) => {
  const admin = await adminToken(request);
  const company = `名录测试${unique('d')}工程有限公司`;
  const token = await member(request, admin, company);
  await page.goto('/directory');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(`/directory?key=${encodeURIComponent(company)}`);
  await expect(page.getByRole('heading', { name: '会员名录' })).toBeVisible();
  await expect(page.getByText(`没有与“${company}”相关的会员单位`)).toBeVisible();

  // Opting in from 用户信息: listed, region, website, and of the contacts only 联系电话.
  const profile = (await (await request.get('/api/XfWebApi/GetUserInfo', { headers: { token } })).json()) as { Data: { Account: string } };
  await page.getByRole('navigation', { name: '会员与服务' }).getByRole('button', { name: profile.Data.Account }).click();
  const info = page.getByRole('dialog', { name: '用户信息' });
  await info.getByLabel('联络人').fill('周九');
  await info.getByLabel('所在地区').fill('上海市');
  await info.getByLabel('单位网址').fill('https://www.example.com');
  await info.getByLabel('在会员名录中展示本单位').check();
  await info.getByRole('checkbox', { name: '联系电话' }).check();
  await info.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();

  await page.reload();
  const entry = page.getByRole('listitem').filter({ hasText: company });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('上海市');
  await expect(entry.getByRole('link', { name: 'https://www.example.com' })).toHaveAttribute('rel', /nofollow/);
  await expect(entry).toContainText('13600136000');
  // The e-mail and the contact person were not ticked.
  await expect(entry).not.toContainText('@example.com');
  await expect(entry).not.toContainText('联络人');

  // Visitors see the same listing: the directory is public by default, and in the footer.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`/directory?key=${encodeURIComponent(company)}`);
  await expect(visitor.getByRole('listitem').filter({ hasText: company })).toBeVisible();
  await expect(visitor.getByRole('contentinfo').getByRole('link', { name: '会员名录' })).toBeVisible();

  // Opting out takes the company off at once.
  const optOut = await request.post('/api/XfWebApi/EditMember', {
    headers: { token },
    data: { DailyOperator: '周九', OperatorPhone: '13600136000', DirectoryListed: false },
  });
  expect(((await optOut.json()) as { Code: number }).Code).toBe(200);
  await visitor.reload();
  await expect(visitor.getByText(`没有与“${company}”相关的会员单位`)).toBeVisible();
  await visitor.close();
});

test('会员服务 → 会员名录 in the navigation opens the live directory', async ({ page, context }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: '网站导航' });
  const top = nav.getByRole('menuitem', { name: '会员服务', exact: true });
  await expect(async () => {
    await top.hover();
    await expect(nav.getByRole('menuitem', { name: '会员名录' })).toBeVisible({ timeout: 2000 });
  }).toPass();
  // A menu with a site page as its WebUrl, opened as such menus are (a new tab).
  const entry = nav.getByRole('menuitem', { name: '会员名录' });
  await expect(entry).toHaveAttribute('href', '/directory');
  const opened = context.waitForEvent('page');
  await entry.click();
  const tab = await opened;
  await expect(tab).toHaveURL(/\/directory$/);
  await expect(tab.getByRole('heading', { name: '会员名录' })).toBeVisible();
  for (const [width, height] of [
    [1440, 900],
    [375, 800],
  ] as const) {
    await tab.setViewportSize({ width, height });
    await expect(tab.getByRole('heading', { name: '会员名录' })).toBeVisible();
    await look(tab, testInfo.outputPath(`directory-from-menu-${width}.png`));
  }
  await tab.close();
});
