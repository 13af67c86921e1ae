import type { Page } from '@playwright/test';
import { expect, look, test } from './test.js';
import { focusedElement, menuByName, menuListPath, publicArticle, type FocusStop } from './helpers.js';

// Walked with motion, as most visitors see it (the other journeys ask for reduced motion: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

/**
 * Keyboard-only use of the public site (issue 33; WCAG 2.1.1, 2.4.3, 2.4.7): Tab from the top of
 * a page reaches the skip link, the header's entries, the navigation, the content and the footer
 * in that order, and every element the focus lands on shows it: an outline or a box-shadow
 * (computed styles), and the element itself is what shows where it stands (not off-screen,
 * clipped or covered: the friendly links' scroller brings a focused link into view).
 */

/** Generous: /home has some hundred tab stops, and each step is a key press and a look on a loaded machine. */
const MAX_STOPS = 400;

/** Tabs from the top of the page to the end of the footer, answering each focus stop. */
async function tabThrough(page: Page): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let i = 0; i < MAX_STOPS; i++) {
    await page.keyboard.press('Tab');
    const stop = await focusedElement(page);
    // Past the footer's last entry the focus leaves the page (or comes round to the skip link).
    if (!stop || (stops.length > 0 && stop.region === 'skip')) return stops;
    stops.push(stop);
  }
  throw new Error(`still tabbing after ${MAX_STOPS} stops`);
}

/** The regions in the order the focus first reaches them. */
const regionOrder = (stops: readonly FocusStop[]) => stops.map((s) => s.region).filter((region, i, all) => all.indexOf(region) === i);

function expectVisibleFocus(stops: readonly FocusStop[]) {
  const unseen = stops.filter((s) => !(s.outline || s.boxShadow) || !s.focusVisible || !s.seen).map((s) => `${s.region}: ${s.label} ${JSON.stringify(s)}`);
  expect(unseen, 'focus stops without a visible focus indicator').toEqual([]);
}

for (const width of [1440, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 760 } });

    test('the home page in Tab order: skip link, header, navigation, content, footer, each focus visible', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/home');
      await expect(page.getByRole('region', { name: '图片新闻' }).getByRole('button', { name: '第 1 张' })).toBeVisible();
      await expect(page.getByRole('region', { name: '友情链接' })).toBeVisible();
      const stops = await tabThrough(page);
      expect(regionOrder(stops)).toEqual(['skip', 'header', 'navigation', 'main', 'footer']);
      // The content's parts: the carousel, its controls, the tabs and the friendly links.
      const labels = stops.map((s) => s.label);
      for (const name of ['暂停轮播', '第 1 张', '政策要闻'])
        expect(
          labels.some((l) => l.includes(name)),
          name,
        ).toBe(true);
      expectVisibleFocus(stops);
    });

    test('an article in Tab order: skip link, header, navigation, content with its share buttons, footer, each focus visible', async ({ page, request }) => {
      test.setTimeout(120_000);
      const article = await publicArticle(request);
      await page.goto(`/info?MenuId=${article.MenuId}&NewsId=${article.NewsId}`);
      await expect(page.getByRole('link', { name: '分享到微博' })).toHaveAttribute('href', /^https:/);
      // The latest article may hold a form (another journey's vote), drawn in place once its code
      // and results load: tab once the page has stopped growing, or a stop scrolled into view moves.
      await expect
        .poll(
          () =>
            page.evaluate(
              () =>
                new Promise<boolean>((resolve) => {
                  const before = document.documentElement.scrollHeight;
                  setTimeout(() => resolve(document.documentElement.scrollHeight === before), 1_000);
                }),
            ),
          { timeout: 20_000 },
        )
        .toBe(true);
      const stops = await tabThrough(page);
      expect(regionOrder(stops)).toEqual(['skip', 'header', 'navigation', 'main', 'footer']);
      const labels = stops.filter((s) => s.region === 'main').map((s) => s.label);
      for (const name of ['分享到微信', '分享到QQ', '分享到QQ空间', '分享到微博'])
        expect(
          labels.some((l) => l.endsWith(` ${name}`)),
          name,
        ).toBe(true);
      expectVisibleFocus(stops);
    });
  });
}

test('the other public pages: every focus stop shows its focus, in the same order of regions', async ({ page, request }) => {
  test.setTimeout(180_000);
  const pages = [
    { path: menuListPath(await menuByName(request, '通知公告')), ready: () => expect(page.getByRole('list', { name: '文章列表' })).toBeVisible() },
    { path: `/searchKey?key=${encodeURIComponent('协会')}`, ready: () => expect(page.getByText(/共找到 [1-9]\d* 条/)).toBeVisible() },
    { path: '/certsearch', ready: () => expect(page.getByLabel('姓名')).toBeVisible() },
  ];
  for (const { path, ready } of pages) {
    await page.goto(path);
    await ready();
    const stops = await tabThrough(page);
    expect(regionOrder(stops), path).toEqual(['skip', 'header', 'navigation', 'main', 'footer']);
    expectVisibleFocus(stops);
  }
});

