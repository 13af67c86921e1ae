import type { APIRequestContext, Page } from '@playwright/test';
import { expect, look, test } from './test.js';
import {
  ADMIN,
  adminToken,
  captchaAnswer,
  createAdminAccount,
  nextCaptchaTicket,
  openBackOffice,
  openFromSidebar,
  signIn,
  submitSignIn,
  unique,
  type Envelope,
} from './admin-session.js';

// Walked with motion, as most visitors see it (the other journeys ask for reduced motion: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

/**
 * The back-office journeys: sign-in through the captcha image, the shell, permissions, password
 * and logout. The journeys of the shell start signed in (openBackOffice); those about signing in,
 * a forced or a changed password and a session ended elsewhere sign in through the login page.
 */

// The sign-in form's submit button. After a submission antd removes its loading icon at the end
// of a motion; until then the icon's label leads the name ("loading 登 录"), so match the end.
const loginButton = (page: Page) => page.locator('form').getByRole('button', { name: /(^|\s)登\s*录$/ });

/** Calls an XfSystemApi call as an administrator and answers its Data, failing unless Code is 200. */
async function systemCall<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', name: string, data?: object): Promise<T> {
  const res = await request.fetch(`/api/XfSystemApi/${name}`, {
    method,
    headers: { token },
    ...(method === 'GET' ? { params: data as Record<string, string> } : { data }),
  });
  const body = (await res.json()) as Envelope<T>;
  expect(body.Code, `${name}: ${body.Message}`).toBe(200);
  return body.Data;
}

const sidebar = (page: Page) => page.getByRole('menu', { name: '后台导航' });
const tabs = (page: Page) => page.getByRole('tablist', { name: '已打开的页面' });
const breadcrumb = (page: Page) => page.getByRole('navigation', { name: '面包屑' });

