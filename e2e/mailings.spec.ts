import type { APIRequestContext, Page } from '@playwright/test';
import type { MailingDto, MailingRecipientDto, MailTemplateDto, SegmentCountDto, SystemMailDto } from '@portal/shared';
import { expect, look, test } from './test.js';
import { axeFindings } from './axe.js';
import { adminToken, editorReady, openBackOffice, openFromSidebar, setEditorContent, unique, type Envelope } from './admin-session.js';

/**
 * 会员通知 end to end: staff write a template with merge variables (an unknown one refused beside
 * the form), compose a mailing from it to a segment and read the count of who it reaches,
 * preview it with a member's values, send it now, and open its record once the mail server has
 * every mail. Every saved field is read back through the API. Pages and dialogs are
 * photographed at 1440 and 375 px.
 */

const PHONE = { width: 375, height: 812 };
const DESK = { width: 1440, height: 900 };

async function shoot(page: Page, name: string) {
  for (const size of [DESK, PHONE]) {
    await page.setViewportSize(size);
    await look(page, test.info().outputPath(`${name}-${size.width}.png`), { fullPage: true });
  }
  await page.setViewportSize(DESK);
}

/** The part built here (a page's main, a dialog) has no accessibility violation at any impact; the shell's are a11y.spec.ts's. */
async function accessible(page: Page, what: string, include: string) {
  expect.soft(await axeFindings(page, { include, least: 'minor' }), `${what}: axe violations`).toEqual([]);
}

async function business<T>(request: APIRequestContext, token: string, path: string, params: Record<string, string | number> = {}): Promise<T> {
  const body = (await (await request.get(`/api/XfSysBussiness/${path}`, { headers: { token }, params })).json()) as Envelope<T>;
  expect(body.Code, body.Message).toBe(200);
  return body.Data;
}

/** The e2e server's mail seam (e2e/server.ts): mail on for this journey only. */
const mailSwitch = (request: APIRequestContext, on: boolean) => request.post('/__e2e/mail', { data: { on } });

test.afterEach(async ({ request }) => {
  await mailSwitch(request, false);
});

