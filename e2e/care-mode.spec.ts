import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, look, test, waitingForApp } from './test.js';
import { axeFindings } from './axe.js';
import { escapeRegExp, expectFilings, expectNoSidewaysScroll, menuByName, menuListPath, publicArticle } from './helpers.js';

/**
 * 关怀版 (care mode) as an older or low-vision visitor uses it: turned on from the header, text at
 * 200 % on every page type without overlap or sideways scrolling at 1440 and 375 px, high
 * contrast passing axe, the large pointer, the reading line, read-aloud through the browser's
 * speech, the simple view without the carousel, the shortcuts; remembered and drawn by the
 * server from the first byte; turned off again.
 */

const toolbar = (page: Page) => page.getByRole('region', { name: '关怀版工具栏' });

/** The page scrolls only downwards: nothing wider than the window. */
/** Every public page type, by address. */
async function pageTypes(page: Page): Promise<[string, string][]> {
  const policy = await menuByName(page.request, '政策要闻');
  const single = await menuByName(page.request, '协会简介');
  const article = await publicArticle(page.request);
  return [
    ['home', '/home'],
    ['menu-list', menuListPath(policy)],
    ['single-page', menuListPath(single)],
    ['article', `/info?MenuId=${article.MenuId}&NewsId=${article.NewsId}`],
    ['search', `/searchKey?key=${encodeURIComponent('保险')}`],
    ['certsearch', '/certsearch'],
    ['statement', '/accessibility'],
  ];
}

/** A screenshot once the page's fonts are in (the links scroller never stops moving, so no waiting for animations). */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await look(page, testInfo.outputPath(`${name}.png`), { fullPage: false });
}

test('care mode: 200 % text on every page type at 1440 and 375 px, contrast, pointer, reading line, simple view; remembered from the first byte', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  await page.getByRole('button', { name: '关怀版' }).click();
  await expect(toolbar(page)).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bcare\b/);

  // Care mode starts at 150 %; two steps up to 200 %, by button and by shortcut; the largest step stops there.
  await expect(toolbar(page).getByText('150%', { exact: true })).toBeVisible();
  await toolbar(page).getByRole('button', { name: 'A+ 放大' }).click();
  await expect(toolbar(page).getByText('175%', { exact: true })).toBeVisible();
  await page.keyboard.press('Alt+Shift+Equal');
  await expect(toolbar(page).getByText('200%', { exact: true })).toBeVisible();
  await expect(toolbar(page).getByRole('button', { name: 'A+ 放大' })).toBeDisabled();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');

  // Drawn by the server: the page's own HTML already carries the look (no flash).
  const served = await (await page.request.get('/home')).text();
  expect(served).toMatch(/<html lang="zh-CN" class="[^"]*\bcare\b[^"]*\btext-200\b/);

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, url] of await pageTypes(page)) {
      await page.goto(url);
      await expect(toolbar(page)).toBeVisible();
      await expectNoSidewaysScroll(page, `${name} at ${width}`);
      await shot(page, testInfo, `care-200-${name}-${width}`);
    }
  }

  // High contrast: yellow on black, and axe finds nothing at any impact on each page type.
  await page.setViewportSize({ width: 1440, height: 900 });
  await toolbar(page).getByRole('button', { name: '高对比' }).click();
  await expect(page.locator('html')).toHaveClass(/\bscheme-contrast\b/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(0, 0, 0)');
  for (const [name, url] of await pageTypes(page)) {
    await page.goto(url);
    expect.soft(await axeFindings(page), `${name} in care mode, high contrast`).toEqual([]);
  }
  await shot(page, testInfo, 'care-contrast-statement-1440');
  await toolbar(page).getByRole('button', { name: '反色' }).click();
  await expect(page.locator('html')).toHaveClass(/\bscheme-invert\b/);
  await toolbar(page).getByRole('button', { name: '标准配色' }).click();

  // Large pointer and the reading line.
  await toolbar(page).getByRole('button', { name: '大鼠标' }).click();
  expect(await page.evaluate(() => getComputedStyle(document.body).cursor)).toContain('url(');
  await toolbar(page).getByRole('button', { name: '阅读线' }).click();
  await page.mouse.move(400, 300);
  await expect(page.getByTestId('reading-guide')).toHaveCSS('transform', /matrix\(1, 0, 0, 1, 0, 300\)/);

  // The simple view: no carousel, no 关注我们 pop-up, nothing animated.
  await page.goto('/home');
  await expect(page.getByRole('region', { name: '图片新闻' })).toHaveCount(1);
  await toolbar(page).getByRole('button', { name: '简约模式' }).click();
  await expect(page.getByRole('region', { name: '图片新闻' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /关注我们/ })).toHaveCount(0);
  await shot(page, testInfo, 'care-simple-home-1440');

  // Leaving care mode: the site's own look again, and the server draws it so.
  await toolbar(page).getByRole('button', { name: '退出关怀版' }).click();
  await expect(toolbar(page)).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveClass(/\bcare\b/);
  expect(await (await page.request.get('/home')).text()).toMatch(/<html lang="zh-CN" class="size-small">/);
  await expect(page.getByRole('region', { name: '图片新闻' })).toHaveCount(1);
});

