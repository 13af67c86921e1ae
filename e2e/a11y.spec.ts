import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test.js';
import { adminToken, unique, type Envelope } from './admin-session.js';
import { axeFindings } from './axe.js';
import { everyFieldForm } from './forms.js';
import { idNumber, menuByName, menuListPath, publicArticle, settled } from './helpers.js';
import { closedElection } from './election-session.js';
import { member } from './member-session.js';

/**
 * WCAG 2.1 AA on the public site (GB/T 37668): axe-core finds no violation of any impact
 * on any public page or open public dialog. target-size (WCAG 2.2, 24 px) is checked too: the
 * carousel dots and header icons are the targets a phone user misses; and the experimental
 * label-content-name-mismatch (WCAG 2.5.3: a control's name holds its visible text).
 */

/** Runs axe on the page (or the part `include` selects) and fails with each finding, whatever its impact. */
async function expectAccessible(page: Page, what: string, include?: string) {
  expect.soft(await axeFindings(page, { include, least: 'minor' }), `${what}: axe violations`).toEqual([]);
}

/** One public page: how to open it and what shows it has loaded. */
interface PageCase {
  name: string;
  open: (page: Page, request: APIRequestContext) => Promise<void>;
}

const h1 = (page: Page) => expect.soft(page.getByRole('heading', { level: 1 }), 'one h1').toHaveCount(1);

/** A certificate record of our own, so the lookup with a result does not depend on the demo data. */
async function certificate(request: APIRequestContext): Promise<{ name: string; certNum: string }> {
  const token = await adminToken(request);
  const name = '无障碍测试';
  const certNum = unique('A11Y-').toUpperCase();
  const saved = (await (
    await request.post('/api/XfSysBussiness/EditCertInfo', {
      headers: { token },
      data: {
        _certId: 0,
        _name: name,
        _idNum: idNumber(Math.floor(Math.random() * 10_000)),
        _company: '示例建设工程有限公司',
        _examTime: '2025-03-16',
        _examStatus: 1,
        _certNum: certNum,
        _issueDate: '2025-04-01',
      },
    })
  ).json()) as Envelope<number>;
  expect(saved.Code, saved.Message).toBe(200);
  return { name, certNum };
}

/** Signs a new member in on this page (the session lives in localStorage). */
async function asMember(page: Page, request: APIRequestContext) {
  const memberToken = await member(request, await adminToken(request), '无障碍测试单位');
  await page.goto('/404');
  await page.evaluate((t) => localStorage.setItem('token', t), memberToken);
}

