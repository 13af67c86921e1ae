import type { APIRequestContext, Page } from '@playwright/test';
import type { NewsRevisionListDto } from '@portal/shared';
import { expect, look, test } from './test.js';
import { adminToken, openBackOffice, openNewArticle, setEditorContent, unique, type Envelope } from './admin-session.js';

/**
 * 校对 in the article editor (docs/inspection.md, 易错词): the words the dictionary knows are
 * marked in the editor and listed with their right form, replaced in one click, and a save that
 * keeps a serious one asks first; the article saved holds the words as replaced and no marks.
 */

/** Two entries of the journey's own (an article title made unique with them), one serious. */
async function addEntries(request: APIRequestContext, serious: string, normal: string) {
  const token = await adminToken(request);
  for (const [Wrong, Right, Severity] of [
    [serious, `${serious.slice(0, -1)}程`, 'serious'],
    [normal, `${normal.slice(0, -1)}装`, 'normal'],
  ]) {
    const saved = (await (
      await request.post('/api/XfSysBussiness/SaveWrongWord', { headers: { token }, data: { Wrong, Right, Severity } })
    ).json()) as Envelope<number>;
    expect(saved.Code, saved.Message).toBe(200);
  }
  return token;
}

/** The findings and the editor below them in the picture, the menu list the dialog opened closed first. */
async function lookAtFindings(page: Page, path: string) {
  await page.getByRole('dialog').getByText('新增文章', { exact: true }).click();
  await findings(page).scrollIntoViewIfNeeded();
  await look(page, path);
}

const editorBody = (page: Page) => page.frameLocator('.tox-edit-area iframe').locator('body');
const findings = (page: Page) => page.getByRole('list', { name: '校对结果' });

async function articleNamed(request: APIRequestContext, token: string, title: string) {
  const list = (await (
    await request.get('/api/XfSysBussiness/GetNewsList', { headers: { token }, params: { key: title, pageindex: 1, pagesize: 10 } })
  ).json()) as Envelope<{ List: { NewsId: number; Title: string }[] }>;
  const item = list.Data.List.find((n) => n.Title === title);
  expect(item, title).toBeDefined();
  const detail = (await (await request.get('/api/XfSysBussiness/GetNewsDetail', { headers: { token }, params: { newsid: item!.NewsId } })).json()) as Envelope<{
    NewsId: number;
    Title: string;
    NewContent: string;
  }>;
  return detail.Data;
}

test('an editor sees wrong words marked, replaces them in one click, and is asked before saving a serious one', async ({ page }) => {
  test.setTimeout(90_000);
  // Made unique per run so the dictionary's entries and the article are this journey's own.
  const tag = unique('').slice(-4);
  const serious = `章呈${tag}丙`;
  const normal = `按${tag}丁`;
  const token = await addEntries(page.request, serious, normal);
  const seriousRight = `章呈${tag}程`;
  const normalRight = `按${tag}装`;

  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, { at: '/System/content/news' });
  const title = `关于修订${serious}的通知`;
  const dialog = await openNewArticle(page, title);
  await setEditorContent(page, `<p>请各单位${normal}新版系统，${serious}全文见附件。</p>`);

  // Listed with their right forms, the serious first, and marked where they stand in the editor.
  await expect(findings(page).getByRole('listitem')).toHaveCount(2);
  await expect(findings(page).getByRole('listitem').first()).toContainText(`${serious}→ ${seriousRight}`);
  await expect(findings(page).getByRole('listitem').nth(1)).toContainText(`${normal}→ ${normalRight}`);
  await expect(editorBody(page).locator('.proof-mark.proof-serious')).toHaveText(serious);
  await expect(editorBody(page).locator('.proof-mark:not(.proof-serious)')).toHaveText(normal);
  await lookAtFindings(page, 'test-results/proofreading-1440.png');

  // One click replaces the 一般 word in the body.
  await dialog.getByRole('button', { name: `将「${normal}」替换为「${normalRight}」` }).click();
  await expect(editorBody(page)).toContainText(`请各单位${normalRight}新版系统`);
  await expect(findings(page).getByRole('listitem')).toHaveCount(1);

  // Saving with the serious word asks first; 返回修改 keeps the dialog as it was.
  await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
  const confirm = page.getByRole('dialog', { name: '文章含有严重错别字或敏感词' });
  await expect(confirm).toContainText(serious);
  await confirm.getByRole('button', { name: '返回修改' }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeVisible();

  // Replaced in the title and the body alike; then it saves without asking.
  await dialog.getByRole('button', { name: `将「${serious}」替换为「${seriousRight}」` }).click();
  await expect(dialog.getByLabel('标题')).toHaveValue(`关于修订${seriousRight}的通知`);
  await expect(editorBody(page)).toContainText(`${seriousRight}全文见附件`);
  await expect(findings(page)).toBeHidden();
  await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
  await expect(dialog).toBeHidden();

  // Saved as shown: the words replaced, and no mark of 校对 in the stored body.
  const saved = await articleNamed(page.request, token, `关于修订${seriousRight}的通知`);
  expect(saved.NewContent).toContain(`请各单位${normalRight}新版系统，${seriousRight}全文见附件。`);
  expect(saved.NewContent).not.toMatch(/proof-mark|data-mce-annotation/);
});

test('a serious word the editor confirms is saved, and its revision says so', async ({ page }) => {
  test.setTimeout(90_000);
  const tag = unique('').slice(-4);
  const serious = `章呈${tag}戊`;
  const token = await addEntries(page.request, serious, `按${tag}己`);

  await page.setViewportSize({ width: 375, height: 800 });
  await openBackOffice(page, { at: '/System/content/news' });
  const title = `${serious}原文照录`;
  const dialog = await openNewArticle(page, title);
  await setEditorContent(page, `<p>引文：${serious}。</p>`);
  await expect(findings(page).getByRole('listitem')).toHaveCount(1);
  await lookAtFindings(page, 'test-results/proofreading-375.png');
  await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
  await page.getByRole('dialog', { name: '文章含有严重错别字或敏感词' }).getByRole('button', { name: '仍然保存' }).click();
  await expect(dialog).toBeHidden();

  const saved = await articleNamed(page.request, token, title);
  expect(saved.NewContent).toContain(`引文：${serious}。`);
  const revisions = (await (
    await page.request.get('/api/XfSysBussiness/GetNewsRevisionList', { headers: { token }, params: { newsid: saved.NewsId } })
  ).json()) as Envelope<NewsRevisionListDto>;
  expect(revisions.Data.List[0]!.ProofreadNote).toBe(`确认保存：严重错别字「${serious}」→${serious.slice(0, -1)}程×2`);
});
