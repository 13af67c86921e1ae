import type { Page } from '@playwright/test';
import { expect, look, test } from './test.js';
import { menuByName, menuListPath, publicArticle } from './helpers.js';

/**
 * The public pages at a desktop (1440 px) and a phone (375 px) width: screenshots to look at,
 * and on the phone, content first on list pages, one search box on the search page, and the
 * certificate form in one column.
 */

const widths = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

async function shoot(page: Page, name: string, file: string) {
  await page.evaluate(() => document.fonts.ready);
  await look(page, test.info().outputPath(`${file}-${name}.png`), { fullPage: true });
}

for (const size of widths) {
  test(`public pages at ${size.width} px`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const phone = size.width < 768;

    await page.goto('/home');
    await expect(page.getByRole('region', { name: '图片新闻' })).toBeVisible();
    await shoot(page, size.name, 'home');

    const list = await menuByName(request, '协会动态');
    await page.goto(menuListPath(list));
    const articles = page.getByRole('list', { name: '文章列表' });
    await expect(articles).toBeVisible();
    if (phone) {
      // The list comes before the section's other menus, which fold into one compact control.
      const listTop = (await articles.boundingBox())!.y;
      expect(listTop, 'the article list starts within the first screen').toBeLessThan(size.height);
      const sections = page.getByRole('combobox', { name: '本栏目导航' });
      await expect(sections).toBeVisible();
      await expect(page.locator('aside')).toBeHidden();
    }
    await shoot(page, size.name, 'menulist');

    const article = await publicArticle(request);
    await page.goto(`/info?MenuId=${article.MenuId}&NewsId=${article.NewsId}`);
    await expect(page.getByRole('heading', { level: 1, name: article.Title })).toBeVisible();
    await shoot(page, size.name, 'info');

    await page.goto(`/searchKey?key=${encodeURIComponent('协会')}`);
    await expect(page.getByText(/共找到 \d+ 条/)).toBeVisible();
    // One search box in view: the page's own on a phone, where the header's would repeat it.
    await expect(page.locator('input[type="search"]:visible')).toHaveCount(phone ? 1 : 2);
    await shoot(page, size.name, 'search');

    await page.goto('/certsearch');
    const fields = ['姓名', '身份证号', '证书编号'].map((label) => page.getByLabel(label));
    for (const field of fields) await expect(field).toBeVisible();
    if (phone) {
      // One column: the inputs start at the same left edge and have the same width.
      // The boxes drawn around the inputs (the input's parent, with its clear button).
      const boxes = await Promise.all(fields.map(async (f) => (await f.locator('xpath=..').boundingBox())!));
      for (const box of boxes) {
        expect(Math.round(box.x)).toBe(Math.round(boxes[0]!.x));
        expect(Math.round(box.width)).toBe(Math.round(boxes[0]!.width));
      }
    }
    await shoot(page, size.name, 'certsearch');
  });
}
