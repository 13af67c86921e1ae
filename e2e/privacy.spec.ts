import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { ListDto, PrivacyPolicyDto, PublicPrivacyPolicyDto } from '@portal/shared';
import { expect, look, test } from './test.js';
import { apiData, idNumber, settled } from './helpers.js';
import { addMember, MEMBER_PASSWORD, memberPage } from './activity-session.js';
import { adminToken, editorReady, openBackOffice, openFromSidebar, unique, type Envelope } from './admin-session.js';

/**
 * 隐私政策 end to end: a visitor reaches the policy from the footer, at 375 and 1440 px, and reads
 * that 邮件打开跟踪 is off by default; staff write a new version from the current text in 系统管理 →
 * 隐私政策, change its 变更说明 alone (the text stays as saved), publish it; the site shows it at
 * once, with the earlier version a link away.
 */

async function versions(request: APIRequestContext, token: string): Promise<PrivacyPolicyDto[]> {
  const res = await request.get('/api/XfSysBussiness/GetPrivacyPolicyList', { params: { pagesize: 100 }, headers: { token } });
  const body = (await res.json()) as Envelope<ListDto<PrivacyPolicyDto>>;
  expect(body.Code, body.Message).toBe(200);
  return body.Data.List;
}

async function currentPolicy(request: APIRequestContext): Promise<PublicPrivacyPolicyDto> {
  const body = (await (await request.get('/api/XfWebApi/GetPrivacyPolicy')).json()) as Envelope<PublicPrivacyPolicyDto>;
  expect(body.Code, body.Message).toBe(200);
  return body.Data;
}

test('a visitor reads the policy from the footer; staff publish a new version from the current text and the site shows it, the earlier one kept', async ({
  page,
  browser,
}, testInfo) => {
  const visitor = await (await browser.newContext()).newPage();
  const before = await currentPolicy(visitor.request);
  for (const width of [375, 1440]) {
    await visitor.setViewportSize({ width, height: 900 });
    await visitor.goto('/home');
    await visitor.getByRole('contentinfo').getByRole('link', { name: '隐私政策' }).click();
    await expect(visitor).toHaveURL(/\/privacy$/);
    await expect(visitor.getByRole('heading', { level: 1, name: '隐私政策' })).toBeVisible();
    await expect(visitor.getByText(`第${before.Version}版 ·`)).toBeVisible();
    await look(visitor, testInfo.outputPath(`privacy-${width}.png`), { fullPage: true });
  }
  const firstVersion = before.Versions.at(-1)!.Version;

  // Staff: a new version on the current text, one paragraph added at its end.
  const summary = unique('补充短信通知说明');
  const addition = unique('我们通过短信服务商向会员手机发送活动提醒');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page);
  await openFromSidebar(page, '系统管理', '隐私政策');
  const currentRow = page.locator('.ant-table-row', { hasText: '现行版本' });
  await expect(currentRow).toContainText(`第${before.Version}版`);
  await page.getByRole('button', { name: /新增版本/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增隐私政策草稿' });
  await settled(dialog);
  await editorReady(page);
  const body = page.frameLocator('.tox-edit-area iframe').locator('body');
  // The draft starts from the text visitors read (every version descends from the shipped one).
  await expect(body).toContainText('邮件打开跟踪默认关闭');
  await body.click();
  await body.press('Control+End');
  await body.press('Enter');
  await body.pressSequentially(addition);
  await dialog.getByLabel('变更说明').fill(summary);
  await look(page, testInfo.outputPath('privacy-draft-dialog-1440.png'));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  const draftRow = page.locator('.ant-table-row', { hasText: summary });
  await expect(draftRow).toContainText('草稿');
  const token = await adminToken(page.request);
  const saved = (await versions(page.request, token)).find((p) => p.Summary === summary)!;
  expect(saved).toMatchObject({ Version: 0, PublishTime: '' });
  expect(saved.Content).toContain(addition);
  expect(saved.Content).toContain('邮件打开跟踪默认关闭');

  // 变更说明 alone: the text stays as saved.
  await draftRow.getByRole('button', { name: '修改' }).click();
  const editing = page.getByRole('dialog', { name: '修改隐私政策草稿' });
  await settled(editing);
  await editorReady(page);
  await expect(editing.getByLabel('变更说明')).toHaveValue(summary);
  await editing.getByLabel('变更说明').fill(`${summary}和用途`);
  await editing.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(editing).toBeHidden();
  const edited = (await versions(page.request, token)).find((p) => p.Id === saved.Id)!;
  expect(edited).toMatchObject({ Summary: `${summary}和用途`, Content: saved.Content, Version: 0 });

  // 发布: the draft becomes the current version; the one before it is history.
  const publishedRow = page.locator('.ant-table-row', { hasText: `${summary}和用途` });
  await publishedRow.getByRole('button', { name: '发布' }).click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /^发\s*布$/ })
    .click();
  const next = before.Version + 1;
  await expect(publishedRow).toContainText(`第${next}版`);
  await expect(publishedRow).toContainText('现行版本');
  await expect(publishedRow.getByRole('button', { name: '修改' })).toHaveCount(0);
  await expect(page.locator('.ant-table-row', { hasText: `第${before.Version}版` })).toContainText('历史版本');
  await look(page, testInfo.outputPath('privacy-admin-1440.png'));

  // The site: the new version at once, the first one a link away.
  await visitor.setViewportSize({ width: 375, height: 900 });
  await visitor.goto('/privacy');
  await expect(visitor.getByText(`第${next}版 ·`)).toBeVisible();
  await expect(visitor.getByText(addition)).toBeVisible();
  await expect(visitor.getByText(`${summary}和用途`).first()).toBeVisible();
  const history = visitor.getByRole('table', { name: '隐私政策历次版本' });
  await history.getByRole('link', { name: `第${firstVersion}版` }).click();
  await expect(visitor).toHaveURL(new RegExp(`/privacy\\?Version=${firstVersion}$`));
  await expect(visitor.getByRole('note')).toContainText(`现行版本为第${next}版`);
  await expect(visitor.getByText('邮件打开跟踪默认关闭')).toBeVisible();
  await expect(visitor.getByText(addition)).toHaveCount(0);
  await look(visitor, testInfo.outputPath('privacy-earlier-375.png'), { fullPage: true });
  await visitor.getByRole('note').getByRole('link', { name: '查看现行版本' }).click();
  await expect(visitor.getByText(addition)).toBeVisible();
  await visitor.context().close();
});

