import type { APIRequestContext, Page } from '@playwright/test';
import { expect, look, test, withoutScript } from './test.js';
import { axeFindings } from './axe.js';
import { adminToken, captchaAnswer, editorReady, openBackOffice, unique, type Envelope } from './admin-session.js';
import { agreeToPrivacy, privacyVersion, settled } from './helpers.js';
import { member } from './member-session.js';

/**
 * 在线留言 end to end: a visitor asks on a phone and follows the message by its 查询码; staff set
 * up a department, assign the message to it, reply and publish; the answer appears on the public
 * page without the asker's phone, e-mail or full name; the asker rates it once. Every page built
 * for it is photographed at 1440 and 375 px.
 */

const PHONE = { width: 375, height: 812 };
const DESK = { width: 1440, height: 900 };

/**
 * An address of its own for each asker (the server trusts x-forwarded-for from its proxy): the
 * 5 messages an address may leave in 10 minutes, the suggestion box's included, are counted
 * apart from every other journey's (and every repetition's) on the loopback address.
 */
const askerAddress = () => ({ 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

/** The page as it stands has no accessibility violation at any impact (the states a11y.spec.ts does not reach). */
async function accessible(page: Page, what: string) {
  expect.soft(await axeFindings(page, { least: 'minor' }), `${what}: axe violations`).toEqual([]);
}

async function shoot(page: Page, name: string, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await look(page, test.info().outputPath(`${name}-${size.width}.png`), { fullPage: true });
}

/** GET an admin call's Data, checked. */
async function adminData<T>(request: APIRequestContext, token: string, path: string, params: Record<string, string | number> = {}): Promise<T> {
  const body = (await (await request.get(`/api/XfSysBussiness/${path}`, { headers: { token }, params })).json()) as Envelope<T>;
  expect(body.Code, body.Message).toBe(200);
  return body.Data;
}

/** A menu of its own whose 审核流程 is one step (终审) the super administrators decide; answers its id. */
async function reviewedMenu(request: APIRequestContext, token: string): Promise<number> {
  const menu = (await (
    await request.post('/api/XfSysBussiness/SaveMenu', {
      headers: { token },
      data: { MenuId: 0, ParentId: 0, Name: unique('留言答复审核'), Status: 0, SortNumber: 99 },
    })
  ).json()) as Envelope<number>;
  expect(menu.Code, menu.Message).toBe(200);
  const roles = (await (await request.get('/api/XfSystemApi/GetRoleList', { headers: { token }, params: { pagesize: 999 } })).json()) as Envelope<{
    List: { RoleId: number; RoleName: string }[];
  }>;
  const superRole = roles.Data.List.find((r) => r.RoleName === '超级管理员')!.RoleId;
  const Steps = [{ Name: '终审', RoleIds: [superRole], NoSelfReview: false }];
  const flow = (await (
    await request.post('/api/XfSysBussiness/SaveMenuReviewFlow', { headers: { token }, data: { MenuId: menu.Data, Steps } })
  ).json()) as Envelope<number>;
  expect(flow.Code, flow.Message).toBe(200);
  return menu.Data;
}

/** 留言设置's 答复须经审核 (0: off, as every other journey expects it). */
async function setReplyReview(request: APIRequestContext, token: string, ReplyReviewMenuId: number) {
  const saved = (await (
    await request.post('/api/XfSysBussiness/SaveMessageSettings', { headers: { token }, data: { ReplyReviewMenuId } })
  ).json()) as Envelope<unknown>;
  expect(saved.Code, saved.Message).toBe(200);
}

/** Opens 我要留言 and answers the captcha it shows (the test seam of e2e/server.ts). */
async function openAskForm(page: Page): Promise<string> {
  const captcha = page.waitForResponse((r) => r.url().includes('/api/XfWebApi/GetMessageCaptcha'));
  await page.getByRole('tab', { name: '我要留言' }).click();
  const ticket = ((await (await captcha).json()) as { Url: string }).Url;
  await expect(page.getByRole('img', { name: '验证码' })).toBeVisible();
  return captchaAnswer(page.request, ticket);
}

test('a visitor asks on a phone, staff assign, reply and publish, the answer is public without personal data, and the asker rates it', async ({ page }) => {
  test.setTimeout(180_000);
  const subject = unique('关于工程质量潜在缺陷保险投保流程的咨询');
  const fullName = '张三丰';
  const phone = '13912345678';
  const email = `asker${Date.now()}@example.cn`;

  // The visitor, on a phone.
  await page.setExtraHTTPHeaders(askerAddress());
  await page.setViewportSize(PHONE);
  await page.goto('/messages');
  await expect(page.getByRole('heading', { level: 1, name: '在线留言' })).toBeVisible();
  await shoot(page, 'messages-answers-empty', PHONE);

  const answer = await openAskForm(page);
  // Refused before anything is sent: the server's own words under each field.
  await page.getByRole('button', { name: '提交留言' }).click();
  await expect(page.getByText('请选择留言类别')).toBeVisible();
  await expect(page.getByText('请填写联系电话或电子邮箱')).toBeVisible();
  await page.getByLabel('留言类别').selectOption({ index: 1 });
  await page.getByLabel('留言标题').fill(subject);
  await page.getByLabel('留言内容').fill(`我单位承建的住宅项目需投保工程质量潜在缺陷保险，请问办理流程和所需材料？联系人${fullName}，电话${phone}。`);
  await page.getByLabel('姓名', { exact: true }).fill(fullName);
  await page.getByLabel('联系电话').fill(phone);
  await page.getByLabel('电子邮箱').fill(email);
  await page.getByLabel('验证码', { exact: true }).fill(answer);
  await shoot(page, 'messages-ask', PHONE);
  await agreeToPrivacy(page);
  await page.getByRole('button', { name: '提交留言' }).click();
  await expect(page.getByText('留言提交成功')).toBeVisible();
  const code = (await page.getByTestId('query-code').textContent())!.trim();
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{20}$/);
  await expect(page.getByText('请务必抄录或复制保存此查询码')).toBeVisible();
  await shoot(page, 'messages-code', PHONE);
  await accessible(page, 'the 查询码 notice');

  // Followed by its code: received, waiting.
  await page.getByRole('button', { name: '查看办理进度' }).click();
  const status = page.getByRole('article', { name: `留言：${subject}` });
  await expect(status.getByText('待受理', { exact: true })).toBeVisible();
  await shoot(page, 'messages-lookup-waiting', PHONE);

  // Staff: a department with the administrator as its handler, read back as saved.
  const token = await adminToken(page.request);
  const office = await page.context().newPage();
  await office.setViewportSize(DESK);
  await openBackOffice(office, { at: '/System/interact/setting' });
  const department = unique('综合业务部');
  await office.getByRole('button', { name: '新增部门' }).click();
  const deptDialog = office.getByRole('dialog', { name: '新增办理部门' });
  await settled(deptDialog);
  await deptDialog.getByLabel('部门名称').fill(department);
  await deptDialog.getByLabel('办理人').click();
  await office.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'admin' }).first().click();
  await deptDialog.getByText('部门名称').click();
  await deptDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(office.getByText('操作成功')).toBeVisible();
  await expect(deptDialog).toBeHidden();
  await expect(office.locator('.ant-table-row', { hasText: department })).toBeVisible();
  const saved = (await adminData<{ Id: number; Name: string; Handlers: { Name: string }[] }[]>(office.request, token, 'GetMessageDepartmentList')).find(
    (d) => d.Name === department,
  );
  expect(saved?.Handlers.length).toBe(1);
  await shoot(office, 'admin-message-setting', DESK);
  // What the form requires, saved as shown and read back.
  await office.getByRole('tab', { name: '填写要求与提醒' }).click();
  await expect(office.getByRole('radio', { name: '电话或邮箱至少一项' })).toBeChecked();
  await office.getByRole('button', { name: '保存设置' }).click();
  await expect(office.getByText('修改成功')).toBeVisible();
  expect(await adminData(office.request, token, 'GetMessageSettings')).toEqual({ RequireName: false, Contact: 'either', WarnHours: 24, ReplyReviewMenuId: 0 });
  await shoot(office, 'admin-message-settings-form', DESK);
  await office.getByRole('tab', { name: '留言类别', exact: true }).click();
  await expect(office.locator('.ant-table-row', { hasText: '投诉' })).toBeVisible();
  await shoot(office, 'admin-message-categories', DESK);

  // The queue: found by its code, due in five working days.
  await office.goto('/System/interact/message');
  await office.getByLabel('关键字').fill(code);
  await office.getByRole('button', { name: /查\s*询/ }).click();
  const row = office.locator('.ant-table-row', { hasText: subject });
  await expect(row.getByText('待受理', { exact: true })).toBeVisible();
  await shoot(office, 'admin-message-queue', DESK);
  await row.getByRole('button', { name: '办理' }).click();
  const drawer = office.getByRole('dialog', { name: `留言办理：${subject}` });
  await expect(drawer.getByText(phone, { exact: true })).toBeVisible();

  await drawer.getByRole('button', { name: /分\s*派/ }).click();
  const assign = office.getByRole('dialog', { name: '分派留言' });
  await settled(assign);
  await assign.getByLabel('办理部门').click();
  await office.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: department }).click();
  await assign.getByRole('button', { name: /确\s*定/ }).click();
  await expect(office.getByText('分派成功')).toBeVisible();
  await expect(drawer.getByText('办理中', { exact: true }).first()).toBeVisible();

  // 答复须经审核: replies go through the 审核流程 of a menu of this journey's own, one step the super administrators decide.
  const reviewMenu = await reviewedMenu(office.request, token);
  let messageId = 0;
  await setReplyReview(office.request, token, reviewMenu);
  try {
    await drawer.getByRole('button', { name: /^答\s*复$/ }).click();
    const reply = office.getByRole('dialog', { name: `答复：${subject}` });
    await editorReady(office);
    await office.frameLocator('.tox-edit-area iframe').locator('body').click();
    await office.keyboard.type('您好，投保需提供施工合同、项目立项文件和勘察设计资料，可向本协会会员保险机构咨询办理。');
    await shoot(office, 'admin-message-reply', DESK);
    await reply.getByRole('button', { name: /确\s*定/ }).click();
    await expect(office.getByText('答复已提交审核，审核通过后发出')).toBeVisible();
    const inReview = drawer.getByRole('region', { name: '答复审核' });
    await expect(inReview.getByText('审核中', { exact: true })).toBeVisible();
    await expect(drawer.getByRole('button', { name: /^答\s*复$/ })).toHaveCount(0);
    // Not out yet: staff read it 办理中 with no reply.
    const waiting = await adminData<{ List: { Id: number; State: number; ReplyTime: string }[] }>(office.request, token, 'GetMessageList', { key: code });
    expect(waiting.List).toEqual([expect.objectContaining({ State: 1, ReplyTime: '' })]);
    messageId = waiting.List[0]!.Id;

    // The reviewer approves it on 待我审核, where it reads as a 留言答复.
    await office.goto('/System/content/review');
    await office
      .getByRole('row')
      .filter({ hasText: subject })
      .getByRole('button', { name: /审\s*核/ })
      .click();
    const review = office.getByRole('dialog', { name: '审核稿件' });
    await expect(review.getByText('留言答复').first()).toBeVisible();
    await expect(review.getByText('投保需提供施工合同')).toBeVisible();
    await shoot(office, 'admin-message-reply-review', DESK);
    await review.getByRole('button', { name: /^通\s*过$/ }).click();
    await expect(office.getByText('审核通过，答复已发出')).toBeVisible();
  } finally {
    await setReplyReview(office.request, token, 0);
  }
  await office.goto(`/System/interact/message?message=${messageId}`);
  await expect(drawer.getByText('已答复', { exact: true }).first()).toBeVisible();

  await drawer.getByRole('button', { name: '公开到网站' }).click();
  const publish = office.getByRole('dialog', { name: '公开留言' });
  await expect(publish.getByLabel('公开标题')).toHaveValue(subject);
  // Clicked once the dialog has stopped zooming in: a click during the motion was lost once on a busy machine.
  await settled(publish);
  await publish.getByRole('button', { name: /公\s*开/ }).click();
  await expect(office.getByText('公开成功')).toBeVisible();
  await shoot(office, 'admin-message-detail', DESK);
  // On a phone the drawer (opened by its address, ?message=) takes the whole width.
  await office.setViewportSize(PHONE);
  await office.reload();
  await expect(drawer.getByText('已公开').first()).toBeVisible();
  await shoot(office, 'admin-message-detail', PHONE);
  await office.setViewportSize(DESK);
  // Read back as staff saw it: answered, published.
  const queued = await adminData<{ List: { State: number; Published: boolean; DepartmentName: string }[] }>(office.request, token, 'GetMessageList', {
    key: code,
  });
  expect(queued.List).toEqual([expect.objectContaining({ State: 2, Published: true, DepartmentName: department })]);

  // In public: the question and answer, the name masked, no phone, e-mail or full name.
  await page.goto(`/messages?key=${encodeURIComponent(subject)}`);
  const published = page.getByRole('article', { name: subject });
  await expect(published.getByText('投保需提供施工合同')).toBeVisible();
  await expect(published.getByText('留言人：张**')).toBeVisible();
  const shown = await page.getByRole('main').innerText();
  for (const secret of [fullName, phone, email]) expect(shown).not.toContain(secret);
  await accessible(page, 'a published answer');
  await shoot(page, 'messages-answers', PHONE);
  await shoot(page, 'messages-answers', DESK);
  // Its own page, from its title: a search engine's and a shared link's address.
  await published.getByRole('link', { name: subject }).click();
  await expect(page).toHaveURL(/\/messages\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByRole('article', { name: '留言与答复' }).getByText('投保需提供施工合同')).toBeVisible();
  expect(await page.title()).toContain(subject);
  await accessible(page, 'a published answer’s own page');
  await shoot(page, 'messages-answer-page', DESK);
  await shoot(page, 'messages-answer-page', PHONE);

  // The asker rates the answer, once.
  await page.setViewportSize(PHONE);
  await page.goto('/messages?tab=lookup');
  await page.getByRole('textbox', { name: '查询码' }).fill(code.toLowerCase());
  await page.getByRole('button', { name: '查询' }).click();
  await expect(status.getByText('已答复', { exact: true })).toBeVisible();
  // Checked before rating: the thanks toast that follows is antd's, drawn outside the page's landmarks for a few seconds.
  await accessible(page, 'an answered message by its 查询码');
  await status.getByRole('button', { name: '满意', exact: true }).click();
  await expect(status.getByText('您的评价：满意')).toBeVisible();
  await expect(status.getByRole('button', { name: '满意', exact: true })).toHaveCount(0);
  await shoot(page, 'messages-lookup-answered', PHONE);
  const rated = (await (await page.request.get('/api/XfWebApi/GetMessageByCode', { params: { code } })).json()) as Envelope<{ Rating: number; State: number }>;
  expect(rated.Data).toMatchObject({ Rating: 1, State: 2 });

  // 留言统计 counts it.
  await office.goto('/System/interact/stats');
  await expect(office.getByRole('figure', { name: '每月收到、已答复和超期的留言数' })).toBeVisible();
  await shoot(office, 'admin-message-stats', DESK);
  await shoot(office, 'admin-message-stats', PHONE);
  await office.goto('/System/interact/message');
  await expect(office.locator('.ant-table-row').first()).toBeVisible();
  await shoot(office, 'admin-message-queue', PHONE);
});

