import type { Locator, Page } from '@playwright/test';
import { formatCst } from '@portal/shared';
import { expect, look, test } from './test.js';
import { adminToken, openBackOffice, saveArticleByApi, unique, type Envelope } from './admin-session.js';
import { menuByName, settled } from './helpers.js';

/**
 * 文章管理's bulk actions and the editor's autosave: two articles selected and taken offline
 * (批量下线) show 停用, then move to another menu (移动到栏目); a title typed into 新增文章 is
 * autosaved to the server (the editor shows 已自动保存 and the time, or that an autosave failed),
 * survives the page being closed, and is offered back (恢复) in a new page; closing the editor
 * with changes asks first.
 */

/** The admin's autosave of a new article, as the server holds it (null: none). */
async function autosaved(page: Page, token: string): Promise<string | null> {
  const res = await page.request.get('/api/XfSysBussiness/GetNewsAutosave', { params: { newsid: 0 }, headers: { token } });
  return ((await res.json()) as Envelope<{ Form: string } | null>).Data?.Form ?? null;
}

/** The screen at a phone's width and a desktop's, each once `dialog` has stopped moving (and `shown` is scrolled into view). */
async function shoot(page: Page, dialog: Locator, name: string, outputPath: (name: string) => string, shown?: Locator) {
  for (const [width, height] of [
    [375, 800],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await settled(dialog);
    await shown?.scrollIntoViewIfNeeded();
    await look(page, outputPath(`${name}-${width}.png`));
  }
}

const rowOf = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

test('selected articles go offline and move together', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await adminToken(page.request);
  const policy = await menuByName(page.request, '政策要闻');
  const prefix = unique('批量');
  const titles = [`${prefix}甲`, `${prefix}乙`];
  for (const title of titles) await saveArticleByApi(page.request, token, { MenuId: policy.MenuId, Title: title, NewContent: '<p>正文</p>' });

  await openBackOffice(page, { at: '/System/content/news' });
  await page.getByRole('textbox', { name: '标题' }).fill(prefix);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByRole('row').filter({ hasText: prefix })).toHaveCount(2);
  const selectBoth = async () => {
    for (const title of titles) await rowOf(page, title).getByRole('checkbox').check();
  };

  await selectBoth();
  await page.getByRole('button', { name: '批量下线' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /^下\s*线$/ })
    .click();
  await expect(page.getByText('已下线2篇')).toBeVisible();
  for (const title of titles) await expect(rowOf(page, title).getByText('停用')).toBeVisible();

  await selectBoth();
  await page.getByRole('button', { name: '移动到栏目' }).click();
  const move = page.getByRole('dialog', { name: '移动到栏目' });
  await settled(move);
  await move.getByLabel('目标栏目').click();
  await page.getByRole('menuitemcheckbox', { name: '新闻中心' }).click();
  await shoot(page, move, 'move-dialog', (n) => testInfo.outputPath(n));
  await move.getByRole('button', { name: /^确\s*定$/ }).click();
  await expect(page.getByText('已移动2篇')).toBeVisible();
  for (const title of titles) await expect(rowOf(page, title).getByRole('cell', { name: '新闻中心', exact: true })).toBeVisible();
});