/** A new member company, signed in on a phone-sized page of its own. */
async function newMemberOnPhone(page: Page, browser: Browser, name: string) {
  const admin = await adminToken(page.request);
  const level = (await apiData<{ Id: number }[]>(page.request, 'GetTypeList', { type: 2 }))[0]!.Id;
  const account = await addMember(page.request, admin, level, name);
  const { page: member } = await memberPage(browser, page.request, account, 375);
  return { admin, account, member };
}

test('a member reads and downloads what is held about them and asks for a correction; staff answer it and the member reads the answer', async ({
  page,
  browser,
}, testInfo) => {
  const { account, member } = await newMemberOnPhone(page, browser, '数据查阅测试单位');

  await member.goto('/member/data');
  await expect(member.getByRole('heading', { level: 1, name: '我的个人信息' })).toBeVisible();
  await expect(member.getByRole('button', { name: /会员资料/ })).toBeVisible();
  await expect(member.getByRole('cell', { name: '数据查阅测试单位' })).toBeVisible();
  await look(member, testInfo.outputPath('my-data-375.png'), { fullPage: true });
  const download = member.waitForEvent('download');
  await member.getByRole('button', { name: '下载副本（Excel）' }).click();
  expect((await download).suggestedFilename()).toMatch(/^我的个人信息-\d{4}-\d{2}-\d{2}\.xlsx$/);

  await member.getByLabel('请求内容').fill('联络人应为孙联络，请更正');
  await member.getByRole('button', { name: '提交请求' }).click();
  await expect(member.getByText('请求已提交，协会将在15个工作日内答复')).toBeVisible();
  const mine = member.getByRole('list', { name: '我的请求' }).getByRole('listitem').first();
  await expect(mine).toContainText('更正补充');
  await expect(mine).toContainText('办理中');

  // Staff answer it in 系统管理 → 个人信息请求.
  await openBackOffice(page);
  await openFromSidebar(page, '系统管理', '个人信息请求');
  const row = page.getByRole('row').filter({ hasText: account });
  await expect(row.getByText('办理中')).toBeVisible();
  await row.getByRole('button', { name: '办理' }).click();
  const dialog = page.getByRole('dialog', { name: '办理个人信息请求' });
  await settled(dialog);
  await expect(dialog).toContainText('联络人应为孙联络，请更正');
  await dialog.getByLabel('答复').fill('已将联络人更正为孙联络');
  await look(page, testInfo.outputPath('rights-handle-1440.png'));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('已办结')).toBeVisible();

  await member.reload();
  await expect(member.getByRole('list', { name: '我的请求' }).getByRole('listitem').first()).toContainText('答复：已将联络人更正为孙联络');
  await member.setViewportSize({ width: 1440, height: 900 });
  await look(member, testInfo.outputPath('my-data-1440.png'), { fullPage: true });
  await member.context().close();
});