test('a member asks without a captcha and finds the message in 我的留言', async ({ page }) => {
  const admin = await adminToken(page.request);
  const token = await member(page.request, admin, '留言测试单位');
  await page.setExtraHTTPHeaders(askerAddress());
  await page.goto('/robots.txt');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('/messages?tab=ask');
  const subject = unique('会员留言');
  await page.getByLabel('留言类别').selectOption({ index: 2 });
  await page.getByLabel('留言标题').fill(subject);
  await page.getByLabel('留言内容').fill('建议协会组织一次潜在缺陷保险的专题培训。');
  await page.getByLabel('联系电话').fill('13812345678');
  await expect(page.getByLabel('验证码', { exact: true })).toHaveCount(0);
  // An attachment, sent as soon as it is picked and kept for staff.
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: '培训需求.txt', mimeType: 'text/plain', buffer: Buffer.from('潜在缺陷保险专题培训需求：承保、理赔、风险管理。') });
  await expect(page.getByText('培训需求.txt')).toBeVisible();
  await expect(page.getByRole('button', { name: /附件\s*更换附件/ })).toBeVisible();
  await shoot(page, 'messages-ask-member', DESK);
  await agreeToPrivacy(page);
  await page.getByRole('button', { name: '提交留言' }).click();
  await expect(page.getByText('留言提交成功')).toBeVisible();
  await page.getByRole('button', { name: '继续留言' }).click();
  await page.getByRole('tab', { name: '我的留言' }).click();
  await expect(page.getByRole('article', { name: `留言：${subject}` }).getByText('待受理', { exact: true })).toBeVisible();
  await accessible(page, '我的留言');
  await shoot(page, 'messages-mine', DESK);
  await shoot(page, 'messages-mine', PHONE);

  // 隐私与授权 (from 我的会籍) lists the consent given with it; withdrawing says first what it means.
  await page.goto('/member/membership');
  await page.getByRole('link', { name: /隐私与授权/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '隐私与授权' })).toBeVisible();
  const consent = page.getByRole('listitem').filter({ hasText: subject });
  await expect(consent.getByText('在线留言', { exact: true })).toBeVisible();
  await expect(consent.getByRole('link', { name: /《隐私政策》第\d+版/ })).toBeVisible();
  await expect(consent.getByText('有效')).toBeVisible();
  await accessible(page, '隐私与授权');
  await shoot(page, 'consents', PHONE);
  await consent.getByRole('button', { name: '撤回授权' }).click();
  const confirm = page.locator('.ant-popconfirm:visible');
  await expect(confirm).toContainText('撤回前已进行的处理不受影响');
  await shoot(page, 'consents-withdraw', PHONE);
  await confirm.getByRole('button', { name: '撤回授权' }).click();
  await expect(page.getByText('已撤回授权')).toBeVisible();
  await expect(consent.getByText('已撤回')).toBeVisible();
  await expect(consent.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} 撤回/)).toBeVisible();
  await expect(consent.getByRole('button', { name: '撤回授权' })).toHaveCount(0);
  await shoot(page, 'consents', DESK);
});

