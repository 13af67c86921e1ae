import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from '@playwright/test';
import { cstDate } from '@portal/shared';
import { expect, look, test } from './test.js';
import { axeFindings } from './axe.js';
import { openBackOffice } from './admin-session.js';
import { expectNoSidewaysScroll, menuByName, menuListPath, publicArticle, typeDate } from './helpers.js';

/**
 * 访问统计 end to end (issue 59): three people read the public site in their own browsers (a
 * desktop Chrome on Windows, an iPhone's Safari, WeChat on an Android phone), open the home page,
 * an article, a list and the search (one word that finds articles, one that finds nothing), and
 * a search engine's robot comes by; the back office's 访问统计 for 今天 then shows their views,
 * the article among 热门文章, the word among 无结果的搜索词, 手机 and 电脑 among 设备 and the robots
 * apart; 热门文章 is exported and read back. Photographed at 1440 and 375 px.
 */

const DESK = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

/**
 * Real browsers' user agents: the server counts HeadlessChrome (the journeys' own browser) as a
 * robot. Each person comes from an address of their own (believed from loopback, e2e/server.ts),
 * in a province of their own.
 */
const people = {
  desktop: {
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    viewport: DESK,
    address: '202.96.128.86',
  },
  iPhone: {
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
    address: '123.125.114.144',
  },
  weChat: {
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
    viewport: { width: 393, height: 851 },
    address: '218.2.2.2',
  },
};

const BAIDU_SPIDER = 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)';

/** Opens each path as one person in a browser of their own; answers how many pages were opened. */
async function visit(browser: Browser, baseURL: string, person: (typeof people)[keyof typeof people], paths: string[]): Promise<number> {
  const context = await browser.newContext({
    baseURL,
    userAgent: person.userAgent,
    viewport: person.viewport,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    extraHTTPHeaders: { 'x-forwarded-for': person.address },
  });
  const page = await context.newPage();
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
  }
  await context.close();
  return paths.length;
}

/** A figure's number on its card (浏览量 12 次 …). */
async function figure(page: Page, label: string): Promise<number> {
  const text = (await page.getByRole('group', { name: label }).textContent()) ?? '';
  const value = text.match(new RegExp(`^${label}([\\d,]+)`))?.[1];
  return value === undefined ? -1 : Number(value.replace(/,/g, ''));
}

/** A ranked table's card by its title. */
const card = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });

async function shoot(page: Page, name: string, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await look(page, test.info().outputPath(`${name}-${size.width}.png`), { fullPage: true });
}

