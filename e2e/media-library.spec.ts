import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { expect, look, test } from './test.js';
import { escapeRegExp } from './helpers.js';
import { openBackOffice, openNewArticle, unique } from './admin-session.js';

/**
 * 媒体库 end to end: a picture uploaded in the article editor is listed with the article using
 * it once saved; a second article picks it from 从媒体库选择; an unused file is deleted.
 */

const okButton = (page: Page) => page.getByRole('dialog').getByRole('button', { name: /^确\s*定$/ });

/** The image dialog's 选择文件, which opens the picker. */
async function openImagePicker(page: Page) {
  await page.locator('.tox-editor-header').getByRole('button', { name: '插入/编辑图片', exact: true }).click();
  await page.locator('.tox-dialog').getByRole('button', { name: '选择文件' }).click();
  const picker = page.getByRole('dialog', { name: '选择图片' });
  await expect(picker).toBeVisible();
  return picker;
}

/** Inserts the picture the image dialog now holds, then saves the article. */
async function insertAndSave(page: Page, title: string) {
  const imageDialog = page.locator('.tox-dialog');
  await expect(imageDialog.getByRole('combobox', { name: '源' })).toHaveValue(/\/uploads\/.+\.png$/);
  await imageDialog.getByRole('button', { name: '保存' }).click();
  await expect(page.frameLocator('.tox-edit-area iframe').locator('img')).toHaveCount(1);
  await okButton(page).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(page.getByRole('cell', { name: title })).toBeVisible();
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  // Once the dialogs' opening animations have finished.
  await expect(page.locator('.ant-zoom-appear, .ant-zoom-enter, .ant-fade-appear')).toHaveCount(0);
  await look(page, testInfo.outputPath(`${name}.png`), { fullPage: true });
}

test('a picture uploaded in the editor is in 媒体库 with its use, picked again for another article; an unused file is deleted', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const picture = `${unique('年会合影')}.png`;
  const first = unique('媒体库首篇');
  const second = unique('媒体库次篇');
  const png = await sharp({ create: { width: 960, height: 640, channels: 3, background: '#3a78c2' } })
    .png()
    .toBuffer();
  await openBackOffice(page);

  // The first article: the picture uploaded through the picker, with its progress.
  await openNewArticle(page, first);
  let picker = await openImagePicker(page);
  await expect(picker.getByRole('row').nth(1)).toBeVisible();
  await shot(page, testInfo, 'picker-1440');
  const chooser = page.waitForEvent('filechooser');
  await picker.getByRole('button', { name: '上传新图片' }).click();
  await (await chooser).setFiles({ name: picture, mimeType: 'image/png', buffer: png });
  await expect(picker).toBeHidden();
  await insertAndSave(page, first);

  // 媒体库: listed with the article that uses it, 删除 unavailable.
  await page.goto('/System/content/media');
  const row = page.getByRole('row').filter({ hasText: picture });
  await expect(row).toContainText(`文章《${first}》`);
  await expect(row).toContainText('图片');
  await expect(row).toContainText('admin');
  await expect(row.getByRole('button', { name: '删除' })).toBeDisabled();

  // The second article picks it from the library.
  await openNewArticle(page, second);
  picker = await openImagePicker(page);
  await picker.getByPlaceholder(/按文件名搜索/).fill(picture);
  await picker.getByPlaceholder(/按文件名搜索/).press('Enter');
  await expect(picker.getByRole('row')).toHaveCount(2);
  await picker
    .getByRole('row', { name: new RegExp(escapeRegExp(picture)) })
    .getByRole('button', { name: '选择' })
    .click();
  await expect(picker).toBeHidden();
  await insertAndSave(page, second);

  // An unused file (uploaded and never named) is deleted; the picture now has two uses.
  const unused = `${unique('草稿附件')}.pdf`;
  const stored = await page.evaluate(async (name) => {
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.7\n会议纪要'], { type: 'application/pdf' }), name);
    const response = await fetch('/api/XfSysBussiness/UploadFile?kind=file', {
      method: 'POST',
      body: form,
      headers: { token: localStorage.getItem('backstageToken') ?? '' },
    });
    return ((await response.json()) as { Data: string }).Data;
  }, unused);
  expect(stored).toMatch(/^\/uploads\/.+\.pdf$/);
  await page.goto('/System/content/media');
  await expect(row).toContainText('2处');
  await row.getByText('2处').hover();
  await expect(page.getByRole('tooltip', { name: /使用位置/ })).toContainText(`文章《${second}》`);
  await shot(page, testInfo, 'media-1440');
  const unusedRow = page.getByRole('row').filter({ hasText: unused });
  await expect(unusedRow).toContainText('未使用');
  await unusedRow.getByRole('button', { name: '删除' }).click();
  await page
    .getByRole('tooltip', { name: /确定删除/ })
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(unusedRow).toHaveCount(0);
  expect((await page.request.get(stored)).status()).toBe(404);

  // A phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(row).toBeVisible();
  await shot(page, testInfo, 'media-375');
  await openNewArticle(page, unique('手机'));
  await expect((await openImagePicker(page)).getByRole('row').nth(1)).toBeVisible();
  await shot(page, testInfo, 'picker-375');
});

test('媒体库’s 上传 stores a file through the editor’s upload and lists it, at both widths', async ({ page }, testInfo) => {
  await openBackOffice(page);
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    const name = `${unique('会员大会议程')}.pdf`;
    await page.goto('/System/content/media');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /上\s*传$/ }).click();
    await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n会议议程') });
    await expect(page.getByText('上传成功')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('文档');
    await expect(row).toContainText('未使用');
    await shot(page, testInfo, `media-upload-${width}`);
    // A file of a kind the site does not take is refused before it is sent.
    const refused = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /上\s*传$/ }).click();
    await (await refused).setFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect(page.getByText(/^上传格式需为：\.jpg\/.*\.mp4$/)).toBeVisible();
  }
});