test('staff decline a message with a reason, and the asker reads it by the 查询码', async ({ page }) => {
  // Asked through the API: the captcha's answer from the test seam.
  const headers = askerAddress();
  const captcha = (await (await page.request.get('/api/XfWebApi/GetMessageCaptcha', { headers })).json()) as Envelope<string> & { Url: string };
  const subject = unique('与协会业务无关的咨询');
  const asked = (await (
    await page.request.post('/api/XfWebApi/SaveMessage', {
      headers,
      data: {
        CategoryId: 4,
        Subject: subject,
        Content: '请问附近哪家餐馆好吃？',
        Email: `decline${Date.now()}@example.cn`,
        MayPublish: false,
        Captcha: await captchaAnswer(page.request, captcha.Url),
        CaptchaTicket: captcha.Url,
        PrivacyVersion: await privacyVersion(page.request),
      },
    })
  ).json()) as Envelope<string>;
  expect(asked.Code, asked.Message).toBe(200);

  await openBackOffice(page, { at: '/System/interact/message' });
  await page.getByLabel('关键字').fill(asked.Data);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page.locator('.ant-table-row', { hasText: subject }).getByRole('button', { name: '办理' }).click();
  const drawer = page.getByRole('dialog', { name: `留言办理：${subject}` });
  await drawer.getByRole('button', { name: '不予受理' }).click();
  const decline = page.getByRole('dialog', { name: '不予受理' });
  await decline.getByRole('button', { name: /确\s*定/ }).click();
  await expect(decline.getByText('请输入不予受理理由')).toBeVisible();
  await decline.getByLabel('不予受理理由').fill('所询事项不属于本协会业务范围，请向相关部门咨询。');
  await decline.getByRole('button', { name: /确\s*定/ }).click();
  await expect(decline).toBeHidden();
  await expect(drawer.getByText('不予受理', { exact: true }).first()).toBeVisible();
  // Closed: nothing more to do with it, and the history says what happened.
  await expect(drawer.getByRole('button', { name: /分\s*派/ })).toHaveCount(0);
  await expect(drawer.getByText('所询事项不属于本协会业务范围').first()).toBeVisible();

  await page.goto('/messages?tab=lookup');
  await page.getByRole('textbox', { name: '查询码' }).fill(asked.Data);
  await page.getByRole('button', { name: '查询' }).click();
  const status = page.getByRole('article', { name: `留言：${subject}` });
  await expect(status.getByText('不予受理', { exact: true })).toBeVisible();
  await expect(status.getByText('所询事项不属于本协会业务范围，请向相关部门咨询。')).toBeVisible();
  await expect(status.getByRole('button', { name: '满意', exact: true })).toHaveCount(0);
});

