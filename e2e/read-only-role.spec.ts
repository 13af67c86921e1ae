import type { Page } from '@playwright/test';
import { expect, test } from './test.js';
import { settled } from './helpers.js';
import { adminToken, createAdminAccount, openBackOffice, openFromSidebar, unique, type Envelope } from './admin-session.js';

/**
 * A read-only role: 文章管理 granted without any of its buttons in the role dialog's tree (with
 * its 展开/折叠 and 全选/全不选), an administrator holding it sees the list and no button that
 * writes, and the server refuses a write all the same.
 */

const grantTree = (page: Page) => page.getByRole('dialog', { name: '新增角色' }).getByRole('tree');
// A tree item's name is its title (after the expander's icon label when it has children), then its tag.
const grant = (page: Page, title: string) => grantTree(page).getByRole('treeitem', { name: new RegExp(`(^|\\s)${title}( (按钮|页面))?$`) });

test('a role granted only a page’s list shows the list without edit buttons, and writes are refused', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const roleName = unique('文章查看');
  const account = unique('reader_');
  const password = 'Reader-lamp-2024';
  await openBackOffice(page);

  await openFromSidebar(page, '系统管理', '角色管理');
  await page.getByRole('button', { name: /新增角色/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增角色' });
  await dialog.getByLabel('角色名称').fill(roleName);

  // 全选/全不选 checks every entry and clears them again.
  const all = dialog.getByRole('checkbox', { name: '全选/全不选' });
  await all.check();
  await expect(grant(page, '新增文章')).toHaveAttribute('aria-checked', 'true');
  await all.uncheck();
  await expect(grant(page, '新增文章')).toHaveAttribute('aria-checked', 'false');

  // 展开/折叠 folds the tree; opening 内容管理 and 文章管理 shows that page's entries only.
  await dialog.getByRole('checkbox', { name: '展开/折叠' }).uncheck();
  await expect(grant(page, '文章管理')).toHaveCount(0);
  // Each branch is opened once the tree has finished drawing the one above it: rc-tree draws
  // opening children in a temporary motion wrapper whose switchers do not answer yet.
  for (const branch of ['内容管理', '文章管理']) {
    await expect(grantTree(page).locator('.ant-tree-treenode-motion')).toHaveCount(0);
    await grant(page, branch).locator('.ant-tree-switcher').click();
    await expect(grant(page, branch)).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(grant(page, '查看')).toHaveCount(1);
  await grant(page, '查看').getByRole('checkbox').click();
  // The page is granted by itself: half checked, none of its buttons with it.
  await expect(grant(page, '文章管理')).toHaveAttribute('aria-checked', 'mixed');
  await expect(grant(page, '新增文章')).toHaveAttribute('aria-checked', 'false');
  await expect(grant(page, '修改文章')).toHaveAttribute('aria-checked', 'false');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();

  // Opened again, the role shows the same grant.
  const row = page.getByRole('row').filter({ hasText: roleName });
  await row.getByRole('button', { name: '修改' }).click();
  const edit = page.getByRole('dialog', { name: '修改角色' });
  await expect(edit.getByRole('treeitem', { name: /(^|\s)文章管理$/ })).toHaveAttribute('aria-checked', 'mixed');
  await settled(edit);
  await edit.getByRole('button', { name: /取\s*消/ }).click();

  // An administrator with that role (made through the API, as the admin page is tested elsewhere).
  const token = await adminToken(page.request);
  const roles = (await (
    await page.request.get('/api/XfSystemApi/GetRoleList', { headers: { token }, params: { pageindex: '1', pagesize: '999' } })
  ).json()) as Envelope<{ List: { RoleId: number; RoleName: string }[] }>;
  const roleId = roles.Data.List.find((r) => r.RoleName === roleName)?.RoleId;
  expect(roleId).toBeDefined();
  await createAdminAccount(page.request, token, { Account: account, FullName: '文章查看员', RoleId: roleId! }, password);

  const reader = await (await browser.newContext()).newPage();
  await openBackOffice(reader, { as: { account, password } });
  await openFromSidebar(reader, '内容管理', '文章管理');
  await expect(reader).toHaveTitle('文章管理 · 后台管理系统');
  await expect(reader.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(reader.getByRole('button', { name: /新增文章/ })).toHaveCount(0);
  await expect(reader.getByRole('button', { name: /^(修改|删除)$/ })).toHaveCount(0);
  await expect(reader.getByRole('menu', { name: '后台导航' }).getByRole('menuitem', { name: '栏目管理' })).toHaveCount(0);

  // The server is the authority: a write with this administrator's token is refused.
  const readerToken = await adminToken(reader.request, account, password);
  const write = (await (
    await reader.request.post('/api/XfSysBussiness/SaveNews', {
      headers: { token: readerToken },
      data: { NewsId: 0, Title: '只读角色不能写', MenuId: 1, NewContent: '<p>正文</p>' },
    })
  ).json()) as Envelope<unknown>;
  expect(write).toEqual({ Code: 403, Message: '当前操作没有权限', Data: null });
  await reader.context().close();
});