test('read-aloud speaks the selection or the page through the browser’s speech, and says so when the browser has none', async ({ browser }) => {
  const context = await browser.newContext();
  // A spy in the page: what speechSynthesis was asked to speak.
  await context.addInitScript(() => {
    const spoken: { text: string; lang: string }[] = [];
    (window as unknown as { spoken: typeof spoken }).spoken = spoken;
    window.speechSynthesis.speak = (u: SpeechSynthesisUtterance) => void spoken.push({ text: u.text, lang: u.lang });
  });
  const page = waitingForApp(await context.newPage());
  const article = await publicArticle(page.request);
  await page.goto(`/info?MenuId=${article.MenuId}&NewsId=${article.NewsId}`);
  await page.getByRole('button', { name: '关怀版' }).click();
  await toolbar(page).getByRole('button', { name: '朗读' }).click();
  await expect(toolbar(page).getByRole('status')).toContainText(/正在朗读本页内容|未找到中文语音/);
  const spoken = await page.evaluate(() => (window as unknown as { spoken: { text: string; lang: string }[] }).spoken);
  expect(spoken).toHaveLength(1);
  // The title first, then the text: not the crumbs, the date and view count or the share row before them.
  expect(spoken[0]).toMatchObject({ lang: 'zh-CN', text: expect.stringMatching(new RegExp(`^${escapeRegExp(article.Title)}\\n\\S`)) });
  for (const aside of ['当前位置', '发布时间', '浏览次数', '分享到', '上一篇']) expect(spoken[0]!.text, aside).not.toContain(aside);
  await toolbar(page).getByRole('button', { name: '停止朗读' }).click();
  await expect(toolbar(page).getByRole('status')).toHaveText('已停止朗读');
  await context.close();

  const without = await browser.newContext();
  await without.addInitScript(() => {
    delete (window as unknown as { speechSynthesis?: unknown }).speechSynthesis;
  });
  const bare = waitingForApp(await without.newPage());
  await bare.goto('/accessibility');
  await bare.getByRole('button', { name: '关怀版' }).click();
  await toolbar(bare).getByRole('button', { name: '朗读' }).click();
  await expect(toolbar(bare).getByRole('status')).toContainText('您的浏览器不支持朗读功能');
  await without.close();
});

test('the 无障碍声明 lists the shortcuts and how to report a barrier; the footer shows both filing numbers', async ({ page }, testInfo) => {
  await page.goto('/home');
  await page.getByRole('contentinfo').getByRole('link', { name: '无障碍声明' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '无障碍声明' })).toBeVisible();
  await expect(page.getByRole('table', { name: '关怀版快捷键' }).getByRole('row')).toHaveCount(11);
  await expect(page.getByRole('table', { name: '栏目导航按键' }).getByRole('row')).toHaveCount(7);
  await expect(page.getByRole('heading', { name: '反馈无障碍问题' })).toBeVisible();
  await expectFilings(page.getByRole('contentinfo'));
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, testInfo, `statement-${width}`);
  }
  // The 404 page carries them as well.
  await page.goto('/no-such-page');
  await expect(page.getByRole('link', { name: /公网安备/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /ICP备/ })).toBeVisible();
});

test('the header’s 尺寸 scales the public site’s text, drawn so by the server; its list and 关注我们 never open together', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  const bar = page.getByRole('navigation', { name: '会员与服务' });
  const sizeButton = bar.getByRole('button', { name: /^页面尺寸/ });
  const rootSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
  expect(await rootSize()).toBe('16px');
  for (const [name, px] of [
    ['中等', '18px'],
    ['迷你', '14px'],
  ] as const) {
    await sizeButton.click();
    await bar.getByRole('button', { name }).click();
    expect(await rootSize()).toBe(px);
  }
  expect(await (await page.request.get('/home')).text()).toMatch(/<html lang="zh-CN" class="size-mini">/);

  // The card under the pointer closes the open list, and the list opening closes a held card.
  const qrCard = page.locator('figcaption', { hasText: '扫码关注' });
  await sizeButton.click();
  await expect(bar.getByRole('button', { name: '中等' })).toBeVisible();
  await bar.getByRole('button', { name: /关注我们/ }).hover();
  await expect(qrCard).toBeVisible();
  await expect(bar.getByRole('button', { name: '中等' })).toBeHidden();
  await bar.getByRole('button', { name: /关注我们/ }).click();
  await sizeButton.focus();
  await page.keyboard.press('Enter');
  await expect(bar.getByRole('button', { name: '较小' })).toBeVisible();
  await expect(qrCard).toBeHidden();
  await bar.getByRole('button', { name: '较小' }).click();
  expect(await rootSize()).toBe('16px');
});

