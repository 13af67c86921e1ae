import fs from 'node:fs';
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { expect, look, test, waitingForApp } from './test.js';
import {
  adminToken,
  createAdminAccount,
  editorReady,
  openBackOffice,
  openNewArticle,
  roleWith,
  saveArticleByApi,
  setEditorContent,
  unique,
  type Envelope,
} from './admin-session.js';
import { menuByName, settled } from './helpers.js';
import { call, member } from './member-session.js';

/**
 * The review chain (三审) end to end: a two-step chain set on a menu in 栏目管理's 审核流程 (初审 by
 * one role, 终审 by another); an editor's article waits as 审核中; the 初审 reviewer, told by the
 * bell, 驳回 it with a reason; the author sees 审核不通过 and the reason, and resubmits; both steps
 * approve and the article is public. Its 审批单 is opened, printed on one A4 page and exported.
 */

const password = 'Review-lamp-2024';

/** An administrator signed in in a browser of their own. */
async function signedIn(browser: Browser, account: string): Promise<Page> {
  const page = waitingForApp(await (await browser.newContext()).newPage());
  await openBackOffice(page, { as: { account, password } });
  return page;
}

/** The last toast says this. */
const toast = (page: Page, text: string) => expect(page.locator('.ant-message-notice').filter({ hasText: text })).toBeVisible();

/** Screenshots of what is open at 1440 and 375 px wide, then back to the wide screen. */
async function shots(page: Page, testInfo: TestInfo, name: string, dialog: Locator) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(dialog);
    await look(page, testInfo.outputPath(`${name}-${width}.png`));
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** One step of the flow dialog: its name and one role. */
async function fillStep(page: Page, flow: Locator, n: number, name: string, role: string) {
  const step = flow.getByRole('group', { name: `第${n}步` });
  await step.getByLabel('步骤名称').fill(name);
  const roles = step.getByLabel('审核角色');
  await roles.click();
  // This select's own list: the previous step's may still be closing, with the same roles in it.
  const listbox = `${await roles.getAttribute('id')}_list`;
  await page.locator(`.ant-select-dropdown:has([id="${listbox}"]) .ant-select-item-option`, { hasText: new RegExp(`^${role}$`) }).click();
  // Leave the multiple select (its list stays open after a choice) for the next field.
  await step.getByLabel('步骤名称').click();
  await expect(step.locator('.ant-select-selection-item', { hasText: role })).toBeVisible();
}

/** 待我审核 of this reviewer, the article's review opened from its row. */
async function openReview(page: Page, title: string) {
  await page.goto('/System/content/review');
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /审\s*核/ })
    .click();
  const dialog = page.getByRole('dialog', { name: '审核稿件' });
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  return dialog;
}

