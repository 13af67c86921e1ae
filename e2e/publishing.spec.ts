import { expect, look, test } from './test.js';
import { openBackOffice, openNewArticle, setEditorContent, unique } from './admin-session.js';
import { settled, typeDate } from './helpers.js';

/**
 * Publishing as the office does it: an article saved with a publish time still to come waits as
 * 待发布, out of the public site, and its 预览 link shows it as its page will look to whoever the
 * link is sent to, until the editor calls it back.
 */
test('an editor schedules an article, which waits as 待发布 and opens through its preview link only', async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  const title = unique('年度会员大会通知');
  await openBackOffice(page);
  const dialog = await openNewArticle(page, title);
  await setEditorContent(page, '<p>大会将于明年召开。</p>');

  // A publish time next year: the form says what saving will do.
  const next = `${new Date().getFullYear() + 1}-03-01 09:00:00`;
  await typeDate(dialog.getByLabel('发布时间'), next);
  await expect(dialog.getByText('保存后为「待发布」，到时自动发布')).toBeVisible();
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await look(page, testInfo.outputPath(`schedule-dialog-${width}.png`));
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('待发布')).toBeVisible();
  await expect(row.getByText(next)).toBeVisible();

  // The public site does not have it: not in the latest news, and its address says 文章尚未发布.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/home');
  await expect(visitor.getByRole('tab', { name: '政策要闻' })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);

  // 预览: a link anyone holding it may open.
  await row.getByRole('button', { name: '预览' }).click();
  const preview = page.getByRole('dialog', { name: '预览文章' });
  const address = preview.getByLabel('预览链接');
  await expect(address).toContainText('/info?NewsId=');
  await settled(preview);
  await look(page, testInfo.outputPath('preview-dialog-1440.png'));
  const url = (await address.textContent())!.trim();
  const newsId = new URL(url).searchParams.get('NewsId');

  await visitor.goto(`/info?NewsId=${newsId}`);
  await expect(visitor.getByRole('heading', { name: '文章尚未发布' })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);

  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await expect(visitor.getByText('预览：当前状态为「待发布」，仅持有此链接的人可见，请勿转发')).toBeVisible();
  await expect(visitor.getByText('大会将于明年召开。')).toBeVisible();
  await expect(visitor).toHaveTitle(new RegExp(`^${title} · `));
  for (const width of [1440, 375]) {
    await visitor.setViewportSize({ width, height: 900 });
    await look(visitor, testInfo.outputPath(`preview-page-${width}.png`), { fullPage: true });
  }
  // An altered link shows nothing of it.
  await visitor.goto(`${url.slice(0, -1)}${url.endsWith('A') ? 'B' : 'A'}`);
  await expect(visitor.getByRole('heading', { name: '预览链接无效或已过期，请向管理员重新获取' })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);

  // Sent to the wrong person: the editor calls the article's links back, and the one sent opens nothing.
  await preview.getByRole('button', { name: '收回全部链接' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /^确\s*定$/ })
    .click();
  await expect(page.getByText('已收回该文章的全部预览链接，此前发出的链接均已失效')).toBeVisible();
  await expect(preview).toBeHidden();
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { name: '预览链接无效或已过期，请向管理员重新获取' })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);
  await visitor.context().close();
});