/** The computed font size, in px, of the first element the locator finds. */
const fontSize = (locator: Locator) => locator.first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

for (const width of [1440, 375]) {
  test(`at ${width} px care mode starts with 150 % text and darker greys; a size the visitor picks is kept`, async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const article = await publicArticle(request);
    await page.goto(`/info?MenuId=${article.MenuId}&NewsId=${article.NewsId}`);
    const body = page.getByRole('main').getByRole('article').locator('p');
    const normal = await fontSize(body);
    const muted = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--c-muted').trim());

    await page.getByRole('button', { name: '关怀版' }).click();
    await expect(toolbar(page).getByText('150%', { exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\btext-150\b/);
    expect(await fontSize(body)).toBeCloseTo(normal * 1.5, 1);
    // Secondary text darker than the site's own grey (7:1 and more on white).
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--c-muted').trim())).not.toBe(muted);
    await expectNoSidewaysScroll(page, `article at 150 % and ${width}`);
    await shot(page, testInfo, `care-150-article-${width}`);

    // Down to 125 %, out of care mode and in again: the visitor's 125 % stays, drawn so by the server.
    await toolbar(page).getByRole('button', { name: 'A- 缩小' }).click();
    await expect(toolbar(page).getByText('125%', { exact: true })).toBeVisible();
    await toolbar(page).getByRole('button', { name: '退出关怀版' }).click();
    expect(await fontSize(body)).toBeCloseTo(normal, 1);
    await page.getByRole('button', { name: '关怀版' }).click();
    await expect(toolbar(page).getByText('125%', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\btext-125\b/);
    expect(await fontSize(body)).toBeCloseTo(normal * 1.25, 1);
    // 重置 goes back to care mode's start.
    await toolbar(page).getByRole('button', { name: '重置' }).click();
    await expect(toolbar(page).getByText('150%', { exact: true })).toBeVisible();
  });

  test(`at ${width} px the header search scales with 200 % text and keeps its edges in 高对比`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/home');
    await page.getByRole('button', { name: '关怀版' }).click();
    await toolbar(page).getByRole('button', { name: 'A+ 放大' }).click();
    await toolbar(page).getByRole('button', { name: 'A+ 放大' }).click();
    await expect(toolbar(page).getByText('200%', { exact: true })).toBeVisible();
    await toolbar(page).getByRole('button', { name: '高对比' }).click();
    await expect(page.locator('html')).toHaveClass(/\bscheme-contrast\b/);

    const banner = page.getByRole('banner');
    const field = banner.getByRole('searchbox', { name: '站内搜索' });
    const button = banner.getByRole('button', { name: '搜索' });
    // Both at the root's 32 px, the button as high as the box, side by side.
    expect(await fontSize(field)).toBe(32);
    expect(await fontSize(button)).toBe(32);
    const [box, submit] = [(await field.boundingBox())!, (await button.boundingBox())!];
    expect(box.height).toBeGreaterThanOrEqual(32 * 1.5);
    expect(Math.abs(box.height - submit.height)).toBeLessThanOrEqual(1);
    expect(Math.abs(box.y - submit.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(box.x + box.width - submit.x)).toBeLessThanOrEqual(1);
    // Every edge of the field and the button drawn in the scheme's yellow, but the field's side joined to the button.
    const edges = (locator: Locator) =>
      locator.evaluate((el) => {
        const style = getComputedStyle(el);
        return (['Top', 'Right', 'Bottom', 'Left'] as const).map((side) => [
          parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)),
          style.getPropertyValue(`border-${side.toLowerCase()}-color`),
        ]);
      });
    const drawn = [1, 'rgb(255, 255, 0)'];
    // Polled: the field's border colour eases into the scheme's (a transition of 0.2 s). Its right side is the button's left.
    await expect.poll(() => edges(field)).toEqual([drawn, [0, drawn[1]], drawn, drawn]);
    await expect.poll(() => edges(button)).toEqual([drawn, drawn, drawn, drawn]);
    await expectNoSidewaysScroll(page, `home at 200 % in 高对比 at ${width}`);
    await look(page, testInfo.outputPath(`care-200-contrast-search-${width}.png`), {
      clip: { x: 0, y: Math.max(0, box.y - 120), width, height: box.height + 240 },
    });
    await shot(page, testInfo, `care-200-contrast-home-${width}`);
  });
}
