import { expect, look, test } from './test.js';
import { adminToken, openBackOffice, unique, type Envelope } from './admin-session.js';
import { agreeToPrivacy, menuByName, menuListPath, settled } from './helpers.js';
import { member } from './member-session.js';

/** The smallest real PNG: one transparent pixel. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('a member contributes with a cover, reads the rejection, revises, and sees the article published', async ({ page }, testInfo) => {
  const admin = await adminToken(page.request);
  const token = await member(page.request, admin, '投稿测试单位');
  await page.goto('/home');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('/contribute');
  await expect(page.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();

  await page
    .getByRole('button', { name: /投\s*稿/ })
    .last()
    .click();
  const dialog = page.getByRole('dialog', { name: '投稿' });
  await settled(dialog);
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(dialog.getByText('请输入标题')).toBeVisible();
  // 在线投稿 under 协会期刊 is chosen and locked.
  await expect(dialog.getByText('协会期刊 / 在线投稿')).toBeVisible();
  const title = unique('工程质量潜在缺陷保险的实践');
  await dialog.getByLabel('标题').fill(title);
  await dialog.locator('input[type=file]').setInputFiles({ name: '封面.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.locator('img[src*="/uploads/"]')).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await agreeToPrivacy(dialog);
  await look(page, testInfo.outputPath('contribute-dialog-1440.png'));
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('提交成功')).toBeVisible();
  const row = page.locator('.ant-list-item', { hasText: title });
  await expect(row.getByText('审核中')).toBeVisible();
  await look(page, testInfo.outputPath('contribute-list-1440.png'), { fullPage: true });

  // The editor finds it in 投稿审核 and rejects it with a reason.
  const office = await page.context().newPage();
  await openBackOffice(office);
  // 工作台's 待审核投稿 card leads to the queue.
  await office.getByRole('link', { name: /待审核投稿：\d+，前往处理/ }).click();
  await expect(office).toHaveURL(/\/System\/member\/contribution$/);
  const queued = office.locator('.ant-table-row', { hasText: title });
  await queued.getByRole('button', { name: '审核' }).click();
  const review = office.getByRole('dialog', { name: '审核投稿' });
  await expect(review.getByText('投稿测试单位')).toBeVisible();
  await office.setViewportSize({ width: 1440, height: 900 });
  await look(office, testInfo.outputPath('review-dialog-1440.png'));
  await review.getByRole('button', { name: /驳\s*回/ }).click();
  await expect(review.getByText('请输入驳回原因')).toBeVisible();
  await review.getByLabel(/驳回原因/).fill('请补充项目案例');
  await review.getByRole('button', { name: /驳\s*回/ }).click();
  await expect(review).toBeHidden();

  // The member reads the reason and revises.
  const mine = (await (await page.request.get('/api/XfWebApi/GetMyNewsList', { headers: { token } })).json()) as Envelope<{
    List: { NewsId: number; Title: string }[];
  }>;
  const newsId = mine.Data.List.find((i) => i.Title === title)!.NewsId;
  await page.reload();
  await expect(row.getByText('审核不通过')).toBeVisible();
  await expect(row.getByText('驳回原因：请补充项目案例')).toBeVisible();

  // Another member opening it learns its status and nothing else: no title, no editor's reason.
  const other = await (await page.context().browser()!.newContext()).newPage();
  const otherToken = await member(other.request, admin, '另一家会员单位');
  await other.goto('/home');
  await other.evaluate((t) => localStorage.setItem('token', t), otherToken);
  await other.goto(`/info?NewsId=${newsId}`);
  await expect(other.getByRole('heading', { name: '文章审核不通过' })).toBeVisible();
  await expect(other.getByText(title)).toHaveCount(0);
  await expect(other.getByText('请补充项目案例')).toHaveCount(0);
  for (const width of [1440, 375]) {
    await other.setViewportSize({ width, height: 800 });
    await look(other, testInfo.outputPath(`withheld-article-${width}.png`), { fullPage: true });
  }
  await other.context().close();
  await page.setViewportSize({ width: 375, height: 800 });
  await look(page, testInfo.outputPath('contribute-list-375.png'), { fullPage: true });
  await row.getByRole('button', { name: /修\s*改/ }).click();
  const revise = page.getByRole('dialog', { name: '修改投稿' });
  await expect(revise.getByLabel('标题')).toHaveValue(title);
  await look(page, testInfo.outputPath('contribute-dialog-375.png'));
  await revise.getByLabel('标题').fill(`${title}（修改稿）`);
  await agreeToPrivacy(revise);
  await revise.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('提交成功')).toBeVisible();
  const revised = page.locator('.ant-list-item', { hasText: `${title}（修改稿）` });
  await expect(revised.getByText('审核中')).toBeVisible();

  // Approved in 投稿审核, it is listed under 在线投稿 and opens.
  await office.getByRole('button', { name: /查\s*询/ }).click();
  await office
    .locator('.ant-table-row', { hasText: `${title}（修改稿）` })
    .getByRole('button', { name: '审核' })
    .click();
  const second = office.getByRole('dialog', { name: '审核投稿' });
  await expect(second.getByText('驳回（admin）：请补充项目案例')).toBeVisible();
  // The reviewer corrects the title before approving (the footer is below the fold: once the dialog stands still).
  await settled(second);
  await second.getByRole('button', { name: /修\s*改/ }).click();
  await second.getByLabel('标题').fill(`${title}（定稿）`);
  await second.getByRole('button', { name: /通过并发布/ }).click();
  await expect(second).toBeHidden();
  expect(newsId).toBeGreaterThan(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(menuListPath(await menuByName(page.request, '在线投稿')));
  await page.getByRole('link', { name: `${title}（定稿）` }).click();
  await expect(page.getByRole('heading', { name: `${title}（定稿）` })).toBeVisible();
});