const pages: PageCase[] = [
  {
    name: '/home',
    open: async (page) => {
      await page.goto('/home');
      await expect(page.getByRole('region', { name: '图片新闻' })).toBeVisible();
    },
  },
  {
    name: '/menuList',
    open: async (page, request) => {
      await page.goto(menuListPath(await menuByName(request, '协会动态')));
      await expect(page.getByRole('list', { name: '文章列表' })).toBeVisible();
    },
  },
  {
    name: '/info',
    open: async (page, request) => {
      const article = await publicArticle(request);
      await page.goto(`/info?MenuId=${article.MenuId}&NewsId=${article.NewsId}`);
      await expect(page.getByRole('heading', { level: 1, name: article.Title })).toBeVisible();
    },
  },
  {
    name: '/searchKey with results',
    open: async (page) => {
      await page.goto(`/searchKey?key=${encodeURIComponent('协会')}`);
      await expect(page.getByText(/共找到 [1-9]\d* 条/)).toBeVisible();
    },
  },
  {
    name: '/certsearch before a search',
    open: async (page) => {
      await page.goto('/certsearch');
      await expect(page.getByLabel('姓名')).toBeVisible();
    },
  },
  {
    name: '/certsearch with a result',
    open: async (page, request) => {
      const { name, certNum } = await certificate(request);
      await page.goto(`/certsearch?Name=${encodeURIComponent(name)}&CertNum=${encodeURIComponent(certNum)}`);
      await expect(page.getByRole('row', { name: new RegExp(certNum) })).toBeVisible();
    },
  },
  {
    name: '/certsearch without a result',
    open: async (page) => {
      await page.goto(`/certsearch?Name=${encodeURIComponent('无此人')}&CertNum=NOPE`);
      await expect(page.getByRole('table').getByRole('cell', { name: '暂无数据' })).toBeVisible();
      // A button still loading is drawn faded; axe reads the page as the visitor is left with it.
      await expect(page.locator('button[aria-busy="true"]')).toHaveCount(0);
    },
  },
  {
    name: '/messages',
    open: async (page) => {
      await page.goto('/messages');
      await expect(page.getByRole('tab', { name: '留言选登', selected: true })).toBeVisible();
      await expect(page.getByRole('searchbox', { name: '搜索留言' })).toBeVisible();
    },
  },
  {
    name: '/messages?tab=ask',
    open: async (page) => {
      await page.goto('/messages?tab=ask');
      await expect(page.getByRole('img', { name: '验证码' })).toBeVisible();
    },
  },
  {
    name: '/messages?tab=lookup',
    open: async (page) => {
      await page.goto('/messages?tab=lookup');
      await expect(page.getByRole('textbox', { name: '查询码' })).toBeVisible();
    },
  },
  {
    name: '/404',
    open: async (page) => {
      await page.goto('/404');
      await expect(page.getByRole('button', { name: '返回首页' })).toBeVisible();
    },
  },
  {
    name: '/form/:id with every field type',
    open: async (page, request) => {
      const { id, title } = await everyFieldForm(request);
      await page.goto(`/form/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      // The visitor's captcha, drawn once the page runs.
      await expect(page.getByRole('img', { name: '验证码' })).toBeVisible();
    },
  },
  {
    name: '/member/forms',
    open: async (page, request) => {
      await asMember(page, request);
      await page.goto('/member/forms');
      await expect(page.getByText('暂无填报记录')).toBeVisible();
    },
  },
  {
    name: '/election/:id with a receipt checked',
    open: async (page, request) => {
      const { id, receipt } = await closedElection(request);
      await page.goto(`/election/${id}`);
      await expect(page.getByRole('figure', { name: /候选人得票/ })).toBeVisible();
      await page.getByLabel('回执码').fill(receipt);
      await page.getByRole('button', { name: '核对' }).click();
      await expect(page.getByText('该选票在公布的名单中，是第 1 张。')).toBeVisible();
      await page.getByText(/全部选票哈希/).click();
    },
  },
  {
    name: '/member/election',
    open: async (page, request) => {
      await asMember(page, request);
      await page.goto('/member/election');
      await expect(page.getByText(/暂无您可参加的选举|无记名投票/)).toBeVisible();
    },
  },
  {
    name: '/member/inbox',
    open: async (page, request) => {
      await asMember(page, request);
      await page.goto('/member/inbox');
      await expect(page.getByText('暂无站内信')).toBeVisible();
    },
  },
  {
    name: '/member/notifications',
    open: async (page, request) => {
      await asMember(page, request);
      await page.goto('/member/notifications');
      await expect(page.getByRole('switch', { name: '通知公告' })).toBeChecked();
    },
  },
  {
    name: '/privacy',
    open: async (page) => {
      await page.goto('/privacy');
      await expect(page.getByRole('table', { name: '隐私政策历次版本' })).toBeVisible();
    },
  },
  {
    // A link that is not the site's: its refusal drawn in the page (unsubscribe.spec.ts checks the page asking and done).
    name: '/unsubscribe with a link that is not valid',
    open: async (page) => {
      await page.goto('/unsubscribe?t=notice.1.1.x');
      await expect(page.getByText('退订链接无效')).toBeVisible();
    },
  },
  {
    name: '/member/activity',
    open: async (page, request) => {
      await asMember(page, request);
      await page.goto('/member/activity');
      // The page arrives drawn for a visitor; the member's list replaces the notice once the session is read.
      await expect(page.locator('.ant-segmented')).toBeVisible();
    },
  },
  {
    name: '/contribute',
    open: async (page, request) => {
      await asMember(page, request);
      await page.goto('/contribute');
      await expect(page.getByText('稿件提交后由协会审核')).toBeVisible();
    },
  },
];

for (const { name, open } of pages) {
  test(`${name} has no accessibility violations at any impact and one h1`, async ({ page, request }) => {
    await open(page, request);
    await h1(page);
    await expectAccessible(page, name);
  });
}

test('the contribution dialog has no accessibility violations at any impact', async ({ page, request }) => {
  await asMember(page, request);
  await page.goto('/contribute');
  // The page arrives drawn for a visitor; the member's list replaces the notice once the session is read.
  await expect(page.getByText('稿件提交后由协会审核')).toBeVisible();
  await page
    .getByRole('button', { name: /投\s*稿/ })
    .last()
    .click();
  const contribution = page.getByRole('dialog', { name: '投稿' });
  await settled(contribution);
  await expectAccessible(page, 'contribution dialog', '.ant-modal-wrap');
});

test('public dialogs and the QR popover have no accessibility violations at any impact', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: '会员登录' }).first().click();
  const login = page.getByRole('dialog', { name: '会员登录' });
  await settled(login);
  await expectAccessible(page, 'member login dialog', '.ant-modal-wrap');
  await login.getByRole('button', { name: /取\s*消/ }).click();
  await expect(login).toBeHidden();

  await page.getByRole('button', { name: '建议箱' }).click();
  const suggestion = page.getByRole('dialog', { name: '建议箱' });
  await settled(suggestion);
  await expectAccessible(page, 'suggestion dialog', '.ant-modal-wrap');
  await page.keyboard.press('Escape');
  await expect(suggestion).toBeHidden();

  // The QR popover opens from the keyboard alone and closes with Escape.
  const follow = page.getByRole('button', { name: '关注我们' });
  await follow.focus();
  await page.keyboard.press('Enter');
  // The popover's picture (the footer's is named 官方公众号二维码).
  const qr = page.getByRole('navigation', { name: '会员与服务' }).getByRole('img', { name: /公众号/ });
  // Drawn in place without animation: nothing to wait for (settled() would wait for the whole
  // page's animations, the friendly links' endless scroll among them).
  await expect(qr).toBeVisible();
  await expectAccessible(page, 'QR popover', 'nav[aria-label="会员与服务"]');
  await page.keyboard.press('Escape');
  await expect(qr).toBeHidden();
});

test.describe('with motion', () => {
  // The carousel moves by itself only for a visitor who has not asked for reduced motion.
  test.use({ reducedMotion: 'no-preference' });

  test('keyboard users skip to the content, see where the focus is, and can pause the carousel', async ({ page }) => {
    // The page's timers run on a clock the test can move on at once (it also runs by itself).
    await page.clock.install();
    await page.goto('/home');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '跳到主要内容' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    // The focus ring is drawn (an outline of at least 2 px, not the browser's none).
    const outline = await skip.evaluate((el) => getComputedStyle(el).outlineWidth);
    expect(parseFloat(outline)).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();

    const carousel = page.getByRole('region', { name: '图片新闻' });
    const pause = carousel.getByRole('button', { name: '暂停轮播' });
    await pause.click();
    await expect(carousel.getByRole('button', { name: '播放轮播' })).toBeVisible();
    // Paused: the current dot stays the same beyond an autoplay period (3 s).
    const current = carousel.locator('[aria-current="true"]');
    const before = await current.getAttribute('aria-label');
    await page.mouse.move(0, 0);
    await page.clock.runFor(3_500);
    await expect(current).toHaveAttribute('aria-label', before!);
  });
});