test('会员服务 → 在线留言 in the navigation opens the page', async ({ page, context }) => {
  await page.setViewportSize(DESK);
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: '网站导航' });
  const top = nav.getByRole('menuitem', { name: '会员服务', exact: true });
  const entry = nav.getByRole('menuitem', { name: '在线留言' });
  await expect(async () => {
    await top.hover();
    await expect(entry).toBeVisible({ timeout: 2000 });
  }).toPass();
  // A menu with a site page as its WebUrl (docs/messages.md, "Screens"), opened as such menus are (a new tab).
  await expect(entry).toHaveAttribute('href', '/messages');
  const opened = context.waitForEvent('page');
  await entry.click();
  const tab = await opened;
  await expect(tab).toHaveURL(/\/messages$/);
  await expect(tab.getByRole('heading', { level: 1, name: '在线留言' })).toBeVisible();
  await tab.close();
});

test('with JavaScript off the answers are read, searched and opened, and asking says it needs a script', async ({ browser }) => {
  // The first journey of this file published an answer; its subject starts 关于工程质量潜在缺陷保险.
  await withoutScript(browser, { viewport: PHONE }, async (page) => {
    await page.goto('/messages?tab=ask');
    await expect(page.getByRole('alert').filter({ hasText: '留言和查询需要浏览器启用JavaScript' })).toBeVisible();
    await page.goto('/messages');
    await page.getByLabel('搜索留言').fill('潜在缺陷');
    await page.getByLabel('搜索留言').press('Enter');
    await expect(page).toHaveURL(/[?&]key=/);
    await page.locator('a[href^="/messages/"]').first().click();
    await expect(page).toHaveURL(/\/messages\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: /潜在缺陷/ })).toBeVisible();
    await expect(page.getByRole('region', { name: '答复' })).toBeVisible();
  });
});
