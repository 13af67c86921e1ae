import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, look, test, waitingForApp } from './test.js';
import { adminToken, openBackOffice, openFromSidebar, unique, type Envelope } from './admin-session.js';
import { apiData, expectNoSidewaysScroll, settled } from './helpers.js';
import { call, member } from './member-session.js';

/**
 * Dues as a member sees them in 我的会籍: 如何续费 states the amount and the association's account
 * (收款账户, set by staff on 会员等级), and 缴费记录与收据 lists the member's payments, each receipt
 * shown with its seal, printed, or saved as a PDF from the print window; the receipt e-mail's link
 * opens one at once.
 */

const ACCOUNT = { AccountName: '中国建设工程保险风险管理协会', BankName: '中国工商银行北京西城支行', AccountNo: '0200 0012 3456 7890 123' };

async function get<T>(request: APIRequestContext, path: string, token: string): Promise<T> {
  const body = (await (await request.get(`/api/${path}`, { headers: { token } })).json()) as Envelope<T>;
  expect(body.Code, `${path}: ${body.Message}`).toBe(200);
  return body.Data;
}

const shot = (name: string) => `/tmp/membership-receipts/${name}.png`;

/** A page of its own signed in as the member (the token stored as the login dialog stores it). */
async function memberPage(browser: Browser, token: string, width: number): Promise<Page> {
  const page = waitingForApp(await (await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width, height: 900 } })).newPage());
  await page.goto('/home');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  return page;
}