test('the login page asks for every field, draws a new captcha after a failure, and signs in', async ({ page }) => {
  const firstTicket = nextCaptchaTicket(page);
  await page.goto('/login');
  await firstTicket;
  await expect(page.getByRole('heading', { name: '管理员登录' })).toBeVisible();
  await expect(page.getByText('后台管理系统').first()).toBeVisible();

  await loginButton(page).click();
  await expect(page.getByText('请输入账号')).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();
  await expect(page.getByText('请输入验证码')).toBeVisible();

  // A wrong answer uses the ticket up: the server says why and a new captcha is drawn.
  const image = page.getByRole('img', { name: '验证码' });
  const firstImage = await image.getAttribute('src');
  const secondTicket = nextCaptchaTicket(page);
  await page.getByLabel('账号').fill(ADMIN.account);
  await page.getByLabel('密码', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('验证码', { exact: true }).fill('0000');
  await page.getByLabel('验证码', { exact: true }).press('Enter');
  await expect(page.getByText('验证码错误或已过期')).toBeVisible();
  await secondTicket;
  await expect(image).not.toHaveAttribute('src', firstImage!);
  await expect(page.getByLabel('验证码', { exact: true })).toHaveValue('');

  // Clicking the image draws another.
  const thirdTicket = nextCaptchaTicket(page);
  await page.getByRole('button', { name: '验证码图片，点击刷新' }).click();
  const answer = await captchaAnswer(page.request, await thirdTicket);
  await page.getByLabel('验证码', { exact: true }).fill(answer);
  await loginButton(page).click();

  await expect(page).toHaveURL(/\/System\/home$/);
  expect(await page.evaluate(() => localStorage.getItem('backstageToken'))).toBeTruthy();
  await expect(page.getByRole('heading', { name: '近30天访问量' }).or(page.getByText('近30天访问量'))).toBeVisible();
  await expect(page.getByRole('figure', { name: /近30天访问量，共 \d+ 次/ })).toBeVisible();
  await expect(page.getByText('已发布文章')).toBeVisible();

  // With a session, /login leads back into the back office.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/System\/home$/);
});

test('the sidebar opens pages as tabs; tabs survive a reload and close to their neighbours', async ({ page }) => {
  await openBackOffice(page);
  await expect(tabs(page).getByRole('tab')).toHaveText(['工作台']);
  await expect(tabs(page).getByRole('button', { name: '关闭工作台' })).toHaveCount(0);

  await openFromSidebar(page, '系统管理', '角色管理');
  await expect(page).toHaveURL(/\/System\/system\/role$/);
  await expect(breadcrumb(page)).toHaveText(/系统管理\s*\/\s*角色管理/);
  await expect(page.getByRole('button', { name: /新增角色/ })).toBeVisible();

  await openFromSidebar(page, '系统管理', '管理员');
  await openFromSidebar(page, '系统管理', '操作日志');
  await expect(tabs(page).getByRole('tab')).toHaveText(['工作台', '角色管理', '管理员', '操作日志']);
  await expect(tabs(page).getByRole('tab', { name: '操作日志' })).toHaveAttribute('aria-selected', 'true');

  // Visiting a page again keeps one tab for it; clicking a tab goes there.
  await openFromSidebar(page, '系统管理', '角色管理');
  await expect(tabs(page).getByRole('tab')).toHaveCount(4);
  await tabs(page).getByRole('tab', { name: '管理员' }).click();
  await expect(page).toHaveURL(/\/System\/system\/admin$/);

  await page.reload();
  await expect(tabs(page).getByRole('tab')).toHaveText(['工作台', '角色管理', '管理员', '操作日志']);
  await expect(tabs(page).getByRole('tab', { name: '管理员' })).toHaveAttribute('aria-selected', 'true');

  // Closing the active tab opens the next one; with none after it, the previous one.
  await tabs(page).getByRole('button', { name: '关闭管理员' }).click();
  await expect(page).toHaveURL(/\/System\/system\/audit$/);
  await tabs(page).getByRole('button', { name: '关闭操作日志' }).click();
  await expect(page).toHaveURL(/\/System\/system\/role$/);
  await expect(tabs(page).getByRole('tab')).toHaveText(['工作台', '角色管理']);

  // Closing a tab that is not active stays on the page.
  await tabs(page).getByRole('tab', { name: '工作台' }).click();
  await tabs(page).getByRole('button', { name: '关闭角色管理' }).click();
  await expect(page).toHaveURL(/\/System\/home$/);
  await expect(tabs(page).getByRole('tab')).toHaveText(['工作台']);

  // The navigation folds to icons and back.
  const toggle = page.getByRole('button', { name: '收起导航' });
  await toggle.click();
  await expect(page.getByRole('button', { name: '展开导航' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('后台管理系统', { exact: true })).toBeHidden();
  await page.getByRole('button', { name: '展开导航' }).click();
  await expect(page.getByText('后台管理系统', { exact: true })).toBeVisible();
});

test('操作日志 → 完整性校验 says both logs are whole, with how many records it checked', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, { at: '/System/system/audit' });
  await page.getByRole('button', { name: '完整性校验' }).click();
  const dialog = page.getByRole('dialog', { name: '日志完整性校验' });
  // This journey's own sign-in is in both logs: at least one record each.
  await expect(dialog.getByRole('alert').filter({ hasText: '操作日志：完好' })).toContainText(/已校验 [1-9]\d* 条记录/);
  await expect(dialog.getByRole('alert').filter({ hasText: '登录日志：完好' })).toContainText(/已校验 [1-9]\d* 条记录/);
  await look(page, testInfo.outputPath('audit-chain-check-1440.png'));
  await dialog.getByRole('button', { name: '关闭' }).last().click();
  await expect(dialog).toBeHidden();
});

test('the size selector resizes every antd component', async ({ page }) => {
  await openBackOffice(page, { at: '/System/system/role' });
  const add = page.getByRole('button', { name: /新增角色/ });
  await expect(add).toBeVisible();

  await page.getByRole('button', { name: '页面尺寸' }).click();
  await page.getByRole('button', { name: '迷你', exact: true }).click();
  await expect(add).toHaveClass(/ant-btn-sm/);
  await expect(page.locator('.ant-table').first()).toHaveClass(/ant-table-small/);

  await page.getByRole('button', { name: '页面尺寸' }).click();
  await page.getByRole('button', { name: '中等', exact: true }).click();
  await expect(add).toHaveClass(/ant-btn-lg/);

  // The choice is kept across reloads; put back the default for the journeys that follow.
  await page.reload();
  await expect(page.getByRole('button', { name: /新增角色/ })).toHaveClass(/ant-btn-lg/);
  await page.getByRole('button', { name: '页面尺寸' }).click();
  await page.getByRole('button', { name: '较小', exact: true }).click();
  await expect(page.getByRole('button', { name: /新增角色/ })).not.toHaveClass(/ant-btn-(sm|lg)/);
});

test('a role without a grant hides its button, and an address outside its routes shows 页面不存在', async ({ page }) => {
  const roleName = unique('栏目编辑');
  const account = unique('editor_');
  const password = 'Editor-lamp-2024';
  // A session of its own: this journey signs out.
  await openBackOffice(page, { as: ADMIN });

  // A role with the workbench and the role list, but not 新增角色.
  await page.goto('/System/system/role');
  await page.getByRole('button', { name: /新增角色/ }).click();
  const roleDialog = page.getByRole('dialog', { name: '新增角色' });
  await roleDialog.getByLabel('角色名称').fill(roleName);
  // A tree item's name is its title, after the expander's icon label when it has children.
  const grant = (title: string) => roleDialog.getByRole('tree').getByRole('treeitem', { name: new RegExp(`(^|\\s)${title}( 按钮)?$`) });
  await grant('工作台').getByRole('checkbox').click();
  await grant('角色管理').getByRole('checkbox').click();
  await grant('新增角色').getByRole('checkbox').click();
  await expect(grant('角色管理')).toHaveAttribute('aria-checked', 'mixed');
  await expect(grant('修改角色')).toHaveAttribute('aria-checked', 'true');
  await roleDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(roleDialog).toBeHidden();
  await expect(page.getByRole('cell', { name: roleName, exact: true })).toBeVisible();

  // An administrator with that role.
  await openFromSidebar(page, '系统管理', '管理员');
  await page.getByRole('button', { name: /新增管理员/ }).click();
  const userDialog = page.getByRole('dialog', { name: '新增管理员' });
  await userDialog.getByLabel('账号').fill(account);
  await userDialog.getByLabel('姓名').fill('栏目编辑员');
  await userDialog.getByLabel('角色').click();
  // antd draws the visible options as titled items (its ARIA listbox holds only the active few).
  await page.getByTitle(roleName, { exact: true }).click();
  await userDialog.getByLabel('登录密码').fill(password);
  await userDialog.getByLabel('确认密码').fill(password);
  await userDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(userDialog).toBeHidden();
  await expect(page.getByRole('cell', { name: account, exact: true })).toBeVisible();

  // The search form narrows the list to the new account; 重置 brings the others back.
  const rows = page.locator('tr.ant-table-row');
  await page.getByLabel('关键字').fill(` ${account} `);
  await page.getByLabel('关键字').press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(account);
  await page.getByRole('button', { name: /重\s*置$/ }).click();
  await expect(page.getByLabel('关键字')).toHaveValue('');
  await expect(rows.filter({ hasText: ADMIN.account })).not.toHaveCount(0);

  await page.getByRole('button', { name: '账号菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // A password another administrator chose: the first sign-in asks the owner for their own.
  await submitSignIn(page, account, password);
  const forced = page.getByRole('dialog', { name: '首次登录，请设置新密码' });
  await expect(forced).toBeVisible();
  await forced.getByLabel('旧密码').fill(password);
  await forced.getByLabel('新密码', { exact: true }).fill(`${password}x`);
  await forced.getByLabel('确认新密码').fill(`${password}x`);
  await forced.getByRole('button', { name: /确\s*定/ }).click();
  await expect(forced).toBeHidden();
  await expect(sidebar(page).getByRole('menuitem', { name: '系统管理' })).toBeVisible();
  await expect(sidebar(page).getByRole('menuitem', { name: '内容管理' })).toHaveCount(0);
  await openFromSidebar(page, '系统管理', '角色管理');
  await expect(sidebar(page).getByRole('menuitem', { name: '管理员' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: roleName, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '修改' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /新增角色/ })).toHaveCount(0);

  // A page this role may not open is, to it, a page that is not there.
  // (The breadcrumb names the page too; the result in the page is what the user reads.)
  const notFound = page.getByRole('main').getByText('页面不存在', { exact: true });
  await page.goto('/System/system/admin');
  await expect(notFound).toBeVisible();
  await expect(sidebar(page)).toBeVisible();
  await page.goto('/System/no/such/page');
  await expect(notFound).toBeVisible();
  await page.getByRole('button', { name: '返回工作台' }).click();
  await expect(page).toHaveURL(/\/System\/home$/);
});

test('an administrator changes the password, logs out and signs in with the new one', async ({ page, request }) => {
  const token = await adminToken(request);
  const roles = await systemCall<{ List: { RoleId: number; RoleName: string }[] }>(request, token, 'GET', 'GetRoleList', { pageindex: '1', pagesize: '999' });
  const editor = roles.List.find((r) => r.RoleName === '内容编辑');
  expect(editor, 'seeded role 内容编辑').toBeDefined();
  const account = unique('pwd_');
  const oldPassword = 'OldPass-lamp-2024';
  const newPassword = 'NewPass-lamp-2025';
  await createAdminAccount(request, token, { Account: account, FullName: '改密测试', RoleId: editor!.RoleId }, oldPassword);

  await openBackOffice(page, { as: { account, password: oldPassword } });
  await page.getByRole('button', { name: '账号菜单' }).click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  const ok = dialog.getByRole('button', { name: /确\s*定|OK/ });

  await ok.click();
  await expect(dialog.getByText('请输入旧密码')).toBeVisible();
  await expect(dialog.getByText('请输入新密码')).toBeVisible();
  await expect(dialog.getByText('请再次输入新密码')).toBeVisible();

  await dialog.getByLabel('旧密码').fill(oldPassword);
  // The policy as the field is left (the account is the admin's own), the common list on submit.
  await dialog.getByLabel('新密码', { exact: true }).fill(`${account} lamp`);
  await dialog.getByLabel('新密码', { exact: true }).blur();
  await expect(dialog.getByText('密码不能包含账号')).toBeVisible();
  await dialog.getByLabel('新密码', { exact: true }).fill('Password1234');
  await dialog.getByLabel('确认新密码').fill('Password1234');
  await ok.click();
  await expect(page.getByText('该密码过于常见，请换一个')).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('新密码', { exact: true }).fill(newPassword);
  await dialog.getByLabel('确认新密码').fill('Different2025');
  await dialog.getByLabel('确认新密码').blur();
  await expect(dialog.getByText('两次输入密码不一致！')).toBeVisible();

  await dialog.getByLabel('确认新密码').fill(newPassword);
  await ok.click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: '账号菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page.getByText('退出成功')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('backstageToken'))).toBeNull();

  // Without a session the back office sends the browser to the login page.
  await page.goto('/System/system/role');
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, account, newPassword);
  await expect(page.getByRole('button', { name: '账号菜单' })).toContainText('改密测试');
});

test('a session ended elsewhere answers Code 402: a toast, then the login page after a second', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  const token = await page.evaluate(() => localStorage.getItem('backstageToken'));
  // The same session signs out from another place (another tab, an administrator's action).
  await page.request.post('/api/XfSystemApi/Logout', { headers: { token: token! } });

  // The next call meets the ended session: here the shell's own, as the page is opened again.
  await page.reload();
  // The toast shows at once, but the login page loads afresh a second later: the reason is
  // shown there again, so the user reads it whenever they look (and so does this test).
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('无效的会话，或者会话已过期，请重新登录')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('backstageToken'))).toBeNull();
});
