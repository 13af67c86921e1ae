import type { Page } from '@playwright/test';
import { expect, test } from './test.js';
import { apiData, settled } from './helpers.js';
import { adminToken, openBackOffice, openFromSidebar, unique, type Envelope } from './admin-session.js';
import { call, member } from './member-session.js';

/** 会员等级 and 会费管理: a level's fee, dues recorded with a voucher, the receipt printed, a payment voided. */

/** A 1×1 PNG, as a photographed transfer slip would be sent. */
const voucherPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A back-office GET that must succeed; answers its Data. */
async function adminGet<T>(page: Page, token: string, name: string, params: Record<string, string | number>): Promise<T> {
  const body = (await (await page.request.get(`/api/XfSysBussiness/${name}`, { params, headers: { token } })).json()) as Envelope<T>;
  expect(body.Code, `${name}: ${body.Message}`).toBe(200);
  return body.Data;
}

/** The payment rows of one company in 会费管理, after searching for it. */
async function paymentRows(page: Page, company: string) {
  await page.getByLabel('关键字').fill(company);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  return page.getByRole('row').filter({ hasText: company });
}

test('staff set a level’s fee, record dues with a voucher, print the receipt and void it', async ({ page }) => {
  const token = await adminToken(page.request);
  const company = `会费测试${unique('')}有限公司`;
  await member(page.request, token, company);
  // member() admits the company at the first level of type list 2.
  const [level] = await apiData<{ Id: number; Name: string }[]>(page.request, 'GetTypeList', { type: 2 });

  await openBackOffice(page);

  // 会员等级: the level's fee, term and grace period.
  await openFromSidebar(page, '会员管理', '会员等级');
  const levelRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: level!.Name, exact: true }) });
  await levelRow.getByRole('button', { name: '设置会费' }).click();
  const terms = page.getByRole('dialog', { name: `修改会费标准（${level!.Name}）` });
  await settled(terms);
  await expect(terms.getByText('已有会员的有效期至不变')).toBeVisible();
  await terms.getByLabel('年费').fill('1200');
  await terms.getByLabel('一年').check();
  await terms.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('会费标准已保存')).toBeVisible();
  await expect(levelRow.getByRole('cell', { name: '¥1,200.00' })).toBeVisible();

  // 登记缴费: the member's standing and fee come with the choice.
  await openFromSidebar(page, '会员管理', '会费管理');
  await page.getByRole('button', { name: '登记缴费' }).click();
  const dialog = page.getByRole('dialog', { name: '登记缴费' });
  await settled(dialog);
  await dialog.getByLabel('会员', { exact: true }).fill(company);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: company }).click();
  await expect(dialog.getByRole('row').filter({ hasText: '年费' })).toContainText('¥1,200.00');
  await expect(dialog.getByLabel('金额')).toHaveValue('1200.00');
  await expect(dialog.getByLabel('付款单位')).toHaveValue(company);
  await expect(dialog.getByLabel('缴费日期')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await dialog.locator('input[type=file]').setInputFiles({ name: '转账回单.png', mimeType: 'image/png', buffer: voucherPng });
  await expect(dialog.getByText('转账回单.png')).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText(/^已登记缴费，有效期至\d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await dialog.getByRole('button', { name: /完\s*成/ }).click();

  // The list shows it with the year's next receipt number.
  const rows = await paymentRows(page, company);
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText('已收款');
  await expect(row).toContainText('¥1,200.00');
  const receiptNo = (await row.getByRole('cell').first().textContent())?.trim() ?? '';
  expect(receiptNo).toMatch(/^\d{4}-\d{4}$/);
  await expect(row.getByRole('button', { name: /^凭\s*证$/ })).toBeVisible();

  // The receipt: 大写, the seal, and alone on the printed page.
  await row.getByRole('button', { name: /^收\s*据$/ }).click();
  const receiptDialog = page.getByRole('dialog', { name: '收据' });
  await settled(receiptDialog);
  const receipt = receiptDialog.getByRole('article', { name: '会费收据' });
  await expect(receipt).toContainText(`收据编号：${receiptNo}`);
  await expect(receipt).toContainText('人民币壹仟贰佰元整');
  await expect(receipt).toContainText(company);
  const seal = receipt.getByRole('img', { name: '财务专用章' });
  await expect.poll(() => seal.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  await page.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => void w.printed++;
  });
  await receiptDialog.getByRole('button', { name: '打印 / 另存为PDF' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // Printed, a copy of the receipt stands alone: no dialog, no back office around it.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('article', { name: '会费收据' })).toBeVisible();
  await expect(page.getByRole('article', { name: '会费收据' })).toContainText('人民币壹仟贰佰元整');
  await expect(page.getByRole('menu', { name: '后台导航' })).toBeHidden();
  await expect(receiptDialog.getByRole('button', { name: '打印 / 另存为PDF' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await receiptDialog.getByRole('button', { name: '关 闭', exact: true }).click();

  // Only the member's latest payment may be voided: a second one, recorded meanwhile, blocks the first.
  const [first] = (await adminGet<{ List: { PaymentId: number; MemberId: number; PaidOn: string }[] }>(page, token, 'GetMemberPaymentList', { key: receiptNo }))
    .List;
  const second = await call<{ PaymentId: number }>(
    page.request,
    'XfSysBussiness/SaveMemberPayment',
    { MemberId: first!.MemberId, Amount: 1200, PaidOn: first!.PaidOn, Payer: company, Method: 'cash' },
    token,
  );
  const byReceipt = page.getByRole('row').filter({ has: page.getByRole('cell', { name: receiptNo, exact: true }) });
  await byReceipt.getByRole('button', { name: /^作\s*废$/ }).click();
  const voiding = page.getByRole('dialog', { name: '作废缴费记录' });
  await settled(voiding);
  await voiding.getByRole('button', { name: /作\s*废/ }).click();
  await expect(voiding.getByText('请输入作废原因')).toBeVisible();
  await voiding.getByLabel('作废原因').fill('重复登记');
  await voiding.getByRole('button', { name: /作\s*废/ }).click();
  await expect(page.getByText('只能作废该会员最近一笔有效的缴费记录')).toBeVisible();

  // Once the later one is voided, the first may be: kept, marked 已作废, with no 作废 left to press.
  await call(page.request, 'XfSysBussiness/VoidMemberPayment', { PaymentId: second.PaymentId, Reason: '测试' }, token);
  await voiding.getByRole('button', { name: /作\s*废/ }).click();
  await expect(page.getByText('已作废该缴费记录')).toBeVisible();
  await expect(voiding).toBeHidden();
  await expect(byReceipt).toContainText('已作废');
  await expect(byReceipt.getByRole('button', { name: /^作\s*废$/ })).toBeDisabled();
  await byReceipt.getByRole('button', { name: /^收\s*据$/ }).click();
  await expect(page.getByRole('dialog', { name: '收据' }).getByLabel('已作废')).toBeVisible();
});
