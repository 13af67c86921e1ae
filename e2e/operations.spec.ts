import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { expect, look, test } from './test.js';
import { adminToken, openBackOffice, openFromSidebar, submitSignIn, unique, type Envelope } from './admin-session.js';
import { dataDirOf } from './journey-servers.js';

/**
 * Operations journeys: 系统管理 → 接口令牌, and the forced password change after an operator's
 * `npm run cli -- admin reset-password` (run here against the journey server's data folder).
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const shots = '/tmp/shots-wt-ops';

/** The operator CLI on the data folder of the server at `port` (this worker's). */
async function cli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDirOf(port) },
  });
  return stdout;
}

async function systemCall<T>(request: APIRequestContext, token: string, name: string, data: object): Promise<T> {
  const res = await request.post(`/api/XfSystemApi/${name}`, { headers: { token }, data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.Code, `${name}: ${body.Message}`).toBe(200);
  return body.Data;
}

test('an administrator creates an API token, sees it once, uses it and revokes it', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page);
  await openFromSidebar(page, '系统管理', '接口令牌');
  const name = unique('exam-');

  await page.getByRole('button', { name: '新增接口令牌' }).click();
  const dialog = page.getByRole('dialog', { name: '新增接口令牌' });
  // Sent empty until it says what is missing: a click while the dialog still opens can go unheard.
  await expect(async () => {
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog.getByText('请输入令牌名称')).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await dialog.getByLabel('令牌名称').fill(name);
  // Typed into the select's search, then Enter picks the one match.
  await dialog.getByLabel('角色').fill('内容编辑');
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(1);
  await dialog.getByLabel('角色').press('Enter');
  await dialog.getByLabel('备注').fill('考试系统同步成绩');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();

  const shown = page.getByRole('dialog', { name: '接口令牌已创建' });
  await expect(shown.getByText('令牌只显示这一次')).toBeVisible();
  const token = (await shown.getByLabel('接口令牌').innerText()).trim();
  expect(token).toMatch(/^apt_/);
  await look(page, `${shots}/token-created-1440.png`);

  // The token opens the back-office calls of its role.
  const words = (await (await request.get('/api/XfSysBussiness/GetSensitiveWordList', { headers: { token } })).json()) as Envelope<unknown>;
  expect(words.Code).toBe(200);

  await shown.getByRole('button', { name: '我已保存' }).click();
  await expect(shown).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('有效')).toBeVisible();
  await expect(row.getByText('内容编辑')).toBeVisible();
  await expect(row).not.toContainText(token);
  await look(page, `${shots}/token-list-1440.png`);
  await page.setViewportSize({ width: 375, height: 800 });
  await look(page, `${shots}/token-list-375.png`);
  await page.setViewportSize({ width: 1440, height: 900 });

  await row.getByRole('button', { name: '吊销' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /吊\s*销/ })
    .click();
  await expect(row.getByText(/已吊销/)).toBeVisible();
  const refused = (await (await request.get('/api/XfSysBussiness/GetSensitiveWordList', { headers: { token } })).json()) as Envelope<unknown>;
  expect(refused.Code).toBe(402);
});

test('after an operator resets a password, the first sign-in must choose a new one', async ({ page, request, serverPort }) => {
  const superToken = await adminToken(request);
  const roles = (await (await request.get('/api/XfSystemApi/GetRoleList', { headers: { token: superToken }, params: { pagesize: 999 } })).json()) as Envelope<{
    List: { RoleId: number; RoleName: string }[];
  }>;
  const editor = roles.Data.List.find((r) => r.RoleName === '内容编辑')!;
  const account = unique('reset_');
  await systemCall(request, superToken, 'SaveAdminUser', {
    AdminId: 0,
    Account: account,
    FullName: '重置测试',
    Phone: '',
    RoleId: editor.RoleId,
    Status: 1,
    Password: 'Forgotten2024',
  });

  const generated = (await cli(serverPort, 'admin', 'reset-password', account)).trimEnd().split('\n').at(-1)!;
  await submitSignIn(page, account, generated);
  const dialog = page.getByRole('dialog', { name: '首次登录，请设置新密码' });
  await expect(dialog).toBeVisible();
  // It cannot be dismissed: no close button, no cancel.
  await expect(dialog.getByRole('button', { name: /取\s*消|Close/ })).toHaveCount(0);
  await look(page, `${shots}/forced-password-1440.png`);
  await dialog.getByLabel('旧密码').fill(generated);
  await dialog.getByLabel('新密码', { exact: true }).fill('Chosen-lamp-2025');
  await dialog.getByLabel('确认新密码').fill('Chosen-lamp-2025');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('menu', { name: '后台导航' })).toBeVisible();
});