/** How the focused element itself (not a box around it) draws its focus: its own outline or box-shadow, and whether a keyboard ring is due. */
const ownFocusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return {
      ring: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) || style.boxShadow !== 'none',
      focusVisible: el.matches(':focus-visible'),
    };
  });

for (const width of [1440, 375]) {
  test(`at ${width} px the header's search box draws its focus ring on itself, not on a box around it`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 760 });
    await page.goto('/home');
    const search = page.getByRole('banner').getByRole('searchbox', { name: '站内搜索' });
    await expect(search).toBeVisible();
    // From the keyboard: the tab stop before it, then Tab.
    await search.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(search).toBeFocused();
    expect(await ownFocusRing(page)).toEqual({ ring: true, focusVisible: true });
    // For a look: the ring runs over the edge of the 搜索 button joined to the field.
    const [field, button] = [(await search.boundingBox())!, (await page.getByRole('banner').getByRole('button', { name: '搜索' }).boundingBox())!];
    await look(page, testInfo.outputPath(`search-focus-${width}.png`), {
      clip: { x: field.x - 8, y: field.y - 8, width: field.width + button.width + 16, height: field.height + 16 },
    });
  });
}

test('at 375 px Escape in the open 栏目导航 menu closes it and puts the focus back on its button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 760 });
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: '网站导航' });
  const button = nav.getByText('栏目导航');
  await button.focus();
  await page.keyboard.press('Enter');
  const panelLink = nav.getByRole('link', { name: '通知公告' }).last();
  await expect(panelLink).toBeVisible();
  // Into the panel, then Escape from one of its entries.
  await page.keyboard.press('Tab');
  expect((await focusedElement(page))?.region).toBe('navigation');
  await page.keyboard.press('Escape');
  await expect(panelLink).toBeHidden();
  await expect(button).toBeFocused();
  expect(await ownFocusRing(page)).toEqual({ ring: true, focusVisible: true });
  // And from the button itself, the panel open: closed, the focus stays.
  await page.keyboard.press('Enter');
  await expect(panelLink).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panelLink).toBeHidden();
  await expect(button).toBeFocused();
});

test('a friendly link that takes the focus is brought into view and holds the scroller, which moves on when the focus leaves', async ({ page }) => {
  await page.goto('/home');
  const band = page.getByRole('region', { name: '友情链接' });
  // The copy of the row (for a seamless loop) is hidden from the keyboard: these are the row's own links.
  const links = band.getByRole('link');
  await expect(links.first()).toBeVisible();
  const track = band.locator('xpath=.//ul/..').first();
  const marquee = band.locator('xpath=.//ul/../..').first();
  const playState = () => track.evaluate((el) => el.getAnimations()[0]?.playState ?? 'none');
  await expect.poll(playState).toBe('running');

  // Let the row run until its first link has gone off to the left.
  const edge = async () => (await marquee.boundingBox())!.x;
  await expect
    .poll(async () => (await links.first().boundingBox())!.x + (await links.first().boundingBox())!.width - (await edge()), { timeout: 30_000 })
    .toBeLessThan(0);

  // From the keyboard, link after link: each in view with its focus ring, the row held still.
  const count = await links.count();
  await links.first().focus();
  for (let i = 0; i < count; i++) {
    if (i > 0) await page.keyboard.press('Tab');
    await expect(links.nth(i)).toBeFocused();
    await expect.poll(playState).toBe('paused');
    const stop = await focusedElement(page);
    expect(stop?.seen, `link ${i + 1} of ${count} is in view when focused`).toBe(true);
    expect(stop?.outline && stop.focusVisible, `link ${i + 1} draws its focus ring`).toBe(true);
  }
  // The focus leaves the row: it moves on.
  await page.keyboard.press('Tab');
  await expect(links.last()).not.toBeFocused();
  await expect.poll(playState).toBe('running');
});

for (const width of [1440, 375]) {
  test(`at ${width} px the navigation is one tab stop between the header and the content; the skip link reaches the content in three keys`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 760 });
    await page.goto('/home');
    if (width > 600) await expect(page.getByRole('menubar', { name: '栏目' })).toBeVisible();
    const stops: FocusStop[] = [];
    while (stops.at(-1)?.region !== 'main') {
      expect(stops.length, 'Tab presses before the content').toBeLessThan(30);
      await page.keyboard.press('Tab');
      stops.push((await focusedElement(page))!);
    }
    const before = stops.slice(0, -1);
    // The bar's one stop (its first entry, or on a phone the 栏目导航 button); 28 submenu links no more.
    expect(before.filter((s) => s.region === 'navigation').map((s) => s.label)).toEqual([width > 600 ? 'a 首页' : 'summary 栏目导航']);
    expect(regionOrder(before)).toEqual(['skip', 'header', 'navigation']);
    testInfo.annotations.push({ type: 'Tab presses to the first content link', description: `${stops.length} (${before.map((s) => s.label).join(' · ')})` });

    // With the skip link: Tab, Enter, Tab, and the focus is on the content's first link.
    await page.goto('/home');
    await page.keyboard.press('Tab');
    expect((await focusedElement(page))?.region).toBe('skip');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect((await focusedElement(page))?.region).toBe('main');
  });
}

