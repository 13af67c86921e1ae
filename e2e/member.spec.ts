import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './test.js';
import { agreeToPrivacy, apiData, menuByName, settled } from './helpers.js';
import { adminToken, unique, type Envelope } from './admin-session.js';

/** The member journeys: application with an attachment, review, sign-in, member-only article, profile, password, logout; the suggestion box. */

/** An account no earlier run has used (the database lives for the whole test run). */
const uniqueAccount = () => unique('m');

/** Decides the application of `account` as the back office would (SaveApplyAudit): approve, or reject with a reason. */
async function review(request: APIRequestContext, account: string, rejection?: string) {
  const token = await adminToken(request);
  const list = (await (
    await request.get('/api/XfSysBussiness/GetMemberList', { headers: { token }, params: { key: account, pageindex: 1, pagesize: 10 } })
  ).json()) as Envelope<{
    List: { MemberId: number; Account: string }[];
  }>;
  const member = list.Data.List.find((m) => m.Account === account);
  expect(member, `application of ${account}`).toBeDefined();
  const res = await request.post('/api/XfSysBussiness/SaveApplyAudit', {
    headers: { token },
    data: { MemberId: member!.MemberId, ...(rejection ? { ApplyState: 2, ProcessItemName: rejection } : { ApplyState: 1 }) },
  });
  const body = (await res.json()) as Envelope<null>;
  expect(body.Code, body.Message).toBe(200);
}

/** The validation message `text` under a field of a form inside `scope` (placeholders may read the same). */
const fieldError = (scope: Locator, text: string) => scope.locator('.ant-form-item-explain-error').filter({ hasText: text });

/** Picks an option of the antd select labelled `label` in the dialog. */
async function choose(dialog: Locator, label: string) {
  const select = dialog.getByLabel(label);
  await select.click();
  // The dropdown of this select (the one holding its listbox), not one still closing.
  const listbox = `${await select.getAttribute('id')}_list`;
  await expect(dialog.page().locator(`.ant-select-dropdown:has([id="${listbox}"]) .ant-select-item-option`).first()).toBeVisible();
  // The keyboard picks the active (first) option; a click could land while error texts shift the layout.
  await select.press('Enter');
  await expect(select.locator('xpath=ancestor::div[contains(@class,"ant-form-item")][1]').locator('.ant-form-item-explain-error')).toHaveCount(0);
}

async function signIn(page: Page, account: string, password: string) {
  await page.getByRole('button', { name: '会员登录' }).first().click();
  const dialog = page.getByRole('dialog', { name: '会员登录' });
  await settled(dialog);
  await dialog.getByLabel('账号').fill(account);
  await dialog.getByLabel('密码').fill(password);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  return dialog;
}

