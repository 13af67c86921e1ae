import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, look, test } from './test.js';
import ExcelJS from 'exceljs';
import { adminToken, openBackOffice, openFromSidebar, unique } from './admin-session.js';
import { expectNoSidewaysScroll } from './helpers.js';
import { DISPLAY_COOKIE, defaultDisplay, serializeDisplay } from '@portal/shared';

/**
 * The back office's list pages as one building block: 导出 writes the current search to an .xlsx
 * that reads back as the table shows it, and no search field or column is cut at the widths
 * an administrator works at.
 */

// Each journey here stands alone (a size is the browser's own setting): run one after another
// in one worker they were the run's longest stretch (about 2 minutes); in parallel they are
// shared out between the workers like the files.
test.describe.configure({ mode: 'parallel' });

/** No two search fields overlap, and no label or control inside one is cut off. */
async function expectSearchFormWhole(page: Page) {
  const items = page.locator('form.ant-form-inline > .ant-form-item').filter({ visible: true });
  // All the boxes in one call to the page (one call per field made this journey's most frequent step).
  const placed = await items.evaluateAll((els) =>
    els.map((el) => {
      const { x, y, width, height } = el.getBoundingClientRect();
      return { x, y, width, height };
    }),
  );
  for (const [i, a] of placed.entries()) {
    for (const b of placed.slice(i + 1)) {
      const apart = a.x + a.width <= b.x + 1 || b.x + b.width <= a.x + 1 || a.y + a.height <= b.y + 1 || b.y + b.height <= a.y + 1;
      expect(apart, `search fields overlap: ${JSON.stringify([a, b])}`).toBe(true);
    }
  }
  // A control wider than its field (a segmented toggle, say) spills over the next one.
  const cut = await items.evaluateAll((els) =>
    els.flatMap((el) =>
      [el, ...el.querySelectorAll<HTMLElement>('label, .ant-form-item-control-input, .ant-select-selection-placeholder')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => `${el.textContent?.slice(0, 12)}: ${e.className}`),
    ),
  );
  expect(cut, 'search field text cut off').toEqual([]);
}

/**
 * Every column is visible whole somewhere: scrolled fully left the first ones, scrolled fully
 * right the last one beside (not under) the pinned 操作 column; no header text clipped.
 */
async function expectColumnsWhole(page: Page) {
  const table = page.locator('.ant-table').filter({ visible: true }).first();
  const problems = await table.evaluate((el) => {
    const scroller = el.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    const found: string[] = [];
    if (!scroller) return ['no scroller'];
    scroller.scrollLeft = scroller.scrollWidth;
    const heads = [...el.querySelectorAll<HTMLElement>('thead th')];
    const pinned = heads.filter((th) => th.classList.contains('ant-table-cell-fix-right'));
    const free = heads.filter((th) => !th.classList.contains('ant-table-cell-fix-right') && !th.classList.contains('ant-table-selection-column'));
    const pinnedLeft = pinned.length ? Math.min(...pinned.map((p) => p.getBoundingClientRect().left)) : scroller.getBoundingClientRect().right;
    const last = free.at(-1);
    if (last && last.getBoundingClientRect().right > pinnedLeft + 1) found.push(`under 操作: ${last.textContent}`);
    for (const th of heads) if (th.scrollWidth > th.clientWidth + 1) found.push(`clipped: ${th.textContent}`);
    scroller.scrollLeft = 0;
    return found;
  });
  expect(problems).toEqual([]);
}

const pages: [group: string, item: string][] = [
  ['内容管理', '栏目管理'],
  ['内容管理', '文章管理'],
  ['内容管理', '推荐位管理'],
  ['内容管理', '轮播图管理'],
  ['内容管理', '友情链接'],
  ['内容管理', '类型管理'],
  ['内容管理', '敏感词'],
  ['内容管理', '易错词'],
  ['内容管理', '媒体库'],
  ['会员管理', '会员列表'],
  ['会员管理', '投稿审核'],
  ['会员管理', '建议留言'],
  ['证书管理', '证书列表'],
  ['证书管理', '考试成绩'],
  ['活动管理', '活动列表'],
  ['系统管理', '菜单管理'],
  ['系统管理', '角色管理'],
  ['系统管理', '管理员'],
  ['系统管理', '操作日志'],
  ['系统管理', '登录日志'],
  ['系统管理', '在线用户'],
  ['系统管理', '接口令牌'],
];

/** Lists whose columns were sized to fit beside the sidebar at 1440 px (at the default size 较小). */
const fitsAt1440 = ['会员列表'];

/**
 * The header's 尺寸, kept in the display cookie: 较小 (small) the default and 中等 (medium) the
 * largest. 迷你 (mini) is not walked: it is antd's small size, below 较小 in every measure (font,
 * control height, padding), so a field or column whole at 较小 and 中等 is whole at 迷你 too; what
 * these journeys check (nothing overlaps, nothing is cut, no sideways scroll) only gets harder as
 * things grow.
 */
