import type { Page } from '@playwright/test';
import { expect, test } from './test.js';
import { editorReady, openBackOffice } from './admin-session.js';

/**
 * The article editor (TinyMCE) in Chinese: every toolbar tooltip, menu and dialog; and an
 * attachment inserted through it downloads under its Chinese name.
 */

/** Opens 新增文章 and waits for the editor. */
async function openEditor(page: Page) {
  await openBackOffice(page, { at: '/System/content/news' });
  await page.getByRole('button', { name: '新增文章' }).click();
  await editorReady(page);
}

/** Texts a person reads in the editor's popups: visible text, tooltips, labels and placeholders. */
const popupTexts = (page: Page) =>
  page.evaluate(() => {
    const texts: string[] = [];
    for (const root of document.querySelectorAll('.tox-menu, .tox-dialog, .tox-collection, .tox-swatches-menu')) {
      texts.push((root as HTMLElement).innerText);
      for (const el of root.querySelectorAll('[title], [aria-label], [placeholder]')) {
        for (const name of ['title', 'aria-label', 'placeholder']) texts.push(el.getAttribute(name) ?? '');
      }
    }
    return texts;
  });

/**
 * What is still English: runs of two or more Latin letters, once sizes (12pt), colour codes,
 * keyboard shortcuts (Ctrl+K) and the two Latin typefaces offered by name are set aside.
 */
const english = (texts: string[]) =>
  [...new Set(texts.flatMap((t) => t.split('\n')).map((t) => t.trim()))].filter((t) =>
    /[A-Za-z]{2,}/.test(t.replace(/\d+(\.\d+)?pt|#[0-9A-Fa-f]{6}|\b(Ctrl|Shift|Alt)\+\S+|^(Arial|Times New Roman)$/g, '')),
  );

test('every tooltip, menu and dialog of the editor is in Chinese', async ({ page }) => {
  test.setTimeout(120_000);
  await openEditor(page);
  // The menu bar (文件, 编辑, 插入…) and the toolbar.
  const toolbar = page.locator('.tox-editor-header');
  const seen: string[] = [];

  // Tooltips of every toolbar button, with the value they name (段落, 14pt…).
  seen.push(
    ...(await toolbar.evaluate((bar) =>
      [...bar.querySelectorAll('[title], [aria-label]')].flatMap((el) => [el.getAttribute('title') ?? '', el.getAttribute('aria-label') ?? '']),
    )),
  );
  expect(seen).toContain('段落格式：段落');
  expect(seen.some((t) => /^字号：\d+pt$/.test(t))).toBe(true);

  // Each menu the menu bar and the toolbar open, and each submenu of those.
  const openers = toolbar.locator('button[aria-haspopup="true"], .tox-split-button__chevron');
  const count = await openers.count();
  expect(count).toBeGreaterThan(4);
  for (let i = 0; i < count; i += 1) {
    await openers.nth(i).click();
    await expect(page.locator('.tox-menu, .tox-swatches-menu').first()).toBeVisible();
    seen.push(...(await popupTexts(page)));
    const submenus = page.locator('.tox-menu .tox-collection__item[aria-haspopup="true"]');
    for (let j = 0; j < (await submenus.count()); j += 1) {
      await submenus.nth(j).hover();
      await expect(page.locator('.tox-menu')).not.toHaveCount(1);
      seen.push(...(await popupTexts(page)));
    }
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.locator('.tox-menu, .tox-swatches-menu')).toHaveCount(0);
  }

  // The dialogs: link, image, media, source code, preview.
  for (const name of ['插入/编辑链接', '插入/编辑图片', '插入/编辑媒体', '源代码', '预览']) {
    await toolbar.getByRole('button', { name, exact: true }).click();
    const dialog = page.locator('.tox-dialog');
    await expect(dialog).toBeVisible();
    seen.push(...(await popupTexts(page)));
    // Every tab of a dialog (image: 常规 / 高级 / 上传).
    const tabs = dialog.getByRole('tab');
    for (let j = 1; j < (await tabs.count()); j += 1) {
      await tabs.nth(j).click();
      seen.push(...(await popupTexts(page)));
    }
    await dialog
      .getByRole('button', { name: /关闭|取消/ })
      .first()
      .click();
    await expect(dialog).toBeHidden();
  }

  expect(english(seen)).toEqual([]);
});

test('an attachment inserted in the editor downloads under its Chinese name', async ({ page }) => {
  test.setTimeout(90_000);
  const name = '2024年会员大会通知.docx';
  await openEditor(page);
  await page.locator('.tox-editor-header').getByRole('button', { name: '插入/编辑链接', exact: true }).click();
  const dialog = page.locator('.tox-dialog');
  // 选择文件 offers 上传 beside 从媒体库选择.
  await dialog.getByRole('button', { name: '选择文件' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('dialog', { name: '选择文件' }).getByRole('button', { name: '上传新文件' }).click();
  // A .docx is a zip: the server checks the signature.
  await (
    await chooser
  ).setFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00', 'latin1'), Buffer.alloc(256)]),
  });
  const url = dialog.getByRole('combobox', { name: '地址' });
  await expect(url).toHaveValue(/^\/uploads\/.+\.docx$/);
  // The link reads as the file's name; the stored name is random.
  await expect(dialog.getByLabel('要显示的文本')).toHaveValue(name);
  const stored = await url.inputValue();
  expect(stored).not.toContain('会员大会');

  const download = page.waitForEvent('download');
  await page.evaluate((href) => {
    const a = document.createElement('a');
    a.href = href;
    document.body.append(a);
    a.click();
    a.remove();
  }, stored);
  expect((await download).suggestedFilename()).toBe(name);
});