test('a visitor applies, waits for review, then as a member reads, edits the profile, changes the password and logs out', async ({ page }) => {
  // The longest journey of the suite: application, review, sign-ins, article, profile, password.
  test.setTimeout(90_000);
  const account = uniqueAccount();
  const password = 'Apply-lamp-2024';
  const newPassword = 'Changed-lamp-2024';

  await page.goto('/home');
  await page.getByRole('button', { name: /入会申请/ }).click();
  const apply = page.getByRole('dialog', { name: '入会申请' });
  await settled(apply);
  await expect(apply.getByText('支持所有office格式文件，多个文件请压缩后上传')).toBeVisible();
  // Nothing filled: the spec's messages, and nothing is sent.
  await apply.getByRole('button', { name: /提交申请/ }).click();
  await expect(fieldError(apply, '请选择单位归类')).toBeVisible();
  await expect(fieldError(apply, '请输入公司名称')).toBeVisible();

  await choose(apply, '单位归类');
  await choose(apply, '会员等级');
  await apply.getByLabel('公司名称').fill('  端到端测试工程有限公司  ');
  await apply.getByLabel('负责人').fill('张三');
  await apply.getByLabel('手机号码').fill('123');
  await apply.getByLabel('手机号码').blur();
  await expect(fieldError(apply, '请输入正确电话号码')).toBeVisible();
  await apply.getByLabel('手机号码').fill('13800138000');
  await apply.getByLabel('账号').fill(account);
  await apply.getByLabel('密码').fill(password);
  await apply.getByLabel('邮箱').fill(`${account}@example.com`);
  await apply.getByLabel('联络人').fill('李四');
  const uploaded = page.waitForResponse((r) => r.url().includes('/api/XfWebApi/UploadFile'));
  await apply
    .locator('input[type=file]')
    .setInputFiles({ name: '申请材料.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n') });
  expect(((await (await uploaded).json()) as Envelope<string>).Code).toBe(200);
  await expect(apply.getByText('申请材料.pdf')).toBeVisible();
  await agreeToPrivacy(apply);
  await apply.getByRole('button', { name: /提交申请/ }).click();
  await expect(page.getByText('提交成功')).toBeVisible();
  await expect(apply).toBeHidden();

  // Under review: the sign-in is refused with the 510 message.
  const login = await signIn(page, account, password);
  await expect(login.getByText('入会申请审核中，请耐心等待')).toBeVisible();
  // The applicant's rights do not wait for the decision: their data opens from the dialog.
  await login.getByRole('button', { name: '查看我的个人信息' }).click();
  const data = page.getByRole('dialog', { name: '我的个人信息' });
  await expect(data.getByRole('button', { name: /会员资料/ })).toBeVisible();
  await expect(data.getByRole('cell', { name: '端到端测试工程有限公司' })).toBeVisible();
  await data.getByRole('button', { name: '关闭' }).click();
  await login.getByRole('button', { name: /取\s*消/ }).click();

  await review(page.request, account);
  await signIn(page, account, password);
  await expect(page.getByText('登录成功')).toBeVisible();
  const entrance = page.getByRole('navigation', { name: '会员与服务' });
  await expect(entrance.getByRole('button', { name: account })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  // A member-only journal article opens with its content.
  const journal = await menuByName(page.request, '协会期刊');
  const articles = await apiData<{ List: { NewsId: number; MenuId: number; Title: string; Status: number; IsMemberRead: boolean }[] }>(
    page.request,
    'GetNewsList',
    {
      pid: journal.MenuId,
      pageindex: 1,
      pagesize: 50,
    },
  );
  const memberOnly = articles.List.find((a: { IsMemberRead: boolean; Status: number }) => a.IsMemberRead && a.Status === 1);
  expect(memberOnly, 'a published member-only journal article').toBeDefined();
  await page.goto(`/info?MenuId=${memberOnly!.MenuId}&NewsId=${memberOnly!.NewsId}`);
  await expect(page.getByRole('heading', { name: memberOnly!.Title })).toBeVisible();
  await expect(page.getByText('该文章仅限会员阅读，请先登录')).toHaveCount(0);

  // 个人信息: required contact, then a saved change.
  await entrance.getByRole('button', { name: account }).click();
  const info = page.getByRole('dialog', { name: '用户信息' });
  await expect(info.getByLabel('账号')).toHaveValue(account);
  await expect(info.getByLabel('账号')).toBeDisabled();
  await expect(info.getByLabel('公司名称')).toHaveValue('端到端测试工程有限公司');
  await info.getByLabel('联络人').fill('');
  await info.getByRole('button', { name: /保\s*存/ }).click();
  await expect(fieldError(info, '请输入联络人')).toBeVisible();
  await info.getByLabel('联络人').fill('王五');
  await info.getByLabel('联系电话').fill('010-12345678');
  await info.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  const profile = await page.evaluate(async () => {
    const res = await fetch('/api/XfWebApi/GetUserInfo', { headers: { token: localStorage.getItem('token') ?? '' } });
    return ((await res.json()) as { Data: { DailyOperator: string; OperatorPhone: string } }).Data;
  });
  expect(profile).toMatchObject({ DailyOperator: '王五', OperatorPhone: '010-12345678' });

  // 修改密码: the mismatch is caught here, then the change succeeds and closes the dialog.
  await info.getByRole('tab', { name: '修改密码' }).click();
  await info.getByRole('button', { name: /确\s*定/ }).click();
  await expect(fieldError(info, '请输入旧密码')).toBeVisible();
  await expect(fieldError(info, '请输入新密码')).toBeVisible();
  await expect(fieldError(info, '请再次输入新密码')).toBeVisible();
  await info.getByLabel('旧密码').fill(password);
  // The policy is checked as the field is left: length, then the member's own account.
  await info.getByLabel('新密码', { exact: true }).fill('short pass');
  await info.getByLabel('新密码', { exact: true }).blur();
  await expect(fieldError(info, '密码至少12位')).toBeVisible();
  await info.getByLabel('新密码', { exact: true }).fill(`my ${account.toUpperCase()} lamp`);
  await info.getByLabel('新密码', { exact: true }).blur();
  await expect(fieldError(info, '密码不能包含账号')).toBeVisible();
  await info.getByLabel('新密码', { exact: true }).fill(newPassword);
  await info.getByLabel('确认新密码').fill('Other-lamp-2024');
  await info.getByLabel('确认新密码').blur();
  await expect(fieldError(info, '两次输入密码不一致！')).toBeVisible();
  await info.getByLabel('确认新密码').fill(newPassword);
  await page.getByText('修改成功').first().waitFor({ state: 'detached' });
  await info.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(info).toBeHidden();

  // 退出: back home, signed out; the new password signs in.
  await entrance.getByRole('button', { name: '退出' }).click();
  await expect(page.getByText('退出成功')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(entrance.getByRole('button', { name: '会员登录' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await signIn(page, account, newPassword);
  await expect(entrance.getByRole('button', { name: account })).toBeVisible();
});

test('a rejected applicant signs in, sees the reason and resubmits the application as corrected', async ({ page }) => {
  const account = uniqueAccount();
  const [companyType] = await apiData<{ Id: number }[]>(page.request, 'GetTypeList', { type: 1 });
  const [memberLevel] = await apiData<{ Id: number }[]>(page.request, 'GetTypeList', { type: 2 });
  const application = {
    CompanyType: companyType!.Id,
    MemberLevel: memberLevel!.Id,
    LegalPerson: '赵六',
    Account: account,
    Pwd: 'Apply-lamp-2024',
    MemberName: '被退回的申请单位',
    Email: `${account}@example.com`,
    OperatorPhone: '13700137000',
  };
  const applied = (await (await page.request.post('/api/XfWebApi/ApplyMember', { data: application })).json()) as Envelope<null>;
  expect(applied.Code, applied.Message).toBe(200);
  await review(page.request, account, '营业执照复印件缺失');

  await page.goto('/home');
  await signIn(page, account, application.Pwd);
  const apply = page.getByRole('dialog', { name: '入会申请' });
  await expect(apply.getByText('未通过原因：营业执照复印件缺失')).toBeVisible();
  await expect(apply.getByLabel('公司名称')).toHaveValue(application.MemberName);
  await expect(apply.getByLabel('账号')).toHaveValue(account);
  await expect(apply.getByLabel('账号')).toBeDisabled();
  await apply.getByLabel('公司名称').fill('已补正的申请单位');
  await apply.getByLabel('密码').fill('Resubmit-lamp-2024');
  await agreeToPrivacy(apply);
  await apply.getByRole('button', { name: /提交申请/ }).click();
  await expect(page.getByText('提交成功')).toBeVisible();
  await expect(apply).toBeHidden();

  // Back under review, with the new password.
  await signIn(page, account, 'Resubmit-lamp-2024');
  await expect(page.getByText('入会申请审核中，请耐心等待')).toBeVisible();
});

test('the suggestion box checks the mobile number and accepts a suggestion', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: '建议箱' }).click();
  const dialog = page.getByRole('dialog', { name: '建议箱' });
  await settled(dialog);
  await dialog.getByLabel('联系电话').fill('12345');
  await dialog.getByLabel('建议留言').fill('希望增加更多行业培训。');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(fieldError(dialog, '请输入正确手机号码')).toBeVisible();
  // One digit too many is kept as typed and refused, never cut down to another valid number.
  await dialog.getByLabel('联系电话').fill('138123456789');
  await expect(dialog.getByLabel('联系电话')).toHaveValue('138123456789');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(fieldError(dialog, '请输入正确手机号码')).toBeVisible();
  // A pasted number with spaces around it is trimmed first, then accepted.
  await dialog.getByLabel('联系电话').fill(' 13900139000 ');
  await expect(fieldError(dialog, '请输入正确手机号码')).toBeHidden();
  await agreeToPrivacy(dialog);
  const sent = page.waitForRequest((r) => r.url().includes('/api/XfWebApi/SavePropose'));
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  expect((await sent).postDataJSON()).toMatchObject({ Mobile: '13900139000' });
  await expect(page.getByText('提交成功')).toBeVisible();
  await expect(dialog).toBeHidden();
});
