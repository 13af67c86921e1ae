import { expect, test } from './test.js';
import { menuByName, menuListPath, publicArticle } from './helpers.js';

/**
 * What search engines and link previews see without running the page's JavaScript: each page's
 * own head and real status codes; and in the browser, the designed 404 page wherever the server
 * answered 404.
 */
const SITE = '中国建设工程保险风险管理协会';

const metaContent = (html: string, attr: string, key: string) => html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1];

test('each public page answers its own title, description and canonical address without JavaScript', async ({ request }) => {
  const article = await publicArticle(request);
  const notices = await menuByName(request, '通知公告');
  const pages = [
    { path: '/home', title: SITE },
    { path: menuListPath(notices), title: `通知公告 · ${SITE}` },
    { path: `/info?MenuId=${article.MenuId}&NewsId=${article.NewsId}`, title: `${article.Title} · ${SITE}`, description: article.Summary },
    { path: '/certsearch', title: `证书查询 · ${SITE}` },
    { path: '/searchKey?key=%E4%BF%9D%E9%99%A9', title: `站内搜索 · ${SITE}` },
  ];
  for (const page of pages) {
    const res = await request.get(page.path);
    expect(res.status(), page.path).toBe(200);
    const html = await res.text();
    expect(html.match(/<title>([^<]*)<\/title>/)?.[1], page.path).toBe(page.title.replace(/&/g, '&amp;'));
    const description = metaContent(html, 'name', 'description');
    expect(description, page.path).toBeTruthy();
    if (page.description) expect(description, page.path).toBe(page.description);
    expect(html, page.path).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\//);
    expect(metaContent(html, 'property', 'og:title'), page.path).toBeTruthy();
    expect(metaContent(html, 'property', 'og:image'), page.path).toMatch(/^http/);
  }
});

test('crawlers get robots.txt, a sitemap of public articles, a 301 from / and 404 for what does not exist', async ({ request }) => {
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /System');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const article = await publicArticle(request);
  expect(sitemap).toContain(`/info?MenuId=${article.MenuId}&amp;NewsId=${article.NewsId}</loc>`);

  const root = await request.get('/', { maxRedirects: 0 });
  expect(root.status()).toBe(301);
  expect(root.headers().location).toBe('/home');
  for (const path of ['/no-such-page', '/info?NewsId=99999999', '/menuList?ParentId=0&MenuId=99999999']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('an unknown article shows the designed 404 page saying the article does not exist, whose button returns home', async ({ page }) => {
  const res = await page.goto('/info?MenuId=1&NewsId=99999999');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '抱歉，您访问的文章不存在' })).toBeVisible();
  await expect(page).toHaveTitle(/^文章不存在/);
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: '抱歉，您访问的文章不存在' })).toHaveCount(0);
  // The title follows the page shown, not the first page's head.
  await expect(page).toHaveTitle(SITE);
});
