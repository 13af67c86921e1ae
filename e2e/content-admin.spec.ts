import type { Page } from '@playwright/test';
import type { ListDto } from '@portal/shared';
import { expect, look, test } from './test.js';
import { escapeRegExp, menuByName } from './helpers.js';
import { adminToken, editorReady, openBackOffice, openFromSidebar, openNewArticle, unique, type Envelope } from './admin-session.js';

/**
 * The content back office end to end: a new second-level menu, an article written in the rich
 * text editor (a table and a first-line indent) and published there, put into home seat 1,
 * then read on the public home tab and on its own page.
 */

const okButton = (page: Page) => page.getByRole('dialog').getByRole('button', { name: /^确\s*定$/ });

test('an article written in the back office reaches the home tab and its page', async ({ page }) => {
  // A long journey: three back-office pages, the lazily loaded editor and two public pages.
  test.setTimeout(90_000);
  const menuName = unique('专题');
  const title = unique('风险管理专题报道');
  const cellText = unique('保险责任');
  // 栏目管理: a child of 新闻中心.
  await openBackOffice(page, { at: '/System/content/menu' });
  const parentRow = page.getByRole('row').filter({ has: page.getByText('新闻中心', { exact: true }) });
  await parentRow.getByRole('button', { name: '添加下级' }).click();
  await page.getByRole('dialog').getByLabel('栏目名称').fill(menuName);
  await okButton(page).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(page.getByRole('cell', { name: menuName, exact: true })).toBeVisible();

  // 文章管理: a new article in that menu, its body in TinyMCE.
  await openNewArticle(page, title, menuName);
  await page.evaluate(
    ([text]) => {
      const editor = (window as unknown as { tinymce: { activeEditor: { setContent: (html: string) => void } } }).tinymce.activeEditor;
      editor.setContent(`<p>首段文字</p><table><tbody><tr><td>${text}</td><td>建设工程</td></tr></tbody></table>`);
    },
    [cellText],
  );
  // 首行缩进 on the first paragraph, through the toolbar button.
  await page.frameLocator('.tox-edit-area iframe').getByText('首段文字').click();
  await page.getByRole('button', { name: '首行缩进' }).click();
  await okButton(page).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(page.getByRole('cell', { name: title })).toBeVisible();

  // 推荐位管理: into seat 1, first in its order.
  await page.goto('/System/content/position');
  await page.getByRole('button', { name: '添加文章' }).click();
  await page.getByRole('dialog').getByPlaceholder('请输入标题').fill(title);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('row', { name: new RegExp(escapeRegExp(title)) })
    .getByRole('checkbox')
    .check();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /添加（1）/ })
    .click();
  await expect(page.getByText('操作成功')).toBeVisible();
  const sort = page.getByLabel(`${title}排序号`);
  const sortSaves: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/UpdateSortNumber')) sortSaves.push(r.url());
  });
  // Enter leaves the field and that saves once: one request (and one audit row) per change.
  for (const [value, saves] of [
    ['5', 1],
    ['0', 2],
  ] as const) {
    await sort.fill(value);
    // The list's reload after this save: a reload still on its way from the step before (the
    // placement's) must not stand for it, or what follows checks the row before it is redrawn.
    const reloaded = page.waitForResponse((r) => r.url().includes('/GetNewPositionList') && sortSaves.length === saves);
    await sort.press('Enter');
    await reloaded;
    await expect(sort).toHaveValue(value);
    // The reloaded row has a field of its own, not the one Enter was pressed in.
    await expect(sort).not.toBeFocused();
    expect(sortSaves).toHaveLength(saves);
  }

  // The public home: seat 1's tab (政策要闻) lists it first; its page shows the table and the indent.
  await page.goto('/home');
  await expect(page.getByRole('tab', { name: '政策要闻' })).toHaveAttribute('aria-selected', 'true');
  const link = page.getByRole('list', { name: '政策要闻列表（左栏）' }).getByRole('link').first();
  await expect(link).toHaveText(title);
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/info\?MenuId=\d+&NewsId=\d+/);
  await expect(page.getByRole('cell', { name: cellText })).toBeVisible();
  await expect(page.getByText('首段文字')).toHaveAttribute('style', /text-indent:\s*2em/);
});