test('a member asks for deletion; staff are warned, carry it out, and the member is signed out with their contact details gone', async ({
  page,
  browser,
}, testInfo) => {
  const { admin, account, member } = await newMemberOnPhone(page, browser, '删除请求测试单位');

  await member.goto('/member/data');
  await member.getByLabel('请求类型').click();
  await member.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^删除$/ }).click();
  await member.getByLabel('请求内容').fill('本单位已退会，请删除联系人信息');
  await member.getByRole('button', { name: '提交请求' }).click();
  await expect(member.getByText('请求已提交，协会将在15个工作日内答复')).toBeVisible();

  await openBackOffice(page);
  await openFromSidebar(page, '系统管理', '个人信息请求');
  const row = page.getByRole('row').filter({ hasText: account });
  await row.getByRole('button', { name: '办理' }).click();
  const dialog = page.getByRole('dialog', { name: '办理个人信息请求' });
  await settled(dialog);
  await expect(dialog.getByText('确定后立即删除此人的个人信息，不可恢复')).toBeVisible();
  const answer = `已按请求删除：${unique('')}`;
  await dialog.getByLabel('答复').fill(answer);
  await look(page, testInfo.outputPath('rights-erase-1440.png'));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  // The row now names the erased account; the answer lists what was deleted and kept.
  const answered = page.getByRole('row').filter({ hasText: answer });
  await expect(answered.getByText('已办结')).toBeVisible();
  const records = (await (await page.request.get('/api/XfSysBussiness/GetRightsRequestList', { headers: { token: admin } })).json()) as Envelope<
    ListDto<{ Answer: string; Account: string }>
  >;
  const mine = records.Data.List.find((r) => r.Answer.startsWith(answer))!;
  expect(mine.Account).toMatch(/^已注销\d+$/);
  expect(mine.Answer).toContain('已删除或匿名化：会员资料中的联系人、电话、邮箱、地址与申请材料（账号已注销）');

  // The member's session ended: the member area asks them to sign in, and the old account no longer signs in.
  await member.reload();
  await expect(member.getByRole('heading', { level: 1, name: '我的个人信息' })).toHaveCount(0);
  const again = (await (await page.request.post('/api/XfWebApi/GetLoginToken', { data: { str1: account, str2: MEMBER_PASSWORD } })).json()) as { Code: number };
  expect(again.Code).not.toBe(200);
  await member.context().close();
});

test('a certificate holder proves who they are, reads and downloads their records and asks for a correction; staff see it as a holder’s', async ({
  page,
  browser,
}, testInfo) => {
  const token = await adminToken(page.request);
  const holder = { name: '持证核验', idNum: idNumber(Math.floor(Math.random() * 1000)), certNum: unique('RIGHTS-').toUpperCase() };
  const saved = (await (
    await page.request.post('/api/XfSysBussiness/EditCertInfo', {
      headers: { token },
      data: {
        _certId: 0,
        _name: holder.name,
        _idNum: holder.idNum,
        _company: '示例建设工程有限公司',
        _examTime: '2025-03-16',
        _examStatus: 1,
        _certNum: holder.certNum,
        _issueDate: '2025-04-01',
      },
    })
  ).json()) as Envelope<number>;
  expect(saved.Code, saved.Message).toBe(200);

  const visitor = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  await visitor.goto('/certsearch');
  await visitor.getByRole('link', { name: '查阅、下载本人信息或申请更正、删除' }).click();
  await expect(visitor).toHaveURL(/\/certsearch\/rights$/);
  await expect(visitor.getByRole('heading', { level: 1, name: '持证人个人信息' })).toBeVisible();
  const form = visitor.getByRole('form', { name: '持证人身份核验' });
  await form.getByLabel('姓名').fill(holder.name);
  await form.getByLabel('证件号码').fill(holder.idNum);
  // Someone who knows the name and ID number but holds no certificate of theirs is refused.
  await form.getByLabel('证书编号或考试日期').fill('2025-03-16');
  await form.getByRole('button', { name: '核验身份' }).click();
  await expect(visitor.getByText('身份核验未通过：姓名、证件号码与证书编号（或考试日期）不符')).toBeVisible();
  await look(visitor, testInfo.outputPath('holder-verify-375.png'), { fullPage: true });
  await form.getByLabel('证书编号或考试日期').fill(holder.certNum.toLowerCase());
  await form.getByRole('button', { name: '核验身份' }).click();
  await expect(visitor.getByText(`已核验：${holder.name}`)).toBeVisible();
  await expect(visitor.getByRole('cell', { name: holder.certNum })).toBeVisible();
  await expect(visitor.getByRole('cell', { name: `${holder.idNum.slice(0, 6)}********${holder.idNum.slice(-4)}` }).first()).toBeVisible();
  await expect(visitor.getByText(holder.idNum)).toHaveCount(0);
  const download = visitor.waitForEvent('download');
  await visitor.getByRole('button', { name: '下载副本（Excel）' }).click();
  expect((await download).suggestedFilename()).toMatch(/^我的个人信息-\d{4}-\d{2}-\d{2}\.xlsx$/);

  await visitor.getByLabel('请求内容').fill('工作单位已变更为示例监理有限公司，请更正');
  await visitor.getByRole('button', { name: '提交请求' }).click();
  await expect(visitor.getByText('请求已提交，协会将在15个工作日内答复')).toBeVisible();
  await expect(visitor.getByRole('list', { name: '我的请求' })).toContainText('工作单位已变更为示例监理有限公司');
  await look(visitor, testInfo.outputPath('holder-data-375.png'), { fullPage: true });
  await visitor.setViewportSize({ width: 1440, height: 900 });
  await look(visitor, testInfo.outputPath('holder-data-1440.png'), { fullPage: true });

  await openBackOffice(page);
  await openFromSidebar(page, '系统管理', '个人信息请求');
  await expect(page.getByRole('row').filter({ hasText: '工作单位已变更为示例监理有限公司' })).toContainText(`${holder.name}（证书持有人）`);
  await visitor.context().close();
});
