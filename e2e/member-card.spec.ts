import type { APIRequestContext } from '@playwright/test';
import { expect, look, test } from './test.js';
import { adminToken, type Envelope } from './admin-session.js';
import { call, member } from './member-session.js';
import { expectFilings } from './helpers.js';

/**
 * 电子会员证: a member opens /member/card, sees the card and downloads it and its signed
 * credential; the verification page the card's QR code opens says 有效, and 已吊销 once staff
 * revoke the card, while the member area then shows the server's reason instead of the card.
 */

interface CardClaims {
  id: string;
  credentialSubject: { memberNo: string; name: string };
}

/** The member's credential (GetMyMemberCredential), its claims read without checking (the API tests check the signature). */
async function credentialClaims(request: APIRequestContext, token: string): Promise<CardClaims> {
  const body = (await (await request.get('/api/XfWebApi/GetMyMemberCredential', { headers: { token } })).json()) as Envelope<string>;
  expect(body.Code, body.Message).toBe(200);
  return JSON.parse(Buffer.from(body.Data.split('.')[1]!, 'base64url').toString('utf8')) as CardClaims;
}

test('a member shows and downloads the electronic card; its verification page says 有效, then 已吊销 after staff revoke it', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminToken(request);
  const token = await member(request, admin, '会员证测试工程有限公司');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await page.evaluate((t) => localStorage.setItem('token', t), token);

  await page.goto('/member/card');
  const card = page.getByRole('img', { name: '电子会员证' });
  await expect(card).toBeVisible();
  expect(await card.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([1000, 630]);
  await look(page, testInfo.outputPath('member-card-1440.png'), { fullPage: true });

  const png = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载会员证' }).click();
  expect((await png).suggestedFilename()).toBe('电子会员证.png');
  const jwt = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载电子凭证' }).click();
  expect((await jwt).suggestedFilename()).toBe('电子会员凭证.jwt');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(card).toBeVisible();
  await look(page, testInfo.outputPath('member-card-375.png'), { fullPage: true });

  // What the QR code opens: the credential's id.
  const claims = await credentialClaims(request, token);
  const verify = new URL(claims.id).pathname;
  await page.goto(verify);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('会员资格有效');
  await expect(page.getByText('会员证测试工程有限公司')).toBeVisible();
  // The site's footer lines, as on every public page.
  await expectFilings(page.getByRole('contentinfo'));
  await look(page, testInfo.outputPath('member-card-verify-375.png'), { fullPage: true });

  await call(
    request,
    'XfSysBussiness/RevokeMemberCard',
    { MemberId: Number(claims.credentialSubject.memberNo.slice(2)), Revoke: true, Reason: '会员证转借他人' },
    admin,
  );
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('会员证已吊销');
  await expect(page.getByText('会籍状态')).toBeVisible();
  await expect(page.locator('dd', { hasText: '已吊销' })).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await look(page, testInfo.outputPath('member-card-verify-revoked-1440.png'), { fullPage: true });

  await page.goto('/member/card');
  await expect(page.getByText('电子会员证已被吊销，请联系协会')).toBeVisible();
  await expect(page.getByRole('img', { name: '电子会员证' })).toHaveCount(0);
  await look(page, testInfo.outputPath('member-card-revoked-1440.png'), { fullPage: true });
});
