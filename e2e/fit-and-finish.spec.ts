import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './test.js';
import { adminToken, unique } from './admin-session.js';
import { apiData, escapeRegExp, menuByName, menuListPath, publicArticle, settled } from './helpers.js';
import { call } from './member-session.js';

// Walked with motion, as most visitors see it (the other journeys ask for reduced motion: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

/**
 * Public fit and finish from the browser walk of issue 33: reduced motion honoured by the
 * carousel and the friendly links; WeChat's QR card opened by a click and closed by Escape; a
 * menu with a WebUrl opening in a new tab wherever it is shown; toasts clear of the header's
 * account entry.
 */

const carousel = (page: Page) => page.getByRole('region', { name: '图片新闻' });
const currentDot = (page: Page) => carousel(page).locator('[aria-current="true"]');

/**
 * Opens 会员登录 from the header and says whether antd animated its coming: a watcher set up
 * before the click notes any element that took a zoom or fade motion's start or active class on
 * the way (the prepare step, which only measures where the dialog zooms from, runs either way).
 */
async function loginDialogMoved(page: Page): Promise<boolean> {
  await page.evaluate(() => {
    const w = window as unknown as { moved: boolean };
    w.moved = false;
    const moving = /(^|\s)ant-(zoom|fade)-(appear|enter)-(start|active)(\s|$)/;
    new MutationObserver((records) => {
      for (const r of records) {
        const nodes = r.type === 'attributes' ? [r.target] : [...r.addedNodes];
        for (const n of nodes)
          if (n instanceof Element && [n, ...n.querySelectorAll('*')].some((e) => moving.test(e.getAttribute('class') ?? ''))) w.moved = true;
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  await page.getByRole('button', { name: '会员登录' }).first().click();
  await expect(page.getByRole('dialog', { name: '会员登录' })).toBeVisible();
  return page.evaluate(() => (window as unknown as { moved: boolean }).moved);
}

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the carousel stands still and slides without animation, and its controls still work', async ({ page }) => {
    // The page's timers run on a clock the test can move on at once (it also runs by itself).
    await page.clock.install();
    await page.goto('/home');
    const region = carousel(page);
    await expect(region.getByRole('button', { name: '第 1 张' })).toHaveAttribute('aria-current', 'true');
    // Stopped from the start: its button offers to play.
    await expect(region.getByRole('button', { name: '播放轮播' })).toBeVisible();
    // A slide's picture, in its slide, in the moving track.
    const track = region.locator('img').first().locator('xpath=../..');
    expect(await track.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
    await page.clock.runFor(10_000);
    await expect(currentDot(page)).toHaveAttribute('aria-label', '第 1 张');

    // The arrows and dots work, wrapping round at either end.
    const dots = region.getByRole('button', { name: /^第 \d+ 张$/ });
    const count = await dots.count();
    await region.getByRole('button', { name: '下一张' }).click();
    await expect(currentDot(page)).toHaveAttribute('aria-label', '第 2 张');
    await region.getByRole('button', { name: '上一张' }).click();
    await region.getByRole('button', { name: '上一张' }).click();
    await expect(currentDot(page)).toHaveAttribute('aria-label', `第 ${count} 张`);
    await region.getByRole('button', { name: '下一张' }).click();
    await expect(currentDot(page)).toHaveAttribute('aria-label', '第 1 张');
    await dots.nth(2).click();
    await expect(currentDot(page)).toHaveAttribute('aria-label', '第 3 张');

    // The visitor may still start it: it then moves on by itself, one slide each 3 s.
    await region.getByRole('button', { name: '播放轮播' }).click();
    await page.mouse.move(0, 0);
    await page.getByRole('main').focus();
    await page.clock.runFor(3_500);
    await expect(currentDot(page)).toHaveAttribute('aria-label', `第 ${((2 + 1) % count) + 1} 张`);
  });

  test('the friendly links do not scroll: all of them are shown, each in view', async ({ page }) => {
    await page.goto('/home');
    const band = page.getByRole('region', { name: '友情链接' });
    const links = band.getByRole('link');
    await expect(links.first()).toBeVisible();
    expect(await band.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
    await band.scrollIntoViewIfNeeded();
    const box = (await band.boundingBox())!;
    for (const link of await links.all()) {
      const at = (await link.boundingBox())!;
      expect(at.x >= box.x && at.x + at.width <= box.x + box.width && at.y >= box.y && at.y + at.height <= box.y + box.height, await link.innerText()).toBe(
        true,
      );
    }
  });
  test('antd dialogs appear at once, without zooming', async ({ page }) => {
    await page.goto('/home');
    expect(await loginDialogMoved(page)).toBe(false);
  });
});

test('without reduced motion the carousel moves on by itself (the check above can fail)', async ({ page }) => {
  await page.clock.install();
  await page.goto('/home');
  await expect(carousel(page).getByRole('button', { name: '暂停轮播' })).toBeVisible();
  await page.mouse.move(0, 0);
  const before = await currentDot(page).getAttribute('aria-label');
  await page.clock.runFor(3_500);
  await expect(currentDot(page)).not.toHaveAttribute('aria-label', before!);
});

test('without reduced motion antd dialogs zoom in (the check above can fail)', async ({ page }) => {
  await page.goto('/home');
  expect(await loginDialogMoved(page)).toBe(true);
});

test('WeChat’s QR card opens on a click (also where the pointer already showed it), stays, and Escape closes it; Enter opens it too', async ({
  page,
  request,
}) => {
  const article = await publicArticle(request);
  await page.goto(`/info?MenuId=${article.MenuId}&NewsId=${article.NewsId}`);
  const wechat = page.getByRole('button', { name: '分享到微信' });
  await expect(wechat).toBeEnabled();
  const card = page.getByText('打开微信“扫一扫”，分享给朋友');

  // The pointer shows it; a click keeps it (it used to close it) and the pointer may then leave.
  await wechat.hover();
  await expect(card).toBeVisible();
  await wechat.click();
  await expect(card).toBeVisible();
  await expect(wechat).toHaveAttribute('aria-expanded', 'true');
  await page.mouse.move(0, 0);
  await expect(card).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await expect(wechat).toHaveAttribute('aria-expanded', 'false');

  // A click elsewhere closes it too.
  await wechat.click();
  await expect(card).toBeVisible();
  await page.mouse.move(0, 0);
  await page.getByRole('heading', { level: 1 }).click();
  await expect(card).toBeHidden();

  // From the keyboard.
  await wechat.focus();
  await page.keyboard.press('Enter');
  await expect(card).toBeVisible();
  await expect(page.getByRole('img', { name: '本页二维码' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await expect(wechat).toBeFocused();
});

test('a menu with a WebUrl opens in a new tab from the navigation, as its menu page does (证书查询 → /certsearch)', async ({ page, context, request }) => {
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: '网站导航' });
  // 鉴定评优 lands on its first child, 证书查询, whose WebUrl is /certsearch.
  const top = nav.getByRole('menuitem', { name: '鉴定评优', exact: true });
  await expect(top).toHaveAttribute('target', '_blank');
  await expect(top).toHaveAttribute('href', '/certsearch');
  await expect(async () => {
    await top.hover();
    await expect(nav.getByRole('menuitem', { name: '证书查询' })).toBeVisible({ timeout: 2000 });
  }).toPass();
  const entry = nav.getByRole('menuitem', { name: '证书查询' });
  await expect(entry).toHaveAttribute('target', '_blank');
  const opened = context.waitForEvent('page');
  await entry.click();
  const tab = await opened;
  await expect(tab).toHaveURL(/\/certsearch$/);
  await expect(tab.getByRole('heading', { name: '证书及成绩查询' })).toBeVisible();
  await tab.close();
  await expect(page).toHaveURL(/\/home$/);

  // Its menu page opens the same address in a new tab and steps back.
  await page.goto('/searchKey');
  const again = context.waitForEvent('page');
  await page.goto(menuListPath(await menuByName(request, '证书查询')));
  await expect(await again).toHaveURL(/\/certsearch$/);
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp('/searchKey')}$`));
});

/** An approved member with a known account and password, added in the back office. */
async function memberAccount(request: APIRequestContext): Promise<{ account: string; password: string }> {
  const account = unique('t');
  const password = 'Member-lamp-2024';
  const [companyType] = await apiData<{ Id: number }[]>(request, 'GetTypeList', { type: 1 });
  const [memberLevel] = await apiData<{ Id: number }[]>(request, 'GetTypeList', { type: 2 });
  await call(
    request,
    'XfSysBussiness/EditMemberInfo',
    {
      MemberId: 0,
      Account: account,
      Pwd: password,
      MemberName: '提示位置测试单位',
      LegalPerson: '周九',
      CompanyType: companyType!.Id,
      MemberLevel: memberLevel!.Id,
      OperatorPhone: '13600136000',
      Email: `${account}@example.com`,
    },
    await adminToken(request),
  );
  return { account, password };
}

/** True when two boxes share some area. */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectClearOf(toast: Locator, entry: Locator) {
  await expect(toast).toBeVisible();
  // Measured where it stops, not on its way in (it slides down into place).
  await settled(toast);
  const [t, e] = [(await toast.boundingBox())!, (await entry.boundingBox())!];
  expect(overlap(t, e), `toast ${JSON.stringify(t)} covers ${JSON.stringify(e)}`).toBe(false);
}

for (const width of [1440, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('toasts do not cover the member’s account in the header: the login’s own, and a later one', async ({ page, request }) => {
      const { account, password } = await memberAccount(request);
      await page.goto('/home');
      const bar = page.getByRole('navigation', { name: '会员与服务' });
      await bar.getByRole('button', { name: '会员登录' }).click();
      const login = page.getByRole('dialog', { name: '会员登录' });
      await login.getByLabel('账号').fill(account);
      await login.getByLabel('密码').fill(password);
      await login.getByRole('button', { name: /确\s*定/ }).click();
      const entry = bar.getByRole('button', { name: account });
      // The member dialogs' toasts are antd App's (AntdScope), placed by its `message` setting.
      await expectClearOf(page.locator('.ant-message-notice').filter({ hasText: '登录成功' }), entry);

      // A toast of the public pages (the header search's warning).
      await page.getByRole('searchbox', { name: '站内搜索' }).press('Enter');
      await expectClearOf(page.locator('.ant-message-notice').filter({ hasText: '请输入关键词' }), entry);
    });
  });
}