test('a template, a mailing composed from it to a segment, counted, previewed, sent and recorded', async ({ page }) => {
  test.setTimeout(180_000);
  await mailSwitch(page.request, true);
  const token = await adminToken(page.request);
  const name = unique('会费通知模板');
  const subject = `${name}：{{公司名称}}请续缴会费`;

  await openBackOffice(page);
  await openFromSidebar(page, '会员通知', '通知模板');
  await shoot(page, 'mailings-templates');
  await accessible(page, '通知模板', 'main');

  // The template: an unknown variable is refused beside the form, then the right one saved.
  await page.getByRole('button', { name: '新增模板' }).click();
  const dialog = page.getByRole('dialog', { name: '新增通知模板' });
  await editorReady(page);
  await dialog.getByLabel('模板名称').fill(name);
  await dialog.getByLabel('通知类别').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '会费' }).click();
  await dialog.getByLabel('通知标题').fill(`${name}：`);
  await dialog.getByRole('button', { name: '{{公司名称}}' }).click();
  await dialog.getByLabel('通知标题').press('End');
  await dialog.getByLabel('通知标题').pressSequentially('请续缴会费');
  await expect(dialog.getByLabel('通知标题')).toHaveValue(subject);
  await setEditorContent(page, '<p>{{联系人}}您好：贵单位的会籍有效期至{{有效期至}}。{{公司名}}</p>');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(dialog.getByRole('alert')).toContainText('模板中有未知的变量：{{公司名}}');
  await shoot(page, 'mailings-template-refused');
  await accessible(page, 'the template dialog', '.ant-modal');
  await setEditorContent(page, '<p>{{联系人}}您好：贵单位的会籍有效期至{{有效期至}}。</p>');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  const templates = await business<{ List: MailTemplateDto[] }>(page.request, token, 'GetMailTemplateList', { pagesize: 100 });
  const template = templates.List.find((t) => t.Name === name)!;
  expect(template).toMatchObject({ Category: 'dues', Subject: subject });
  expect(template.Body).toBe('<p>{{联系人}}您好：贵单位的会籍有效期至{{有效期至}}。</p>');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  // The mailing, from the template, to 有效 members of one level by e-mail.
  await openFromSidebar(page, '会员通知', '群发通知');
  await page.getByRole('button', { name: '新增通知' }).click();
  const compose = page.getByRole('dialog', { name: '新增通知' });
  await editorReady(page);
  await compose.getByLabel('通知模板').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click();
  await expect(compose.getByLabel('通知标题')).toHaveValue(subject);
  // The template's list closes (animated) before the levels' opens: the first option must be a level's.
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await compose.getByLabel('会员级别').click();
  const level = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  const levelName = (await level.textContent())!.trim();
  await level.click();
  await page.keyboard.press('Escape');
  await compose.getByRole('checkbox', { name: '有效', exact: true }).check();
  await shoot(page, 'mailings-compose');
  await accessible(page, 'the compose dialog', '.ant-modal');
  await compose.getByRole('button', { name: '确 定' }).click();
  // The template's 操作成功 may still be showing beside this one's: the last is this save's.
  await expect(page.getByText('操作成功').last()).toBeVisible();
  await expect(compose).toBeHidden();

  const list = await business<{ List: MailingDto[] }>(page.request, token, 'GetMailingList', { pagesize: 100 });
  const mailing = list.List.find((m) => m.Subject === subject)!;
  expect(mailing).toMatchObject({ Category: 'dues', TemplateId: template.Id, State: 'draft', Channels: ['email'] });
  expect(mailing.Body).toBe(template.Body);
  expect(mailing.Segment).toMatchObject({ States: [1], Regions: [], ActivityId: 0, FormId: 0, ElectionId: 0 });
  expect(mailing.Segment.LevelIds).toHaveLength(1);

  // The count the dialog showed is the server's for the saved segment.
  const counted = (await (
    await page.request.post('/api/XfSysBussiness/CountMailingSegment', {
      headers: { token },
      data: { Category: 'dues', Segment: mailing.Segment, Channels: ['email'] },
    })
  ).json()) as Envelope<SegmentCountDto>;
  expect(counted.Data.Recipients, `有效 members of ${levelName} with an address`).toBeGreaterThan(0);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: '修改' }).click();
  const edit = page.getByRole('dialog', { name: '修改通知' });
  const count = edit.getByLabel('发送人数');
  await expect(count.getByText(String(counted.Data.Matched), { exact: true }).first()).toBeVisible();
  await expect(count).toContainText(`将发送${counted.Data.Recipients}`);
  // A segment's activity is found by its name, not typed as an id (the mailing is not saved with it).
  await edit.getByLabel('报名活动').fill('会员大会');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '协会年度会员大会' }).click();
  await expect(edit.getByText(/^协会年度会员大会（\d{4}-\d{2}-\d{2}）$/).filter({ visible: true })).toHaveCount(1);
  await edit.getByRole('button', { name: '取 消' }).click();

  // 预览 with one recipient's values.
  // An admitted member, picked by part of the company name as staff would.
  const member = (
    await business<{ List: { MemberId: number; MemberName: string; Account: string }[] }>(page.request, token, 'GetMemberList', { pagesize: 1, applystate: 1 })
  ).List[0]!;
  await row.getByRole('button', { name: '预览' }).click();
  const preview = page.getByRole('dialog', { name: '预览' });
  await preview.getByLabel('会员').fill(member.MemberName);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `${member.MemberName}（${member.Account}）` }).click();
  await expect(preview.getByRole('heading', { level: 5 })).toContainText(member.MemberName);
  await shoot(page, 'mailings-preview');
  // Closed by its button: Escape goes to the member picker, which keeps the focus after the choice.
  await preview.locator('.ant-modal-close').click();
  await expect(preview).toBeHidden();

  // 发送: now.
  await row.getByRole('button', { name: '发送', exact: true }).click();
  const send = page.getByRole('dialog', { name: `发送：${subject}` });
  await shoot(page, 'mailings-send');
  await send.getByRole('button', { name: '发 送' }).click();
  await expect(page.getByText('已开始发送')).toBeVisible();

  // Every recipient's mail reaches the mail server, each with its own company's name.
  await expect(async () => {
    const sent = await business<MailingDto>(page.request, token, 'GetMailing', { mailingid: mailing.Id });
    expect(sent.State).toBe('sent');
    expect(sent.Counts).toMatchObject({ Recipients: counted.Data.Recipients, Sent: counted.Data.Recipients, Failed: 0 });
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  const received = ((await (await page.request.get('/__e2e/mail')).json()) as { received: { to: string[]; subject: string }[] }).received.filter((m) =>
    m.subject.startsWith(name),
  );
  expect(received).toHaveLength(counted.Data.Recipients);
  expect(received.every((m) => !m.subject.includes('{{'))).toBe(true);

  // The record: counts and recipients, each 已发送.
  await page.getByRole('button', { name: '查询' }).click();
  await expect(row).toContainText('已发送');
  await expect(row).toContainText(`${counted.Data.Recipients} / 0`);
  await row.getByRole('button', { name: '发送记录' }).click();
  const record = page.getByRole('dialog', { name: `发送记录：${subject}` });
  await expect(record.getByLabel('发送统计')).toContainText(`已发送${counted.Data.Recipients}`);
  const recipients = await business<{ List: MailingRecipientDto[]; TotalCount: number }>(page.request, token, 'GetMailingRecipients', {
    mailingid: mailing.Id,
    pagesize: 100,
  });
  expect(recipients.TotalCount).toBe(counted.Data.Recipients);
  await expect(record.getByRole('row', { name: new RegExp(recipients.List[0]!.MemberName) })).toContainText('已发送');
  await shoot(page, 'mailings-record');
  await accessible(page, 'the record drawer', '.ant-drawer');
  const download = page.waitForEvent('download');
  await record.getByRole('button', { name: '导出' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await page.keyboard.press('Escape');
  await expect(record).toBeHidden();

  // The member's own record says what they were sent: 会员列表 → 编辑 → 收到的通知.
  const first = recipients.List[0]!;
  const { List: members } = await business<{ List: { MemberId: number; Account: string }[] }>(page.request, token, 'GetMemberList', {
    pagesize: 1000,
    applystate: 1,
  });
  const account = members.find((m) => m.MemberId === first.MemberId)!.Account;
  await openFromSidebar(page, '会员管理', '会员列表');
  await page.getByLabel('关键字').fill(account);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const memberRow = page.getByRole('row').filter({ hasText: account });
  await expect(memberRow).toHaveCount(1);
  await memberRow.getByRole('button', { name: '编辑' }).click();
  const history = page.getByRole('dialog', { name: '编辑会员信息' }).getByRole('region', { name: '收到的通知' });
  await expect(history.getByRole('row').filter({ hasText: name })).toContainText('已发送');
  await history.scrollIntoViewIfNeeded();
  await shoot(page, 'mailings-member-history');
});

test('系统邮件: a mail edited in one field, previewed with examples as it stands, saved as shown, and restored to the default', async ({ page }) => {
  await page.setViewportSize(DESK);
  const token = await adminToken(page.request);
  const mails = () => business<{ List: SystemMailDto[] }>(page.request, token, 'GetSystemMailList').then((d) => d.List);
  const before = (await mails()).find((m) => m.Code === 'contribution-rejected')!;
  await openBackOffice(page);
  await openFromSidebar(page, '会员通知', '通知模板');
  await page.getByRole('tab', { name: '系统邮件' }).click();
  const row = page.getByRole('row').filter({ hasText: '投稿审核驳回' });
  await row.getByRole('button', { name: '修改' }).click();
  const dialog = page.getByRole('dialog', { name: '修改系统邮件' });
  const body = dialog.getByLabel('邮件内容');
  await expect(body).toHaveValue(before.Body);

  // The body alone: one line added at its start, not saved yet, and previewed as it stands.
  const line = `${unique('请按修改意见调整')}。`;
  await body.press('ControlOrMeta+Home');
  await body.pressSequentially(`${line}\n`);
  await dialog.getByRole('button', { name: '预览' }).click();
  const preview = dialog.getByRole('region', { name: '预览内容' });
  await expect(preview).toContainText('《工程质量潜在缺陷保险的风险管控实践》未通过审核');
  await expect(preview).toContainText(line);
  await expect(preview).toContainText('驳回原因：请补充案例的数据来源。');
  await expect(preview).not.toContainText('{{');
  await shoot(page, 'system-mail-preview');
  await accessible(page, 'the 系统邮件 dialog with its preview', '.ant-modal-wrap');

  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  const saved = (await mails()).find((m) => m.Code === 'contribution-rejected')!;
  expect(saved).toMatchObject({ Subject: before.Subject, Body: `${line}\n${before.Body}`, Customised: true });
  await expect(row).toContainText('已修改');

  await row.getByRole('button', { name: '恢复默认' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: '恢复默认' }).click();
  // The row's own 恢复默认 button says 默认 too: the restore is done when 已修改 is gone.
  await expect(row).not.toContainText('已修改');
  await expect(row).toContainText('默认');
  expect((await mails()).find((m) => m.Code === 'contribution-rejected')).toMatchObject({ Body: before.DefaultBody, Customised: false });
});

test('短信 without a provider: the screen says none is bundled, nothing can be sent, and the signature is saved as shown', async ({ page }) => {
  const token = await adminToken(page.request);
  await openBackOffice(page);
  await openFromSidebar(page, '会员通知', '短信');
  await expect(page.getByText('未接入短信服务商，短信不会发出')).toBeVisible();
  await expect(page.getByText('本系统未内置任何短信服务商')).toBeVisible();
  await expect(page.getByRole('switch', { name: '启用短信' })).toBeDisabled();
  await expect(page.getByRole('button', { name: '发送测试短信' })).toBeDisabled();
  await shoot(page, 'sms-settings');
  await accessible(page, '短信', 'main');

  const signName = `协会${unique('').slice(-6)}`;
  await page.getByLabel('短信签名').fill('【协会】');
  await page.getByRole('button', { name: '保存设置' }).click();
  await expect(page.getByText('短信签名应为2-12个字，不含【】')).toBeVisible();
  await page.getByLabel('短信签名').fill(signName);
  await page.getByRole('button', { name: '保存设置' }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  expect(await business(page.request, token, 'GetSmsSettings')).toEqual({ Provider: '', SignName: signName, Enabled: false, Ready: false });

  await page.getByRole('tab', { name: '短信记录' }).click();
  await expect(page.getByRole('table').getByRole('cell', { name: '暂无数据' })).toBeVisible();
  await shoot(page, 'sms-log');
});

test('发送设置: each field changed alone is saved as shown, and 打开跟踪 is off until turned on', async ({ page }) => {
  const token = await adminToken(page.request);
  const before = await business<{ PerMinute: number; TrackOpens: boolean }>(page.request, token, 'GetMailingSettings');
  expect(before.TrackOpens).toBe(false);
  await openBackOffice(page);
  await openFromSidebar(page, '会员通知', '群发通知');
  const open = async () => {
    await page.getByRole('button', { name: '发送设置' }).click();
    const dialog = page.getByRole('dialog', { name: '发送设置' });
    await expect(dialog.getByLabel('每分钟发送数量')).toHaveValue(
      String((await business<{ PerMinute: number }>(page.request, token, 'GetMailingSettings')).PerMinute),
    );
    return dialog;
  };
  try {
    let dialog = await open();
    await expect(dialog.getByRole('switch', { name: '打开跟踪' })).not.toBeChecked();
    await shoot(page, 'mailing-settings');
    await accessible(page, 'the 发送设置 dialog', '.ant-modal-wrap');
    await dialog.getByLabel('每分钟发送数量').fill(String(before.PerMinute + 7));
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('修改成功')).toBeVisible();
    expect(await business(page.request, token, 'GetMailingSettings')).toEqual({ PerMinute: before.PerMinute + 7, TrackOpens: false });

    dialog = await open();
    await dialog.getByRole('switch', { name: '打开跟踪' }).click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
    expect(await business(page.request, token, 'GetMailingSettings')).toEqual({ PerMinute: before.PerMinute + 7, TrackOpens: true });
  } finally {
    // The other journeys' mailings go out as before.
    const restored = await page.request.post('/api/XfSysBussiness/SaveMailingSettings', { headers: { token }, data: before });
    expect(((await restored.json()) as Envelope<unknown>).Code).toBe(200);
  }
});