test('批量发布 publishes what it may and names each article it left, with its reason', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await adminToken(page.request);
  const policy = await menuByName(page.request, '政策要闻');
  const prefix = unique('部分发布');
  const ready = `${prefix}可发布`;
  const expired = `${prefix}已过下线时间`;
  await saveArticleByApi(page.request, token, { MenuId: policy.MenuId, Title: ready, NewContent: '<p>正文</p>', Status: 0 });
  // 停用 with a take-down time already past: publishing it would take it down at once.
  const day = 86_400_000;
  await saveArticleByApi(page.request, token, {
    MenuId: policy.MenuId,
    Title: expired,
    NewContent: '<p>正文</p>',
    Status: 0,
    NewsCreateTime: formatCst(Date.now() - 2 * day),
    OfflineTime: formatCst(Date.now() - day),
  });

  await openBackOffice(page, { at: '/System/content/news' });
  await page.getByRole('textbox', { name: '标题' }).fill(prefix);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByRole('row').filter({ hasText: prefix })).toHaveCount(2);
  for (const title of [ready, expired]) await rowOf(page, title).getByRole('checkbox').check();
  await page.getByRole('button', { name: '批量发布' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /^发\s*布$/ })
    .click();
  const result = page.getByRole('dialog', { name: '批量发布结果' });
  await expect(result.getByText('已发布1篇；1篇未发布')).toBeVisible();
  await expect(result.getByText(`《${expired}》`)).toBeVisible();
  await expect(result.getByText('定时下线时间已过，请先修改或清除定时下线时间')).toBeVisible();
  await shoot(page, result, 'publish-result', (n) => testInfo.outputPath(n));
  await result.getByRole('button', { name: '知道了' }).click();
  await expect(rowOf(page, ready).getByText('正常')).toBeVisible();
  await expect(rowOf(page, expired).getByText('停用')).toBeVisible();
});

test('a new article’s autosave outlives the page and is offered back; closing with changes asks', async ({ page, context }, testInfo) => {
  test.setTimeout(120_000);
  // The autosave runs every 30 seconds: the page's timers run on a clock the test moves on at once
  // (it also runs by itself).
  await page.clock.install();
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await adminToken(page.request);
  const title = unique('自动保存');
  await openBackOffice(page, { at: '/System/content/news' });
  await page.getByRole('button', { name: '新增文章' }).click();
  const dialog = page.getByRole('dialog', { name: '新增文章' });
  const line = dialog.getByRole('status', { name: '自动保存' });
  // The server cannot be reached at the first autosave: the editor says so beside the body.
  await page.route('**/api/XfSysBussiness/SaveNewsAutosave', (route) => route.abort('connectionrefused'));
  await dialog.getByLabel('标题').fill(title);
  await page.clock.runFor(30_000);
  await expect(line).toHaveText('自动保存失败，请检查网络，将自动重试');
  await shoot(page, dialog, 'autosave-failed', (n) => testInfo.outputPath(n), line);
  // Reachable again: the next tick saves, and the line gives its time.
  await page.unroute('**/api/XfSysBussiness/SaveNewsAutosave');
  await page.clock.runFor(30_000);
  await expect.poll(() => autosaved(page, token), { timeout: 45_000 }).toContain(title);
  await expect(line).toHaveText(/^已自动保存 \d\d:\d\d:\d\d$/);
  await shoot(page, dialog, 'autosaved', (n) => testInfo.outputPath(n), line);
  await page.close();

  const again = await context.newPage();
  await again.setViewportSize({ width: 1440, height: 900 });
  await again.goto('/System/content/news');
  await again.getByRole('button', { name: '新增文章' }).click();
  const offer = again.getByRole('alert').filter({ hasText: '发现未保存的草稿' });
  await expect(offer).toContainText(/发现未保存的草稿（\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}），是否恢复？/);
  await shoot(again, again.getByRole('dialog', { name: '新增文章' }), 'restore-offer', (n) => testInfo.outputPath(n));
  await offer.getByRole('button', { name: /恢\s*复/ }).click();
  const editor = again.getByRole('dialog', { name: '新增文章' });
  await expect(editor.getByLabel('标题')).toHaveValue(title);

  await editor.getByRole('button', { name: /取\s*消/ }).click();
  const ask = again.getByRole('dialog', { name: '关闭编辑' });
  await expect(ask).toContainText('是否放弃未保存的修改？');
  await shoot(again, ask, 'close-ask', (n) => testInfo.outputPath(n));
  await ask.getByRole('button', { name: '继续编辑' }).click();
  await expect(editor.getByLabel('标题')).toHaveValue(title);
  await editor.getByRole('button', { name: /取\s*消/ }).click();
  await ask.getByRole('button', { name: '放弃修改' }).click();
  await expect(editor).toBeHidden();
  await expect.poll(() => autosaved(again, token)).toBeNull();
});