test('a two-step review chain: rejected at 初审, resubmitted, approved by both steps and published; its 审批单 printed and exported', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const token = await adminToken(page.request);
  const stamp = unique('');
  const title = `审核流程测试${stamp}`;

  // A menu of its own under 新闻中心 (the journeys share one database: other menus stay without a chain).
  const parent = await menuByName(page.request, '新闻中心');
  const menuName = `审核栏目${stamp}`;
  const menu = (await (
    await page.request.post('/api/XfSysBussiness/SaveMenu', {
      headers: { token },
      data: { MenuId: 0, ParentId: parent.MenuId, Name: menuName, Status: 1, SortNumber: 99 },
    })
  ).json()) as Envelope<number>;
  expect(menu.Code, menu.Message).toBe(200);

  const firstRole = `初审员${stamp}`;
  const finalRole = `终审员${stamp}`;
  const [editorRoleId, firstRoleId, finalRoleId] = [
    await roleWith(page.request, token, `编辑${stamp}`, ['dashboard:view', 'content:news:list', 'content:news:add', 'content:news:edit']),
    await roleWith(page.request, token, firstRole, ['dashboard:view', 'content:review:list']),
    await roleWith(page.request, token, finalRole, ['dashboard:view', 'content:review:list', 'content:review:records', 'content:review:export']),
  ];
  // Made before the article is submitted: a step's notices go to the administrators its roles have then.
  const accounts = { editor: `editor_${stamp}`, first: `first_${stamp}`, final: `final_${stamp}` };
  await createAdminAccount(page.request, token, { Account: accounts.editor, FullName: '编辑甲', RoleId: editorRoleId }, password);
  await createAdminAccount(page.request, token, { Account: accounts.first, FullName: '初审人', RoleId: firstRoleId }, password);
  await createAdminAccount(page.request, token, { Account: accounts.final, FullName: '终审人', RoleId: finalRoleId }, password);

  // 栏目管理 → 审核流程: 初审 by one role (not on one's own article), 终审 by the other.
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, { at: '/System/content/menu' });
  const menuRow = page.getByRole('row').filter({ hasText: menuName });
  await menuRow.getByRole('button', { name: '审核流程' }).click();
  const flow = page.getByRole('dialog', { name: `审核流程：${menuName}` });
  await expect(flow.getByText('未设置审核流程：本栏目的文章保存后直接发布')).toBeVisible();
  await settled(flow);
  await flow.getByRole('button', { name: /添加步骤/ }).click();
  await fillStep(page, flow, 1, '初审', firstRole);
  await flow.getByRole('group', { name: '第1步' }).getByRole('switch', { name: '不得审核本人稿件' }).click();
  await flow.getByRole('button', { name: /添加步骤/ }).click();
  await fillStep(page, flow, 2, '终审', finalRole);
  await expect(flow.getByRole('button', { name: /添加步骤（2\/5）/ })).toBeEnabled();
  await flow.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '修改成功');
  await expect(flow).toBeHidden();

  // Opened again, the menu shows its two steps in order.
  await menuRow.getByRole('button', { name: '审核流程' }).click();
  await expect(flow.getByRole('group', { name: '第1步' }).getByLabel('步骤名称')).toHaveValue('初审');
  await expect(flow.getByRole('group', { name: '第2步' }).getByLabel('步骤名称')).toHaveValue('终审');
  await expect(flow.getByRole('group', { name: '第1步' }).getByRole('switch', { name: '不得审核本人稿件' })).toBeChecked();
  await shots(page, testInfo, 'review-flow-dialog', flow);
  await flow.getByRole('button', { name: /取\s*消/ }).click();

  // The editor writes an article there: it waits as 审核中.
  const editor = await signedIn(browser, accounts.editor);
  const writing = await openNewArticle(editor, title, menuName);
  await setEditorContent(editor, '<p>协会将于下月举办风险管理培训。</p>');
  await writing.getByRole('button', { name: /确\s*定/ }).click();
  await toast(editor, '已提交审核');
  const editorRow = editor.getByRole('row').filter({ hasText: title });
  await expect(editorRow.getByText('审核中')).toBeVisible();

  // The 初审 reviewer: the workbench counts it, the bell says so and opens it.
  const first = await signedIn(browser, accounts.first);
  await expect(first.getByRole('link', { name: '待我审核：1，前往处理' })).toBeVisible();
  const bell = first.getByRole('button', { name: '通知，1条未读' });
  await bell.click();
  await first.getByRole('button', { name: new RegExp(`《${title}》待您审核（初审）`) }).click();
  await expect(first).toHaveURL(/\/System\/content\/review\?review=\d+$/);
  let review = first.getByRole('dialog', { name: '审核稿件' });
  await expect(review.getByText('协会将于下月举办风险管理培训。')).toBeVisible();
  await expect(first.getByRole('button', { name: '通知', exact: true })).toBeVisible();

  // 驳回 needs a reason, on the page before the server.
  await review.getByRole('button', { name: /驳\s*回/ }).click();
  await expect(review.getByText('请填写驳回理由')).toBeVisible();
  await review.getByLabel(/审核意见/).fill('请补充培训时间和地点');
  await review.getByRole('button', { name: /驳\s*回/ }).click();
  await toast(first, '已驳回');
  await expect(review).toBeHidden();
  await expect(first).toHaveURL(/\/System\/content\/review$/);

  // The author sees 审核不通过 and why, edits and submits again.
  await editor.reload();
  await expect(editorRow.getByText('审核不通过')).toBeVisible();
  await editor.getByRole('button', { name: '通知，1条未读' }).click();
  // The notice opens the 审批单 over 文章管理 (the author holds no 待我审核).
  await editor.getByRole('button', { name: new RegExp(`《${title}》被驳回（初审）：请补充培训时间和地点`) }).click();
  await expect(editor).toHaveURL(/\/System\/content\/news\?approval=\d+$/);
  const rejectedSheet = editor.getByRole('dialog', { name: '审批单' });
  await expect(rejectedSheet.getByRole('table')).toContainText('请补充培训时间和地点');
  await settled(rejectedSheet);
  await rejectedSheet.getByRole('button', { name: '关闭' }).click();
  await expect(editor).toHaveURL(/\/System\/content\/news$/);
  await editorRow.getByRole('button', { name: /修\s*改/ }).click();
  const editing = editor.getByRole('dialog', { name: '修改文章' });
  await expect(editing.getByLabel('标题')).toHaveValue(title);
  // Why it came back, above the form.
  await expect(editing.getByRole('alert')).toContainText('审核不通过：请补充培训时间和地点');
  await editorReady(editor);
  await setEditorContent(editor, '<p>协会将于下月十五日在北京举办风险管理培训。</p>');
  await expect(editing.getByText('修改后选择「正常」保存，即重新提交审核')).toBeVisible();
  await shots(editor, testInfo, 'rejected-edit', editing);
  // Saved as 审核不通过: kept, and told it is not resubmitted.
  await editing.getByRole('button', { name: /确\s*定/ }).click();
  await toast(editor, '已保存，尚未重新提交审核');
  await expect(editorRow.getByText('审核不通过')).toBeVisible();
  await editorRow.getByRole('button', { name: /修\s*改/ }).click();
  await expect(editing.getByLabel('标题')).toHaveValue(title);
  await editorReady(editor);
  await editing.getByRole('radio', { name: '正常' }).check();
  await editing.getByRole('button', { name: /确\s*定/ }).click();
  await toast(editor, '已提交审核');
  await expect(editorRow.getByText('审核中')).toBeVisible();

  // 初审 approves the new version: on to 终审.
  review = await openReview(first, title);
  await expect(review.getByText('协会将于下月十五日在北京举办风险管理培训。')).toBeVisible();
  await review.getByLabel(/审核意见/).fill('同意，请终审');
  await review.getByRole('button', { name: /^通\s*过$/ }).click();
  await toast(first, '已通过，转终审');

  // 终审: the chain shows 初审's decision; the review view at both widths, then 通过 publishes it.
  const last = await signedIn(browser, accounts.final);
  review = await openReview(last, title);
  const chain = review.getByRole('region', { name: '审核流程' });
  await expect(chain).toContainText('同意，请终审');
  await expect(chain).toContainText('初审人');
  await shots(last, testInfo, 'review-view', review);
  await review.getByRole('button', { name: /^通\s*过$/ }).click();
  await toast(last, '审核通过，已发布');

  // Public now.
  const found = (await (
    await page.request.get('/api/XfSysBussiness/GetNewsList', { headers: { token }, params: { key: title, pageindex: 1, pagesize: 10 } })
  ).json()) as Envelope<{ List: { NewsId: number; Status: number }[] }>;
  expect(found.Data.List).toHaveLength(1);
  expect(found.Data.List[0]!.Status).toBe(1);
  const visitor = waitingForApp(await (await browser.newContext()).newPage());
  await visitor.goto(`/info?NewsId=${found.Data.List[0]!.NewsId}`);
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await expect(visitor.getByText('协会将于下月十五日在北京举办风险管理培训。')).toBeVisible();
  await visitor.context().close();

  // 审批记录: both reviews of the article; the approved one's 审批单.
  await last.goto('/System/content/review');
  await last.getByRole('tab', { name: '审批记录' }).click();
  const records = last.getByRole('row').filter({ hasText: title });
  await expect(records).toHaveCount(2);
  await records
    .filter({ hasText: '已通过' })
    .getByRole('button', { name: /查\s*看/ })
    .click();
  const detail = last.getByRole('dialog', { name: '审批详情' });
  await settled(detail);
  await detail.getByRole('button', { name: /审批单/ }).click();
  const sheetDialog = last.getByRole('dialog', { name: '审批单' });
  const sheet = sheetDialog.getByRole('table');
  await expect(sheetDialog.getByRole('heading', { name: '文章发布审批单' })).toBeVisible();
  await expect(sheet).toContainText(title);
  await expect(sheet).toContainText(menuName);
  // 拟稿人 by name, the account in its tooltip.
  await expect(sheet.getByRole('cell', { name: '编辑甲', exact: true })).toHaveAttribute('title', accounts.editor);
  await expect(sheet.getByRole('row').filter({ hasText: '初审意见' })).toContainText('同意，请终审');
  await expect(sheet.getByRole('row').filter({ hasText: '初审意见' })).toContainText('初审人');
  await expect(sheet.getByRole('row').filter({ hasText: '终审意见' })).toContainText('终审人');
  await shots(last, testInfo, 'approval-sheet', sheetDialog);

  // 打印 asks the browser to print; the print style shows the sheet alone, on one A4 page.
  await last.evaluate(() => {
    window.print = () => {
      (window as unknown as { printed: boolean }).printed = true;
    };
  });
  await sheetDialog.getByRole('button', { name: /打\s*印/ }).click();
  expect(await last.evaluate(() => (window as unknown as { printed?: boolean }).printed)).toBe(true);
  await last.emulateMedia({ media: 'print' });
  await expect(last.locator('#root')).toBeHidden();
  await expect(last.getByRole('heading', { name: '文章发布审批单' })).toBeVisible();
  // A4's printable width (210 mm less the page's margins) at 96 dpi.
  await last.setViewportSize({ width: 673, height: 986 });
  await look(last, testInfo.outputPath('approval-sheet-print.png'), { fullPage: true });
  await last.setViewportSize({ width: 1440, height: 900 });
  const pdf = await last.pdf({ path: testInfo.outputPath('approval-sheet.pdf'), format: 'A4', preferCSSPageSize: true });
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  await last.emulateMedia({ media: 'screen' });

  // 导出: the same record as a workbook.
  const download = last.waitForEvent('download');
  await sheetDialog.getByRole('button', { name: /导\s*出/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^文章发布审批单-\d+\.xlsx$/);
  expect(
    fs
      .readFileSync(await file.path())
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');

  // 文章管理's 审批记录 lists the article's reviews with their 审批单.
  await page.goto('/System/content/news');
  await page.getByRole('textbox', { name: '标题' }).fill(title);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: '审批记录' }).click();
  const drawer = page.getByRole('dialog', { name: `审批记录：${title}` });
  await expect(drawer.locator('.ant-table-row')).toHaveCount(2);
  await settled(drawer);
  await drawer.locator('.ant-table-row').filter({ hasText: '已通过' }).getByRole('button', { name: '审批单' }).click();
  await expect(page.getByRole('dialog', { name: '审批单' }).getByRole('table')).toContainText('同意，请终审');

  for (const p of [editor, first, last]) await p.context().close();

  // The bell on a phone: the 初审 reviewer's notices, the newest first.
  const phone = waitingForApp(await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage());
  await openBackOffice(phone, { as: { account: accounts.first, password } });
  await phone.getByRole('button', { name: /^通知/ }).click();
  const notices = phone.getByRole('list', { name: '通知列表' });
  await expect(notices).toContainText(`《${title}》待您审核（初审）`);
  await settled(notices);
  await look(phone, testInfo.outputPath('notices-375.png'));
  await phone.getByRole('button', { name: '全部已读' }).click();
  await expect(phone.getByRole('button', { name: '通知', exact: true })).toBeVisible();
  await phone.context().close();

  // The 终审 role disabled: no one can decide that step. The workbench says so, and 审核流程 marks it in red.
  const disabled = (await (
    await page.request.post('/api/XfSystemApi/SaveRole', { headers: { token }, data: { RoleId: finalRoleId, RoleName: finalRole, Status: 0, MenuIds: [] } })
  ).json()) as Envelope<number>;
  expect(disabled.Code, disabled.Message).toBe(200);
  await page.goto('/System/home');
  await expect(page.getByRole('alert').filter({ hasText: '审核流程受阻' })).toContainText(`栏目“${menuName}”的终审无人可审核`);
  await look(page, testInfo.outputPath('workbench-blocked-1440.png'));
  await page.goto('/System/content/menu');
  await page.getByRole('row').filter({ hasText: menuName }).getByRole('button', { name: '审核流程' }).click();
  await expect(flow.getByRole('group', { name: '第2步' })).toContainText('无人可审核');
  await expect(flow.getByRole('group', { name: '第1步' })).not.toContainText('无人可审核');
  await shots(page, testInfo, 'review-flow-blocked', flow);

  // The menu's chain taken off again, so no other journey's workbench finds it blocked.
  const cleared = (await (
    await page.request.post('/api/XfSysBussiness/SaveMenuReviewFlow', { headers: { token }, data: { MenuId: menu.Data, Steps: [] } })
  ).json()) as Envelope<null>;
  expect(cleared.Code, cleared.Message).toBe(200);
});

