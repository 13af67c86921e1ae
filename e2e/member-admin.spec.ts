import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './test.js';
import { settled } from './helpers.js';
import { openBackOffice, openFromSidebar, unique, type Envelope } from './admin-session.js';
import { applyForMembership } from './member-session.js';

/** The back office's member pages: reviewing an application (reject, resubmission, approve) and the suggestion box. */

async function post<T>(request: APIRequestContext, name: string, data: object, token?: string): Promise<T> {
  const res = await request.post(`/api/XfWebApi/${name}`, { data, headers: token ? { token } : {} });
  const body = (await res.json()) as Envelope<T>;
  expect(body.Code, `${name}: ${body.Message}`).toBe(200);
  return body.Data;
}

/** Picks the first option of an antd select with the keyboard (the list shows the first option active). */
async function chooseFirst(page: Page, select: Locator) {
  await select.click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toHaveCount(1);
  await select.press('Enter');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** The list row of one account, after searching for it. */
async function findRow(page: Page, account: string): Promise<Locator> {
  await page.getByLabel('关键字').fill(account);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row').filter({ hasText: account });
  await expect(row).toHaveCount(1);
  return row;
}

test('an application is rejected with a reason, resubmitted and approved in 会员列表', async ({ page }) => {
  const account = unique('rv');
  const application = await applyForMembership(page.request, account, 'Apply-lamp-2024');

  await openBackOffice(page);
  await openFromSidebar(page, '会员管理', '会员列表');
  let row = await findRow(page, account);
  await expect(row.getByText('审核中')).toBeVisible();

  // 不通过 needs a reason; the attachment and the submission are shown.
  await row.getByRole('button', { name: '审核' }).click();
  const review = page.getByRole('dialog', { name: '入会审核' });
  await expect(review.getByText(application.MemberName)).toBeVisible();
  // The papers are private: they download through the guarded call, under their own name.
  const papers = review.getByRole('link', { name: '申请材料.pdf' });
  await expect(papers).toHaveAttribute('href', /\/api\/XfSysBussiness\/GetMemberFile\/\d+$/);
  const downloading = page.waitForEvent('download');
  await papers.click();
  expect((await downloading).suggestedFilename()).toBe('申请材料.pdf');
  await expect(review.getByText('提交申请')).toBeVisible();
  await review.getByRole('button', { name: /不通过/ }).click();
  await expect(review.getByText('请输入审核不通过原因')).toBeVisible();
  await review.getByLabel(/不通过原因/).fill('营业执照复印件缺失');
  await review.getByRole('button', { name: /不通过/ }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(review).toBeHidden();
  await expect(row.getByText('未通过')).toBeVisible();

  // The member dialog shows the reason in red.
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑会员信息' });
  await expect(edit.getByText('未通过原因：营业执照复印件缺失')).toBeVisible();
  await expect(edit.getByLabel('公司名称')).toHaveValue(application.MemberName);
  await expect(edit.getByLabel('账号')).toBeDisabled();
  await edit.getByRole('button', { name: /取\s*消/ }).click();
  await expect(edit).toBeHidden();

  // The applicant resubmits with the application token of the rejected sign-in.
  const login = await page.request.post('/api/XfWebApi/GetLoginToken', { data: { str1: account, str2: application.Pwd } });
  const rejected = (await login.json()) as Envelope<string> & { Token: string };
  expect(rejected.Code).toBe(511);
  await post(page.request, 'ApplyMember', { ...application, MemberName: '已补正的申请单位', Pwd: 'Resubmit-lamp-2024' }, rejected.Token);

  row = await findRow(page, account);
  await expect(row.getByText('审核中')).toBeVisible();
  await row.getByRole('button', { name: '审核' }).click();
  await expect(review.getByText('已补正的申请单位')).toBeVisible();
  // The history is read afresh: it lists the resubmission beside the first submission and the rejection.
  await expect(review.getByText('提交申请', { exact: true })).toHaveCount(2);
  await expect(review.getByText('原因：营业执照复印件缺失')).toBeVisible();
  await expect(review.getByText('审核不通过')).toBeVisible();
  await review.getByRole('button', { name: /^通\s*过$/ }).click();
  await expect(review).toBeHidden();
  await expect(row.getByText('已通过')).toBeVisible();

  // Approved, the member signs in.
  const approved = (await (
    await page.request.post('/api/XfWebApi/GetLoginToken', { data: { str1: account, str2: 'Resubmit-lamp-2024' } })
  ).json()) as Envelope<string>;
  expect(approved.Code, approved.Message).toBe(200);
});

test('建议留言 lists a suggestion from the site, marks it read and deletes it', async ({ page }) => {
  const content = `希望增加更多线上培训 ${unique('s')}`;
  await post(page.request, 'SavePropose', { Mobile: '13900139000', ProposeContent: content });

  await openBackOffice(page);
  await openFromSidebar(page, '会员管理', '建议留言');
  await page.getByLabel('关键字').fill(content);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row').filter({ hasText: content });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('未读')).toBeVisible();
  await row.getByRole('button', { name: '标记已读' }).click();
  await expect(row.getByText('已读')).toBeVisible();

  await row.getByRole('button', { name: '删除' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByText('操作成功').first()).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('新增会员 adds a member who joins directly; 停用 asks first and stops the sign-in', async ({ page }) => {
  const account = unique('nm');
  await openBackOffice(page);
  await openFromSidebar(page, '会员管理', '会员列表');

  await page.getByRole('button', { name: '新增会员' }).click();
  const dialog = page.getByRole('dialog', { name: '新增会员' });
  // The dialog is taller than the window: a click on 确定 while it still grows lands on a field.
  await settled(dialog);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('请输入公司名称')).toBeVisible();
  await dialog.getByLabel('账号').fill(account);
  await dialog.getByLabel('密码').fill('Member-lamp-2024');
  await dialog.getByLabel('公司名称').fill('  后台新增的会员单位  ');
  await dialog.getByLabel('负责人').fill('孙八');
  await chooseFirst(page, dialog.getByLabel('单位归类'));
  await chooseFirst(page, dialog.getByLabel('会员等级'));
  await dialog.getByLabel('手机号码').fill('13500135000');
  await dialog.getByLabel('邮箱').fill(`${account}@example.com`);
  await dialog.getByLabel('职工人数').fill('120');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();

  const row = await findRow(page, account);
  await expect(row.getByText('后台新增的会员单位', { exact: true })).toBeVisible();
  await expect(row.getByText('已通过')).toBeVisible();
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑会员信息' });
  await expect(edit.getByLabel('职工人数')).toHaveValue('120');
  await expect(edit.getByText(/未通过原因/)).toHaveCount(0);
  await edit.getByRole('button', { name: /取\s*消/ }).click();

  await row.getByRole('button', { name: '停用' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /停\s*用/ })
    .click();
  await expect(row.getByRole('button', { name: '启用' })).toBeVisible();
  const login = (await (
    await page.request.post('/api/XfWebApi/GetLoginToken', { data: { str1: account, str2: 'Member-lamp-2024' } })
  ).json()) as Envelope<string>;
  expect(login.Message).toBe('账号已停用，请联系管理员');
});