/** A 1×1 PNG, as a screenshot tool would put it on the clipboard. */
test('所属栏目 opens a parent’s children on a click, as on a touch screen; the leaf chosen is saved', async ({ page }, testInfo) => {
  const title = unique('栏目点选');
  const token = await adminToken(page.request);
  const leaf = await menuByName(page.request, '政策要闻');
  await openBackOffice(page);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    await page.goto('/System/content/news');
    await page.getByRole('button', { name: '新增文章' }).click();
    const dialog = page.getByRole('dialog', { name: '新增文章' });
    await dialog.getByLabel('标题').fill(`${title}${width}`);
    await dialog.getByLabel('所属栏目').click();
    // The click on the parent keeps the list open and shows its children beside it.
    await page.getByRole('menuitemcheckbox', { name: '新闻中心' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: '政策要闻' })).toBeVisible();
    await look(page, testInfo.outputPath(`menu-cascader-${width}.png`));
    await page.getByRole('menuitemcheckbox', { name: '政策要闻' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: '政策要闻' })).toBeHidden();
    await expect(dialog.getByTitle('新闻中心 / 政策要闻')).toBeVisible();
    await editorReady(page);
    await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
    await expect(page.getByText('操作成功')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Read back: the article is in 政策要闻.
    const res = await page.request.get('/api/XfSysBussiness/GetNewsList', { params: { key: `${title}${width}` }, headers: { token } });
    const list = (await res.json()) as Envelope<ListDto<{ Title: string; MenuId: number }>>;
    expect(list.Data.List.map((n) => [n.Title, n.MenuId])).toEqual([[`${title}${width}`, leaf.MenuId]]);
  }
});

const pixelPng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

test('a picture pasted into the editor is uploaded and its address kept', async ({ page }) => {
  await openBackOffice(page, { at: '/System/content/news' });
  await page.getByRole('button', { name: '新增文章' }).click();
  const body = page.frameLocator('.tox-edit-area iframe').locator('body');
  await body.click();
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/UploadFile')) uploads.push(request.url());
  });
  // A paste event carrying an image file, as the browser fires it for a copied screenshot.
  await body.evaluate((element, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'shot.png', { type: 'image/png' }));
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, pixelPng);
  await expect(page.getByText('上传成功')).toBeVisible();
  await expect(body.locator('img')).toHaveAttribute('src', /^\/uploads\/\d{6}\/[^/]+\.png$/);
  // One picture, one upload: the editor never puts a stale copy with the picture back in.
  await body.press('End');
  await body.pressSequentially('。');
  await expect(body).toContainText('。');
  expect(uploads).toHaveLength(1);
});

test('a banner changed in 轮播图管理 shows its new title in the home carousel', async ({ page }) => {
  const title = unique('年度风险管理论坛');
  await openBackOffice(page, { at: '/System/content/banner' });
  await page
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /修\s*改/ })
    .click();
  const titleField = page.getByRole('dialog').getByLabel('标题');
  await titleField.fill(title);
  await okButton(page).click();
  await expect(page.getByText(/操作成功|修改成功/)).toBeVisible();
  await expect(page.getByRole('cell', { name: title })).toBeVisible();

  await page.goto('/home');
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
});

test('敏感词 takes several words at once, skips the ones listed, and deletes a chosen one', async ({ page }, testInfo) => {
  const word = unique('违规词');
  await openBackOffice(page);
  await openFromSidebar(page, '内容管理', '敏感词');
  await page.getByRole('button', { name: '添加敏感词' }).click();
  const dialog = page.getByRole('dialog', { name: '添加敏感词' });
  await dialog.getByLabel('敏感词（每行一个）').fill(`${word}\n${word}甲\n${word}`);
  await okButton(page).click();
  await expect(page.getByText('已添加2个')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`${escapeRegExp(word)}甲`) });
  await expect(row).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await look(page, testInfo.outputPath('sensitive-words-1440.png'));
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(row).toHaveCount(0);
});