test('a 修改稿 is reviewed against the published article, its changes marked as 历史版本 marks them', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const token = await adminToken(page.request);
  const stamp = unique('');
  const title = `修改稿对照${stamp}`;
  const parent = await menuByName(page.request, '新闻中心');
  const menu = (await (
    await page.request.post('/api/XfSysBussiness/SaveMenu', {
      headers: { token },
      data: { MenuId: 0, ParentId: parent.MenuId, Name: `修改稿栏目${stamp}`, Status: 1, SortNumber: 99 },
    })
  ).json()) as Envelope<number>;
  expect(menu.Code, menu.Message).toBe(200);
  // Published before the menu has a chain; then one step, decided by the super administrators.
  const id = await saveArticleByApi(page.request, token, { MenuId: menu.Data, Title: title, NewContent: '<p>协会年会定于五月在北京召开。</p>' });
  const roles = (await (await page.request.get('/api/XfSystemApi/GetRoleList', { headers: { token }, params: { pagesize: 999 } })).json()) as Envelope<{
    List: { RoleId: number; RoleName: string }[];
  }>;
  const superRole = roles.Data.List.find((r) => r.RoleName === '超级管理员')!.RoleId;
  const flow = async (Steps: unknown[]) =>
    expect(
      (
        (await (
          await page.request.post('/api/XfSysBussiness/SaveMenuReviewFlow', { headers: { token }, data: { MenuId: menu.Data, Steps } })
        ).json()) as Envelope<number>
      ).Code,
    ).toBe(200);
  await flow([{ Name: '终审', RoleIds: [superRole], NoSelfReview: false }]);
  const edited = (await (
    await page.request.post('/api/XfSysBussiness/SaveNews', {
      headers: { token },
      data: { NewsId: id, MenuId: menu.Data, Title: title, NewContent: '<p>协会年会定于六月在上海召开。</p>', Status: 1 },
    })
  ).json()) as Envelope<number>;
  expect(edited.Message).toBe('修改已提交审核，审核通过后生效');

  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, { at: '/System/content/review' });
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /审\s*核/ })
    .click();
  const dialog = page.getByRole('dialog', { name: '审核稿件' });
  // The changes against what the site shows, first.
  await expect(dialog.getByRole('radio', { name: '对照已发布版本' })).toBeChecked();
  await expect(dialog.getByRole('region', { name: '正文（旧）' }).locator('del')).toContainText(['五月', '北京']);
  await expect(dialog.getByRole('region', { name: '正文（新）' }).locator('ins')).toContainText(['六月', '上海']);
  await expect(dialog.getByRole('row').filter({ hasText: '下线时间' })).toHaveCount(0);
  await dialog.getByRole('region', { name: '正文（新）' }).scrollIntoViewIfNeeded();
  await shots(page, testInfo, 'edit-review', dialog);
  await dialog.getByText('修改稿全文').click();
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await expect(dialog.getByText('协会年会定于六月在上海召开。')).toBeVisible();
  await dialog.getByRole('button', { name: /^通\s*过$/ }).click();
  await toast(page, '审核通过，已发布');
  // The menu's chain taken off again, so no other journey's article waits in it.
  await flow([]);
});

