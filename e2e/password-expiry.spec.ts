import { expect, look, test } from './test.js';
import { settled } from './helpers.js';
import { adminToken, openBackOffice, openFromSidebar, unique, type Envelope } from './admin-session.js';

/**
 * 角色 → 密码有效期: set alone in the role dialog, saved as shown, and the role's other settings
 * kept (the server's refusals and the expiry itself: password-expiry.test.ts).
 */

test('a role’s 密码有效期 is set alone and read back as shown, its other settings kept', async ({ page }, testInfo) => {
  const token = await adminToken(page.request);
  const roleName = unique('档案管理');
  const created = (await (
    await page.request.post('/api/XfSystemApi/SaveRole', {
      headers: { token },
      data: { RoleName: roleName, Remark: '保管会员档案', Status: 1, RequireTotp: 1, MenuIds: [] },
    })
  ).json()) as Envelope<number>;
  expect(created.Code, created.Message).toBe(200);

  await openBackOffice(page);
  await openFromSidebar(page, '系统管理', '角色管理');
  await page.getByRole('row').filter({ hasText: roleName }).getByRole('button', { name: '修改' }).click();
  const dialog = page.getByRole('dialog', { name: '修改角色' });
  await settled(dialog);
  const days = dialog.getByLabel('密码有效期');
  await expect(days).toHaveValue('0');
  await days.fill('90');
  await look(page, testInfo.outputPath('role-password-expiry-1440.png'));
  await page.setViewportSize({ width: 375, height: 812 });
  await look(page, testInfo.outputPath('role-password-expiry-375.png'));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();

  const role = (await (await page.request.get(`/api/XfSystemApi/GetRole/${created.Data}`, { headers: { token } })).json()) as Envelope<{
    PasswordMaxDays: number;
    RequireTotp: number;
    Remark: string;
    Status: number;
  }>;
  expect(role.Data).toMatchObject({ PasswordMaxDays: 90, RequireTotp: 1, Remark: '保管会员档案', Status: 1 });
});
