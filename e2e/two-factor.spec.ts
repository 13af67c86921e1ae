import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, look, test } from './test.js';
import { adminToken, createAdminAccount, signIn, submitSignIn, unique, type Envelope } from './admin-session.js';
import { settled } from './helpers.js';

/**
 * The second factor's journey: enrol from the account menu, then sign in with a code and with a
 * recovery code (used again: refused as used); then the recovery codes renewed from the account
 * menu (how many are left, the new ones downloaded and printed) and the old ones refused.
 */

/** RFC 6238 (SHA-1, 6 digits, 30 s) from its definition, as the admin's phone would compute it. */
function totp(secret: string, at: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret.replace(/\s/g, '')].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String(mac.readUInt32BE(offset) & 0x7fffffff)
    .slice(-6)
    .padStart(6, '0');
}

/** Types a recovery code into the second step of sign-in and sends it. */
const enterRecoveryCode = async (page: Page, code: string) => {
  await page.getByLabel('恢复码').fill(code);
  await page.getByLabel('恢复码').press('Enter');
};

const accountMenu = async (page: Page, item: string | RegExp) => {
  await page.getByRole('button', { name: '账号菜单' }).click();
  await page.getByRole('menuitem', { name: item }).click();
};

/** The 30-second step of a code at `at`. */
const stepOf = (at: number) => Math.floor(at / 30_000);