test('a super administrator decides a member contribution’s chain step in 投稿审核 only with a 越级审核原因', async ({ page }, testInfo) => {
  const token = await adminToken(page.request);
  const stamp = unique('');
  const parent = await menuByName(page.request, '新闻中心');
  const saved = (await (
    await page.request.post('/api/XfSysBussiness/SaveMenu', {
      headers: { token },
      data: { MenuId: 0, ParentId: parent.MenuId, Name: `投稿审核栏目${stamp}`, Status: 1, SortNumber: 99, AcceptsContributions: true },
    })
  ).json()) as Envelope<number>;
  expect(saved.Code, saved.Message).toBe(200);
  const reviewer = await roleWith(page.request, token, `投稿初审${stamp}`, ['dashboard:view', 'content:review:list']);
  await call(
    page.request,
    'XfSysBussiness/SaveMenuReviewFlow',
    { MenuId: saved.Data, Steps: [{ Name: '初审', RoleIds: [reviewer], NoSelfReview: false }] },
    token,
  );
  const title = `越级审核投稿${stamp}`;
  const memberToken = await member(page.request, token, '越级审核测试单位');
  const newsId = await call<number>(
    page.request,
    'XfWebApi/SaveNews',
    { NewsId: 0, Title: title, MenuId: saved.Data, NewContent: '<p>会员投稿正文</p>' },
    memberToken,
  );

  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, { at: '/System/member/contribution' });
  await page.locator('.ant-table-row', { hasText: title }).getByRole('button', { name: '审核' }).click();
  const dialog = page.getByRole('dialog', { name: '审核投稿' });
  await expect(dialog.getByText(/审核流程：第1\/1步（初审）。您不是此步骤的审核人/)).toBeVisible();
  await settled(dialog);
  await dialog.getByRole('button', { name: /越级通过/ }).click();
  await expect(dialog.getByText('越级审核须填写原因')).toBeVisible();
  await dialog.getByLabel('越级审核原因').fill('初审人出差，按会长指示先行发布');
  await shots(page, testInfo, 'contribution-override', dialog);
  await dialog.getByRole('button', { name: /越级通过/ }).click();
  await expect(dialog).toBeHidden();
  // Published: it leaves the queue of 审核中 contributions and reads as public.
  await expect(page.locator('.ant-table-row', { hasText: title })).toBeHidden();
  const published = (await (await page.request.get('/api/XfWebApi/GetNewsDetail', { params: { newsid: String(newsId) } })).json()) as Envelope<{
    Status: number;
  }>;
  expect(published.Data.Status).toBe(1);
});
