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