test('visits of three browsers and a robot show on 访问统计 for 今天, and 热门文章 exports', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(180_000);
  const today = cstDate();
  const article = await publicArticle(request);
  const menu = await menuByName(request, '协会动态');
  const articlePath = `/info?NewsId=${article.NewsId}`;
  // A word no article holds: what visitors look for and the site lacks.
  const missing = `量子琵琶${Date.now().toString(36)}`;
  const searchOf = (word: string) => `/searchKey?key=${encodeURIComponent(word)}`;

  let views = 0;
  views += await visit(browser, baseURL!, people.desktop, ['/home', articlePath, menuListPath(menu), searchOf('协会'), searchOf(missing)]);
  views += await visit(browser, baseURL!, people.iPhone, ['/home', articlePath, searchOf(missing)]);
  views += await visit(browser, baseURL!, people.weChat, ['/home', articlePath]);
  // A search engine's robot, counted apart.
  expect((await request.get('/home', { headers: { 'user-agent': BAIDU_SPIDER } })).status()).toBe(200);

  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.setViewportSize(DESK);
  await openBackOffice(page, { at: '/System/stats/visits' });

  // 自定义 opens the calendar, which says which days it offers; a range typed into it is kept in the address.
  const range = page.getByLabel('统计区间');
  await range.getByText('自定义', { exact: true }).click();
  await expect(page.getByText('可选今天及以前的日期，最长366天')).toBeVisible();
  const yesterday = cstDate(Date.now() - 86_400_000);
  await typeDate(page.getByPlaceholder('开始日期'), yesterday);
  await expect(page).toHaveURL(new RegExp(`[?&]range=custom&start=${yesterday}&end=${today}$`));
  await expect(page.getByText(`${yesterday} 至 ${today}（2天）`)).toBeVisible();
  await page.keyboard.press('Escape');
  await range.getByText('今天', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]range=today\b/);

  // The figures are rolled up from the hits every few minutes (or when the dashboard asks and
  // they are older): reloaded until they hold this journey's visits. The address keeps 今天.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/^数据更新于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeVisible({ timeout: 5_000 });
    expect(await figure(page, '浏览量')).toBeGreaterThanOrEqual(views);
    expect(await figure(page, '访客数')).toBeGreaterThanOrEqual(3);
    expect(await figure(page, '机器人访问')).toBeGreaterThanOrEqual(1);
    await expect(card(page, '无结果的搜索词').getByText(missing, { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000, 5_000] });
  await expect(page).toHaveURL(/[?&]range=today\b/);
  await expect(page.getByText(`${today}（1天），对比上一周期`)).toBeVisible();

  // The trend is drawn, named by its totals; the hours beside it.
  await expect(
    page
      .getByRole('figure', { name: /^访问趋势：浏览量 [\d,]+ 次，访客数 [\d,]+ 人$/ })
      .locator('svg')
      .first(),
  ).toBeVisible();
  await expect(
    page
      .getByRole('figure', { name: /^各时段浏览量/ })
      .locator('svg')
      .first(),
  ).toBeVisible();
  // The article links to its public page, in a new tab.
  const link = card(page, '热门文章').getByRole('link', { name: article.Title, exact: true });
  await expect(link).toHaveAttribute('href', articlePath);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(card(page, '站内搜索词').getByText('协会', { exact: true })).toBeVisible();
  for (const device of ['手机', '电脑']) await expect(card(page, '设备').getByRole('cell', { name: device, exact: true })).toBeVisible();
  await expect(card(page, '浏览器').getByRole('cell', { name: '微信', exact: true })).toBeVisible();
  await expect(card(page, '机器人').getByRole('cell', { name: '百度蜘蛛', exact: true })).toBeVisible();
  // The page itself (the shell around it is the back office's, checked on its own).
  expect.soft(await axeFindings(page, { include: 'main', least: 'serious' }), '访问统计: axe violations').toEqual([]);
  await shoot(page, 'visit-statistics', { width: 1440, height: 3200 });

  // 热门文章 exported: its own columns, the article with its three people's views.
  const downloading = page.waitForEvent('download');
  await card(page, '热门文章').getByRole('button', { name: '导出热门文章' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`访问统计-热门文章-${today}至${today}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await file.path())!)) as unknown as ExcelJS.Buffer);
  const rows = book.worksheets[0]!.getSheetValues()
    .slice(1)
    .map((r) => (r as unknown[]).slice(1));
  expect(rows[0]).toEqual(['文章编号', '标题', '浏览量', '访客数']);
  const row = rows.find((r) => String(r[0]) === String(article.NewsId));
  expect(row?.[1]).toBe(article.Title);
  expect(Number(row?.[2])).toBeGreaterThanOrEqual(3);
  expect(Number(row?.[3])).toBeGreaterThanOrEqual(3);

  // A phone: the cards one under another, each table scrolling inside its card.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('group', { name: '浏览量' })).toBeVisible();
  await expectNoSidewaysScroll(page, '访问统计 at 375 px');
  await shoot(page, 'visit-statistics', { width: 375, height: 7200 });

  // A range without a single visit, from a shared link: the figures at 0 and 暂无数据 for the rest.
  await page.setViewportSize(DESK);
  await page.goto('/System/stats/visits?range=custom&start=2001-01-01&end=2001-01-07');
  await expect(page.getByText('2001-01-01 至 2001-01-07（7天），对比上一周期 2000-12-25 至 2000-12-31')).toBeVisible();
  await expect(page.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
  expect(await figure(page, '浏览量')).toBe(0);
  await expect(page.getByRole('group', { name: '浏览量' })).toContainText('较上一周期 持平');
  await shoot(page, 'visit-statistics-empty', DESK);
  expect(problems).toEqual([]);
});

test('月度报告 of this month: its figures against the same days of last month, its tables, and an A4 print without the back office', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const today = cstDate();
  const month = today.slice(0, 7);
  const article = await publicArticle(request);
  // A visit of its own, so the month has one even when this journey runs alone.
  await visit(browser, baseURL!, people.desktop, [`/info?NewsId=${article.NewsId}`]);

  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.setViewportSize(DESK);
  await openBackOffice(page, { at: '/System/stats/visits?range=today' });

  // 月度报告 opens on last month; this month is chosen above the report.
  await page.getByRole('button', { name: '月度报告' }).click();
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const lastMonth = monthNumber === 1 ? `${year - 1}-12` : `${year}-${String(monthNumber - 1).padStart(2, '0')}`;
  await expect(page).toHaveURL(new RegExp(`[?&]range=today&report=${lastMonth}$`));
  await typeDate(page.getByLabel('报告月份'), month);
  await expect(page).toHaveURL(new RegExp(`[?&]report=${month}$`));
  const sheet = page.getByRole('article', { name: '网站访问月度报告' });
  await expect(sheet.getByRole('heading', { level: 1 })).toHaveText(`网站访问月度报告${year}年${monthNumber}月`);
  await expect(sheet.getByText(new RegExp(`^统计期间：${month}-01( 至 ${today})?（本月截至今天）；对比上月同期：${lastMonth}-01`))).toBeVisible();

  // Rolled up every few minutes: reloaded until the month holds the visit.
  await expect(async () => {
    await page.reload();
    expect(await figure(page, '浏览量')).toBeGreaterThanOrEqual(1);
    await expect(sheet.getByRole('region', { name: '热门文章' }).getByRole('link', { name: article.Title, exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000, 5_000] });
  await expect(page.getByRole('group', { name: '浏览量' })).toContainText(/较上月同期|上月同期无访问/);
  await expect(sheet.getByRole('region', { name: '设备' }).getByRole('cell', { name: '电脑', exact: true })).toBeVisible();
  await expect(
    sheet
      .getByRole('figure', { name: /^访问趋势：浏览量/ })
      .locator('svg')
      .first(),
  ).toBeVisible();
  // The super administrator holds stats:editors: the month's 编辑工作量 closes the report.
  await expect(sheet.getByRole('region', { name: '编辑工作量' })).toBeVisible();
  expect.soft(await axeFindings(page, { include: 'main', least: 'serious' }), '月度报告: axe violations').toEqual([]);
  await shoot(page, 'visit-report', { width: 1440, height: 2400 });

  // 打印 prints; printed, the copy stands alone on A4, without the back office or the buttons.
  await page.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => void w.printed++;
  });
  await page.getByRole('button', { name: /打\s*印/ }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const printed = page.getByTestId('visit-report-print-copy');
  await expect(printed.getByRole('heading', { level: 1 })).toHaveText(`网站访问月度报告${year}年${monthNumber}月`);
  await expect(printed.getByRole('region', { name: '热门文章' }).getByText(article.Title, { exact: true })).toBeVisible();
  await expect(page.getByRole('menu', { name: '后台导航' })).toBeHidden();
  await expect(page.getByRole('tablist', { name: '已打开的页面' })).toBeHidden();
  await expect(page.getByRole('button', { name: '账号菜单' })).toBeHidden();
  await expect(page.getByLabel('面包屑')).toBeHidden();
  await expect(page.getByRole('button', { name: /打\s*印/ })).toBeHidden();
  await expect(page.getByRole('button', { name: /返\s*回/ })).toBeHidden();
  // The paper's width between its margins (A4's 180 mm): what the print window lays out.
  await shoot(page, 'visit-report-print', { width: 680, height: 2400 });
  const pdf = (await page.pdf({ preferCSSPageSize: true, path: test.info().outputPath('visit-report.pdf') })).toString('latin1');
  expect(pdf).toMatch(/\/MediaBox\s*\[0 0 59[45](\.\d+)? 84[12](\.\d+)?\]/);
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBeLessThanOrEqual(4);
  await page.emulateMedia({ media: 'screen' });

  // A phone reads it too; 返回 leads back to the dashboard's range.
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page, '月度报告 at 375 px');
  await shoot(page, 'visit-report', { width: 375, height: 5200 });
  await page.setViewportSize(DESK);
  await page.getByRole('button', { name: /返\s*回/ }).click();
  await expect(page).toHaveURL(/\/System\/stats\/visits\?range=today$/);
  await expect(page.getByRole('button', { name: '月度报告' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('统计设置 keeps what its switch showed: 遵从“请勿跟踪” on, read back, then off again', async ({ page }) => {
  await openBackOffice(page, { at: '/System/stats/visits?range=today' });
  const dialog = page.getByRole('dialog', { name: '统计设置' });
  const honour = dialog.getByRole('switch', { name: '遵从“请勿跟踪”' });
  const save = async (checked: boolean) => {
    await page.getByRole('button', { name: '统计设置' }).click();
    await expect(honour).toBeEnabled();
    if ((await honour.isChecked()) !== checked) await honour.click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('修改成功')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Read back from the server: the dialog opens afresh with what was stored.
    await page.reload();
    await page.getByRole('button', { name: '统计设置' }).click();
    await expect(honour).toBeChecked({ checked });
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await expect(dialog).toBeHidden();
  };
  await save(true);
  await save(false);
});