for (const size of ['medium', 'small'] as const) {
  test(`list pages keep every search field and column whole at 1280 and 1440 px in size ${size}, and fit a phone`, async ({ page, baseURL }, testInfo) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.context().addCookies([{ name: DISPLAY_COOKIE, value: serializeDisplay({ ...defaultDisplay, size }), url: baseURL! }]);
    await openBackOffice(page);
    // The size took (the header says it; AntdScope hands it to antd as its component size).
    await expect(page.getByRole('button', { name: `页面尺寸：${size === 'medium' ? '中等' : '较小'}` })).toBeVisible();
    for (const [group, item] of pages) {
      await openFromSidebar(page, group, item);
      for (const width of [1440, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.locator('.ant-table').filter({ visible: true }).first()).toBeVisible();
        await expectSearchFormWhole(page);
        if (await page.locator('.ant-table-row').filter({ visible: true }).count()) await expectColumnsWhole(page);
        if (fitsAt1440.includes(item) && width === 1440 && size === 'small') {
          // Nothing to scroll to at the default size: every column is in sight beside the pinned 操作.
          const scroller = page.locator('.ant-table-content, .ant-table-body').filter({ visible: true }).first();
          expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
        }
        await look(page, testInfo.outputPath(`${item}-${size}-${width}.png`));
      }
      await page.setViewportSize({ width: 375, height: 800 });
      await expectNoSidewaysScroll(page, `${item} in size ${size} at 375 px`);
      await look(page, testInfo.outputPath(`${item}-${size}-375.png`), { fullPage: true });
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });
}

test('导出 downloads the current search as .xlsx that reads back as the list shows it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // Two suggestions of this run, found by a key only they hold.
  const key = unique('导出');
  for (const [i, content] of [`${key} 希望增加培训场次`, `=${key} 像公式的留言`].entries()) {
    const res = await page.request.post('/api/XfWebApi/SavePropose', {
      data: { Mobile: `1390000000${i}`, ProposeContent: content },
      headers: { 'x-forwarded-for': `10.66.${i}.${Math.floor(Math.random() * 250)}` },
    });
    expect(((await res.json()) as { Code: number }).Code).toBe(200);
  }
  await openBackOffice(page);
  await openFromSidebar(page, '会员管理', '建议留言');
  await page.getByLabel('关键字').fill(key);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.ant-table-row')).toHaveCount(2);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('建议留言.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await file.path())!)) as unknown as ExcelJS.Buffer);
  const rows = book.worksheets[0]!.getSheetValues()
    .slice(1)
    .map((row) => (row as unknown[]).slice(1));
  expect(rows[0]).toEqual(['手机号码', '留言内容', '留言时间', '阅读状态', '阅读时间']);
  const shown = await page.locator('.ant-table-row').evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[2]?.textContent?.trim()));
  expect(rows.slice(1).map((r) => r[0])).toEqual(shown);
  // A message that looks like a formula is text in the sheet, never run.
  expect(
    rows
      .slice(1)
      .map((r) => r[1])
      .sort(),
  ).toEqual([`'=${key} 像公式的留言`, `${key} 希望增加培训场次`].sort());
});

test('a search asked while the list is still loading runs, not swallowed by the busy button', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // A link only this run's search finds, among the site's others.
  const name = unique('加载中');
  const token = await adminToken(page.request);
  const saved = await page.request.post('/api/XfSysBussiness/SaveWebFriendlinks', {
    data: { Title: name, Friendlinks: 'https://example.org/' },
    headers: { token },
  });
  expect(((await saved.json()) as { Code: number }).Code).toBe(200);
  await openBackOffice(page);
  // The list's first page answers only once the search has been asked.
  let release!: () => void;
  const asked = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route('**/GetWebFriendlinksList?**', async (route) => {
    if (!held) {
      held = true;
      await asked;
    }
    await route.continue();
  });
  await openFromSidebar(page, '内容管理', '友情链接');
  const search = page.getByRole('button', { name: /查\s*询/ });
  await expect(search).toHaveAttribute('aria-busy', 'true');
  await page.getByLabel('链接名称').fill(name);
  await search.click();
  release();
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await expect(page.locator('.ant-table-row')).toContainText(name);
  await expect(search).toHaveAttribute('aria-busy', 'false');
});

test('on a phone a date filter shows its shortcuts and a whole month, and a range is picked a month at a time', async ({ page }) => {
  const width = 375;
  await page.setViewportSize({ width, height: 800 });
  await openBackOffice(page, { at: '/System/cert/list' });
  const popup = page.locator('.ant-picker-dropdown').filter({ visible: true });
  const inSight = async (what: string, locator: Locator) => {
    const box = await locator.boundingBox();
    expect(box, what).not.toBeNull();
    expect(box!.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${what} ends on screen`).toBeLessThanOrEqual(width);
  };

  // 发证日期: 今天, 昨天, 一周前 above the month.
  await page.getByLabel('发证日期').click();
  for (const shortcut of ['今天', '昨天', '一周前']) await inSight(shortcut, popup.getByText(shortcut, { exact: true }));
  await inSight('the month', popup.locator('.ant-picker-panel'));
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);

  // 考试日期: its shortcuts, one month with arrows both ways; a range across two months.
  await page.getByLabel('考试日期').first().click();
  for (const shortcut of ['最近一周', '最近一个月', '最近三个月']) await inSight(shortcut, popup.getByText(shortcut, { exact: true }));
  const month = popup.locator('.ant-picker-panel').filter({ visible: true });
  await expect(month).toHaveCount(1);
  await inSight('the month', month);
  const shown = month.locator('.ant-picker-header-view');
  const thisMonth = await shown.textContent();
  await month.getByRole('button', { name: /^上个月/ }).click();
  await expect(shown).not.toHaveText(thisMonth!);
  const lastMonth = await month.locator('td.ant-picker-cell-in-view').first().getAttribute('title');
  await month.locator(`td[title="${lastMonth}"]`).click();
  await month.getByRole('button', { name: /^下个月/ }).click();
  await expect(shown).toHaveText(thisMonth!);
  const firstOfThisMonth = await month.locator('td.ant-picker-cell-in-view').first().getAttribute('title');
  await month.locator(`td[title="${firstOfThisMonth}"]`).click();
  await expect(page.getByPlaceholder('开始日期')).toHaveValue(lastMonth!);
  await expect(page.getByPlaceholder('结束日期')).toHaveValue(firstOfThisMonth!);
});
