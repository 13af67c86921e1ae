import type { Page } from '@playwright/test';
import { expect, look, test } from './test.js';
import { adminToken, editorReady, openBackOffice, saveArticleByApi, unique } from './admin-session.js';
import { menuByName, settled } from './helpers.js';

/**
 * 历史版本 and safe concurrent editing in 文章管理: an article edited twice keeps three
 * revisions, two of them compared side by side with the changed words marked, the first one
 * restored; and of two editors with the article open, the second to save is told
 * 文章已被他人修改 and may save over it.
 */

const okButton = (page: Page) => page.getByRole('dialog', { name: /文章/ }).getByRole('button', { name: /^确\s*定$/ });

/** An article made through SaveNews; answers its id. */
async function newArticle(page: Page, title: string, body: string): Promise<number> {
  const menu = await menuByName(page.request, '政策要闻');
  return saveArticleByApi(page.request, await adminToken(page.request), { MenuId: menu.MenuId, Title: title, NewContent: body });
}

/** 文章管理 showing only the article with this title. */
async function openList(page: Page, title: string) {
  await page.goto('/System/content/news');
  await page.getByRole('textbox', { name: '标题' }).fill(title);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1);
}

/** 修改 on the article's row, a new title and body, 确定. */
async function editArticle(page: Page, title: string, newTitle: string, body: string) {
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /修\s*改/ })
    .click();
  const dialog = page.getByRole('dialog', { name: '修改文章' });
  await expect(dialog.getByLabel('标题')).toHaveValue(title);
  await dialog.getByLabel('标题').fill(newTitle);
  await editorReady(page);
  await page.evaluate(
    (html) => (window as unknown as { tinymce: { activeEditor: { setContent: (html: string) => void } } }).tinymce.activeEditor.setContent(html),
    body,
  );
  await okButton(page).click();
}

test('an article edited twice shows its revisions, compares two of them and restores the first', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const first = unique('年会通知');
  const second = `${first}（二）`;
  const third = `${first}（三）`;
  await newArticle(page, first, '<p>协会年会定于五月在北京召开。</p>');
  await openBackOffice(page);
  await openList(page, first);
  await editArticle(page, first, second, '<p>协会年会定于六月在北京召开。</p>');
  await expect(page.getByText('修改成功')).toBeVisible();
  await editArticle(page, second, third, '<p>协会年会定于六月在上海召开。</p><p>请各会员单位报名。</p>');
  await expect(page.getByRole('row').filter({ hasText: third })).toHaveCount(1);

  // 历史版本: three revisions, newest first, with what each changed.
  await page.getByRole('row').filter({ hasText: third }).getByRole('button', { name: '历史版本' }).click();
  const drawer = page.getByRole('dialog', { name: /^历史版本：/ });
  await expect(drawer).toHaveAccessibleName(`历史版本：${third}`);
  const rows = drawer.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('修改标题、正文');
  await expect(rows.nth(3)).toContainText('新建');
  // 操作人 by name (the seeded administrator's), the account in its tooltip.
  await expect(rows.nth(1).getByText('超级管理员')).toHaveAttribute('title', 'admin');

  // The first and the last compared: the changed words marked on each side.
  await rows.nth(1).getByRole('checkbox').check();
  await rows.nth(3).getByRole('checkbox').check();
  await drawer.getByRole('button', { name: '比较所选版本' }).click();
  const compare = page.getByRole('dialog', { name: '版本比较' });
  await expect(compare.getByRole('row').filter({ hasText: '标题' })).toContainText(first);
  await expect(compare.getByRole('row').filter({ hasText: '标题' })).toContainText(third);
  const older = compare.getByRole('region', { name: '正文（旧）' });
  const newer = compare.getByRole('region', { name: '正文（新）' });
  await expect(older.locator('del')).toContainText(['五月']);
  await expect(newer.locator('ins').first()).toContainText('六月');
  await expect(newer.locator('ins')).toContainText(['上海', '请各会员单位报名']);
  await expect(newer).not.toContainText('五月');
  await compare.getByRole('button', { name: '关 闭' }).click();

  // 恢复 the first: a new revision, and the article has its old title again.
  await rows
    .nth(3)
    .getByRole('button', { name: /恢\s*复/ })
    .click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: '恢复后将生成新的版本' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /恢\s*复/ }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(1)).toContainText('恢复');
  // Numbered 1 to 4 without a gap, and the drawer titled by the restored title.
  await expect(rows.locator('td:nth-child(2)')).toHaveText(['4', '3', '2', '1']);
  await expect(drawer).toHaveAccessibleName(`历史版本：${first}`);
  for (const [width, height] of [
    [1440, 900],
    [375, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await settled(drawer);
    await look(page, testInfo.outputPath(`history-after-restore-${width}.png`));
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await drawer.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('cell', { name: first, exact: true })).toBeVisible();
});

test('of two editors with the same article open, the second to save is told 文章已被他人修改', async ({ page, context }) => {
  test.setTimeout(90_000);
  const title = unique('并发编辑');
  await newArticle(page, title, '<p>原文</p>');
  await openBackOffice(page);
  // A second tab of the same back office (the session is shared).
  const other = await context.newPage();
  await openList(page, title);
  await openList(other, title);

  for (const p of [page, other]) {
    await p
      .getByRole('row')
      .filter({ hasText: title })
      .getByRole('button', { name: /修\s*改/ })
      .click();
    await expect(p.getByRole('dialog', { name: '修改文章' }).getByLabel('标题')).toHaveValue(title);
    await editorReady(p);
  }
  await page.getByRole('dialog', { name: '修改文章' }).getByLabel('标题').fill(`${title}甲`);
  await okButton(page).click();
  await expect(page.getByText('修改成功')).toBeVisible();

  await other.getByRole('dialog', { name: '修改文章' }).getByLabel('标题').fill(`${title}乙`);
  await okButton(other).click();
  const conflict = other.getByRole('dialog', { name: '文章已被他人修改' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByRole('row').filter({ hasText: '标题' })).toContainText(`${title}甲`);
  await expect(conflict.getByRole('row').filter({ hasText: '标题' })).toContainText(`${title}乙`);
  // 覆盖保存: the second editor's title wins, knowingly. The dialog opens over the edit dialog
  // with a motion; a click while it still zooms in could land beside the button (a red run).
  await settled(conflict);
  await conflict.getByRole('button', { name: '覆盖保存' }).click();
  await expect(other.getByText('修改成功')).toBeVisible();
  await expect(conflict).toBeHidden();
  await expect(other.getByRole('cell', { name: `${title}乙`, exact: true })).toBeVisible();
});