test('an admin enrols an authenticator, signs in with a code and once with a recovery code, and renews the codes', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const root = await adminToken(page.request);
  const roles = (await (await page.request.get('/api/XfSystemApi/GetRoleList', { headers: { token: root }, params: { pagesize: '999' } })).json()) as Envelope<{
    List: { RoleId: number; RoleName: string }[];
  }>;
  const roleId = roles.Data.List.find((r) => r.RoleName === '内容编辑')!.RoleId;
  const account = unique('totp');
  const password = 'Totp2024pass';
  await createAdminAccount(page.request, root, { Account: account, FullName: '二次验证员', RoleId: roleId }, password);

  // Another sign-in of the same account, elsewhere, before enrolment: it ends when the second factor goes on.
  const elsewhere = await adminToken(page.request, account, password);

  // Enrol: the QR code and the key as text; the key goes into the "phone" (this test).
  await signIn(page, account, password);
  await accountMenu(page, '开启二次验证');
  const dialog = page.getByRole('dialog', { name: '开启二次验证' });
  await expect(dialog.getByRole('img', { name: '二次验证二维码' })).toBeVisible();
  const secret = ((await dialog.getByLabel('密钥', { exact: true }).textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // The password again: a session left open is not enough to turn it on.
  await dialog.getByLabel('登录密码').fill(password);
  await dialog.getByLabel('动态验证码').fill(totp(secret, Date.now()));
  await dialog.getByLabel('动态验证码').press('Enter');

  // The recovery codes, this once, with a warning.
  const saved = page.getByRole('dialog', { name: '二次验证已开启，请保存恢复码' });
  await expect(saved.getByText('恢复码只显示这一次')).toBeVisible();
  const recovery = await saved.getByRole('list', { name: '恢复码' }).getByRole('listitem').allTextContents();
  expect(recovery).toHaveLength(10);
  // The codes' dialog replaces the enrolment's: clicked while it still zooms in, the click lands on the mask.
  await settled(saved);
  await saved.getByRole('button', { name: '我已保存，完成' }).click();
  await expect(saved).toBeHidden();
  const ended = (await (await page.request.get('/api/XfSystemApi/GetLoginUser', { headers: { token: elsewhere } })).json()) as Envelope<null>;
  expect(ended.Code).toBe(402);
  await page.getByRole('button', { name: '账号菜单' }).click();
  await expect(page.getByRole('menuitem', { name: '二次验证（已开启）' })).toBeVisible();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Password, then the code. The code that confirmed enrolment is used up; the next step's is
  // accepted (one step either side), and it is always after the used one.
  await submitSignIn(page, account, password);
  await expect(page.getByRole('heading', { name: '二次验证' })).toBeVisible();
  const signInAt = Date.now() + 30_000;
  await page.getByLabel('动态验证码').fill(totp(secret, signInAt));
  await page.getByLabel('动态验证码').press('Enter');
  await expect(page).toHaveURL(/\/System\/home$/);
  await accountMenu(page, '退出登录');
  await expect(page).toHaveURL(/\/login$/);

  // No phone at hand: a recovery code, once.
  await submitSignIn(page, account, password);
  await page.getByRole('button', { name: '手机不在身边？使用恢复码' }).click();
  await enterRecoveryCode(page, recovery[0]!);
  await expect(page).toHaveURL(/\/System\/home$/);
  await accountMenu(page, '退出登录');
  await expect(page).toHaveURL(/\/login$/);

  await submitSignIn(page, account, password);
  await page.getByRole('button', { name: '手机不在身边？使用恢复码' }).click();
  await enterRecoveryCode(page, recovery[0]!);
  await expect(page.getByText('该恢复码已使用过，请使用其他恢复码或动态验证码')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // Another of the codes still opens the back office.
  await enterRecoveryCode(page, recovery[1]!);
  await expect(page).toHaveURL(/\/System\/home$/);

  // 二次验证（已开启）: eight codes left; new ones for the password and a code of a step not used yet.
  await accountMenu(page, '二次验证（已开启）');
  const manage = page.getByRole('dialog', { name: '二次验证' });
  await expect(manage.getByRole('status', { name: '恢复码' })).toHaveText('恢复码：还有 8 个未使用（共 10 个）');
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    await settled(manage);
    await look(page, testInfo.outputPath(`manage-${width}.png`));
  }
  await expect.poll(() => stepOf(Date.now() + 30_000), { timeout: 45_000 }).toBeGreaterThan(stepOf(signInAt));
  await manage.getByLabel('登录密码').fill(password);
  await manage.getByLabel('动态验证码').fill(totp(secret, Date.now() + 30_000));
  await manage.getByRole('button', { name: '重新生成恢复码' }).click();
  const renewed = page.getByRole('dialog', { name: '恢复码已重新生成，请保存' });
  await expect(renewed.getByRole('list', { name: '恢复码' }).getByRole('listitem')).toHaveCount(10);
  const fresh = await renewed.getByRole('list', { name: '恢复码' }).getByRole('listitem').allTextContents();
  expect(fresh.filter((code) => recovery.includes(code))).toEqual([]);
  await settled(renewed);

  // 下载: a .txt file with the account and the ten codes.
  const download = page.waitForEvent('download');
  await renewed.getByRole('button', { name: /下\s*载/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`恢复码-${account}.txt`);
  const text = (await readFile(await file.path())).toString('utf8');
  expect(text).toContain(`账号：${account}`);
  for (const code of fresh) expect(text).toContain(code);
  // 打印: the browser's print, of a copy holding the codes alone.
  await page.evaluate(() => {
    window.print = () => void ((window as unknown as { printed: boolean }).printed = true);
  });
  await renewed.getByRole('button', { name: /打\s*印/ }).click();
  expect(await page.evaluate(() => (window as unknown as { printed?: boolean }).printed)).toBe(true);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    await settled(renewed);
    await look(page, testInfo.outputPath(`renewed-${width}.png`));
  }
  await page.emulateMedia({ media: 'print' });
  await look(page, testInfo.outputPath('renewed-print.png'));
  await page.emulateMedia({ media: 'screen' });
  await renewed.getByRole('button', { name: '我已保存，完成' }).click();
  await expect(renewed).toBeHidden();

  // The old codes no longer sign in; a new one does.
  await accountMenu(page, '退出登录');
  // Signed out first: a sign-in begun while 退出登录 was still on its way was reset by it.
  await expect(page).toHaveURL(/\/login$/);
  await submitSignIn(page, account, password);
  await page.getByRole('button', { name: '手机不在身边？使用恢复码' }).click();
  await enterRecoveryCode(page, recovery[2]!);
  await expect(page.getByText('动态验证码错误')).toBeVisible();
  await enterRecoveryCode(page, fresh[0]!);
  await expect(page).toHaveURL(/\/System\/home$/);
});