/** Opens a receipt and waits for its seal; answers the dialog. */
async function openReceipt(page: Page, receiptNo: string) {
  await page.getByRole('button', { name: `查看收据 ${receiptNo}` }).click();
  const dialog = page.getByRole('dialog', { name: '收据' });
  await settled(dialog);
  const seal = dialog.getByRole('img', { name: '财务专用章' });
  await expect.poll(() => seal.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  return dialog;
}

/** The page's width holds: nothing scrolls sideways. */
/** A member of a paying level (¥1,200 a year, the first level, as membership-dues sets it); answers the member's token and id. */
async function payingMember(request: APIRequestContext, admin: string, company: string) {
  const token = await member(request, admin, company);
  const [level] = await apiData<{ Id: number }[]>(request, 'GetTypeList', { type: 2 });
  await call(request, 'XfSysBussiness/SaveMemberLevelTerms', { LevelId: level!.Id, AnnualFee: 1200, Term: 'year', GraceDays: 30, NeedsApproval: true }, admin);
  const { MemberId } = await get<{ MemberId: number }>(request, 'XfWebApi/GetMyMembership', token);
  return { token, memberId: MemberId };
}

test('a member views, prints and saves their receipts as PDF; the e-mail’s link opens one', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const admin = await adminToken(page.request);
  const company = `收据测试${unique('')}有限公司`;
  const { token, memberId } = await payingMember(page.request, admin, company);

  // Two payments, the later voided: both are the member's receipts.
  const paidOn = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const pay = () =>
    call<{ PaymentId: number; ReceiptNo: string; Cashier: string; TermFrom: string; TermTo: string }>(
      page.request,
      'XfSysBussiness/SaveMemberPayment',
      { MemberId: memberId, Amount: 1200, PaidOn: paidOn, Payer: company, Method: 'transfer' },
      admin,
    );
  const first = await pay();
  const second = await pay();
  await call(page.request, 'XfSysBussiness/VoidMemberPayment', { PaymentId: second.PaymentId, Reason: '重复登记' }, admin);

  const desk = await memberPage(browser, token, 1440);
  await desk.goto('/member/membership');
  const rows = desk.getByRole('region', { name: '缴费记录与收据' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(second.ReceiptNo);
  await expect(rows.nth(1)).toContainText('已作废');
  await expect(rows.nth(2)).toContainText(first.ReceiptNo);
  await expect(rows.nth(2)).toContainText('¥1,200.00');
  await expect(rows.nth(2)).toContainText(`${first.TermFrom} 至 ${first.TermTo}`);
  await expectNoSidewaysScroll(desk, '我的会籍 at 1440 px');
  await look(desk, shot('my-receipts-1440'), { fullPage: true });

  const receiptDialog = await openReceipt(desk, first.ReceiptNo);
  const receipt = receiptDialog.getByRole('article', { name: '会费收据' });
  await expect(receipt).toContainText(`收据编号：${first.ReceiptNo}`);
  await expect(receipt).toContainText('人民币壹仟贰佰元整');
  await expect(receipt).toContainText(`收款人：${first.Cashier}`);
  await expect(receiptDialog).toContainText('另存为PDF');
  await look(desk, shot('my-receipt-dialog-1440'));
  await desk.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => void w.printed++;
  });
  await receiptDialog.getByRole('button', { name: '打印 / 另存为PDF' }).click();
  expect(await desk.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // Printed (or saved as PDF), the receipt stands alone: no page, no dialog around it.
  await desk.emulateMedia({ media: 'print' });
  await expect(desk.getByRole('article', { name: '会费收据' })).toBeVisible();
  await expect(desk.getByRole('region', { name: '缴费记录与收据' })).toBeHidden();
  await expect(receiptDialog.getByRole('button', { name: '打印 / 另存为PDF' })).toBeHidden();
  await look(desk, shot('my-receipt-print'));
  await desk.emulateMedia({ media: 'screen' });
  await receiptDialog.getByRole('button', { name: '关 闭', exact: true }).click();
  await expect(receiptDialog).toBeHidden();

  // The receipt e-mail's link opens that receipt at once.
  await desk.goto(`/member/membership#receipt-${second.PaymentId}`);
  const linked = desk.getByRole('dialog', { name: '收据' });
  await expect(linked.getByRole('article', { name: '会费收据' })).toContainText(`收据编号：${second.ReceiptNo}`);
  await expect(linked.getByLabel('已作废')).toBeVisible();

  // On a phone: each payment a card of labelled lines, the receipt in a dialog that fits.
  const phone = await memberPage(browser, token, 375);
  await phone.goto('/member/membership');
  await expect(phone.getByRole('region', { name: '缴费记录与收据' }).getByRole('row').nth(2)).toContainText(first.ReceiptNo);
  await expectNoSidewaysScroll(phone, '我的会籍 at 375 px');
  await look(phone, shot('my-receipts-375'), { fullPage: true });
  const phoneDialog = await openReceipt(phone, first.ReceiptNo);
  await expect(phoneDialog.getByRole('article', { name: '会费收据' })).toContainText('人民币壹仟贰佰元整');
  await look(phone, shot('my-receipt-dialog-375'));
});

test('staff set the account on 会员等级; 如何续费 states the amount and the account', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const admin = await adminToken(page.request);
  const { token } = await payingMember(page.request, admin, `账户测试${unique('')}有限公司`);
  const unset = { AccountName: '', BankName: '', AccountNo: '' };
  try {
    await call(page.request, 'XfSysBussiness/SaveDuesAccount', unset, admin);
    const desk = await memberPage(browser, token, 1440);
    await desk.goto('/member/membership');
    const renew = desk.getByRole('region', { name: '如何续费' });
    await expect(renew).toContainText('应缴会费：¥1,200.00（人民币壹仟贰佰元整');
    await expect(renew).toContainText('缴费账户请联系协会秘书处获取');

    // 会员等级: 收款账户, not set, then set.
    await openBackOffice(page);
    await openFromSidebar(page, '会员管理', '会员等级');
    const card = page.locator('.ant-card').filter({ hasText: '收款账户' });
    await expect(card).toContainText('未设置');
    await card.getByRole('button', { name: '设置收款账户' }).click();
    const dialog = page.getByRole('dialog', { name: '设置收款账户' });
    await settled(dialog);
    await dialog.getByLabel('开户名称').fill(ACCOUNT.AccountName);
    await dialog.getByLabel('开户银行').fill(ACCOUNT.BankName);
    await dialog.getByLabel('银行账号').fill('6222-0212');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog.getByText('银行账号应为8-30位数字，可用空格分组')).toBeVisible();
    await dialog.getByLabel('银行账号').fill(ACCOUNT.AccountNo);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('收款账户已保存')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText(ACCOUNT.BankName);
    await expect(card).toContainText(ACCOUNT.AccountNo);
    await look(page, shot('dues-account-1440'), { fullPage: true });
    await page.setViewportSize({ width: 375, height: 900 });
    await expect(card).toContainText(ACCOUNT.AccountNo);
    await expectNoSidewaysScroll(page, '会费账户 at 375 px');
    await look(page, shot('dues-account-375'), { fullPage: true });

    // 我的会籍: the amount, the term it buys and the account, on a screen and on a phone.
    await desk.reload();
    await expect(renew).toContainText('应缴会费：¥1,200.00（人民币壹仟贰佰元整');
    await expect(renew).toContainText(/本次缴费的会籍期间：\d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}/);
    await expect(renew.getByRole('definition')).toHaveText([ACCOUNT.AccountName, ACCOUNT.BankName, ACCOUNT.AccountNo]);
    await expect(renew).not.toContainText('缴费账户请联系协会秘书处获取');
    await look(desk, shot('how-to-renew-1440'), { fullPage: true });
    const phone = await memberPage(browser, token, 375);
    await phone.goto('/member/membership');
    await expect(phone.getByRole('region', { name: '如何续费' }).getByRole('definition')).toHaveText([
      ACCOUNT.AccountName,
      ACCOUNT.BankName,
      ACCOUNT.AccountNo,
    ]);
    await expectNoSidewaysScroll(phone, '如何续费 at 375 px');
    await look(phone, shot('how-to-renew-375'), { fullPage: true });
  } finally {
    // The account is the site's: the other journeys find it as they left it (not set).
    await call(page.request, 'XfSysBussiness/SaveDuesAccount', unset, admin);
  }
});