test('the navigation’s menu bar: ←/→ along the top, ↓/Enter/Space into a submenu, ↑/↓/Home/End in it, →/← through a third level, Escape back, Tab out', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  const bar = page.getByRole('menubar', { name: '栏目' });
  const top = (name: string) => bar.getByRole('menuitem', { name, exact: true });
  const submenu = (name: string) => bar.getByRole('menu', { name, exact: true });
  await expect(top('首页')).toHaveAttribute('tabindex', '0');

  await top('首页').focus();
  await page.keyboard.press('ArrowRight');
  await expect(top('协会概况')).toBeFocused();
  // Moving along the bar opens nothing.
  await expect(top('协会概况')).toHaveAttribute('aria-expanded', 'false');
  await expect(submenu('协会概况')).toBeHidden();
  // The focused entry is the bar's tab stop now, and the only one.
  await expect(bar.locator('[tabindex="0"]')).toHaveCount(1);
  await expect(top('协会概况')).toHaveAttribute('tabindex', '0');
  await page.keyboard.press('ArrowLeft');
  await expect(top('首页')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(bar.locator(':scope > li > a').last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(top('首页')).toBeFocused();

  // ↓ opens 新闻中心's submenu on its first entry; ↓/↑ move in it, wrapping; End and Home.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(top('新闻中心')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(top('新闻中心')).toHaveAttribute('aria-expanded', 'true');
  const news = submenu('新闻中心');
  const first = news.locator(':scope > li > a').first();
  const last = news.locator(':scope > li > a').last();
  await expect(first).toBeFocused();
  await look(page, testInfo.outputPath('menubar-open-1440.png'), { clip: { x: 0, y: 0, width: 1440, height: 560 } });
  await page.keyboard.press('ArrowUp');
  await expect(last).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(first).toBeFocused();
  await page.keyboard.press('End');
  await expect(last).toBeFocused();
  await page.keyboard.press('Home');
  await expect(first).toBeFocused();

  // 协会动态 has a third level: → opens it, ← closes it back onto 协会动态.
  const activities = news.getByRole('menuitem', { name: '协会动态', exact: true });
  for (let i = 0; i < 12 && !(await activities.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expect(activities).toBeFocused();
  await expect(activities).toHaveAttribute('aria-haspopup', 'menu');
  await page.keyboard.press('ArrowRight');
  await expect(submenu('协会动态').getByRole('menuitem').first()).toBeFocused();
  await look(page, testInfo.outputPath('menubar-third-level-1440.png'), { clip: { x: 0, y: 0, width: 1440, height: 560 } });
  await page.keyboard.press('ArrowLeft');
  await expect(activities).toBeFocused();
  await expect(submenu('协会动态')).toBeHidden();

  // Escape closes the submenu, the focus back on its top entry.
  await page.keyboard.press('Escape');
  await expect(news).toBeHidden();
  await expect(top('新闻中心')).toBeFocused();
  await expect(top('新闻中心')).toHaveAttribute('aria-expanded', 'false');

  // → from a submenu's entry without its own: the next top entry (专家智库 has no submenu).
  await page.keyboard.press('ArrowDown');
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(top('专家智库')).toBeFocused();
  await expect(news).toBeHidden();

  // Enter on a top entry with a submenu opens it (the pointer still follows its link); Space too.
  await page.keyboard.press('ArrowRight');
  await expect(top('协会期刊')).toBeFocused();
  await page.keyboard.press('Enter');
  const contribute = submenu('协会期刊').getByRole('menuitem', { name: '在线投稿', exact: true });
  await expect(contribute).toBeFocused();
  await expect(page).toHaveURL(/\/home$/);
  await page.keyboard.press('Escape');
  await expect(top('协会期刊')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(contribute).toBeFocused();

  // Tab leaves the bar from a submenu too, straight to the content, everything closed.
  await page.keyboard.press('Tab');
  expect((await focusedElement(page))?.region).toBe('main');
  await expect(submenu('协会期刊')).toBeHidden();
  // Back with Shift+Tab: the bar's one stop is where the focus was, and the next Shift+Tab leaves it for the search.
  await page.keyboard.press('Shift+Tab');
  await expect(top('协会期刊')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('banner').getByRole('button', { name: '搜索' })).toBeFocused();

  // Enter on a submenu entry follows its link; the bar closes onto its top entry.
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await expect(contribute).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/menuList\?/);
  await expect(page.getByRole('heading', { level: 1, name: '在线投稿' })).toBeVisible();
  await expect(top('协会期刊')).toBeFocused();
  await expect(submenu('协会期刊')).toBeHidden();

  // The pointer still opens submenus by hovering, and a click follows a top entry's link.
  await top('新闻中心').hover();
  await expect(news).toBeVisible();
  await top('协会概况').click();
  await expect(page).toHaveURL(/\/menuList\?/);
});
