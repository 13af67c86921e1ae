import { z } from 'zod';
import { idParam, MenuShowType, optionalParam, pagingQuery } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { menuIndex, readableMenuIds, requireReadableMenu } from '../menus/service.js';
import { parseKeyword, searchNews } from '../search/service.js';
import { audienceOf, toNewsDetailDto, toNewsListItemDto } from './dto.js';
import type { NewsItem, Page } from './items.js';
import { listLatest, listMenuNews, menuScope, readArticle } from './service.js';

const newsListQuery = pagingQuery.extend({
  /** A menu id: that menu's articles. */
  pid: optionalParam(idParam),
  /** A keyword: search titles and texts (a member-only article's text with a member session only), within menu pid when given. */
  key: z.string().optional(),
});
const newsDetailQuery = z.object({ newsid: idParam });

export async function newsPublic(app: App): Promise<void> {
  const { database, config } = app.services;

  app.get(
    '/GetNewsList',
    { schema: { tags: ['public'], summary: '栏目文章列表或关键词搜索（已发布文章）', querystring: newsListQuery } },
    async (request) => {
      const { pid, key, ...paging } = request.query;
      const keyword = parseKeyword(key);
      const audience = await audienceOf(request, config);
      let page: Page<NewsItem>;
      if (pid === undefined) {
        const menuIds = await readableMenuIds(database);
        page =
          keyword === undefined
            ? await listLatest(database, menuIds, paging)
            : await searchNews(database, { key: keyword, menuIds, isMember: audience.isMember }, paging);
      } else {
        const index = await menuIndex(database);
        const menu = requireReadableMenu(index, pid);
        const scope = await menuScope(database, index, pid);
        page =
          keyword === undefined
            ? // A single-page menu's client shows the first entry's NewContent as the page body.
              await listMenuNews(database, scope, paging, { withContent: menu.showType === MenuShowType.SinglePage })
            : await searchNews(database, { key: keyword, menuIds: scope.menuIds, isMember: audience.isMember }, paging);
      }
      return list(page.items.map((i) => toNewsListItemDto(i, audience)), page.total);
    },
  );

  app.get('/GetNewsDetail', { schema: { tags: ['public'], summary: '文章详情（含上一篇、下一篇）', querystring: newsDetailQuery } }, async (request) => {
    const audience = await audienceOf(request, config);
    const index = await menuIndex(database);
    return ok(toNewsDetailDto(await readArticle(database, index, request.query.newsid, audience), audience));
  });

  app.get('/GetNewsReList', { schema: { tags: ['public'], summary: '最新文章（全部栏目）', querystring: pagingQuery } }, async (request) => {
    const audience = await audienceOf(request, config);
    const page = await listLatest(database, await readableMenuIds(database), request.query);
    return list(page.items.map((i) => toNewsListItemDto(i, audience)), page.total);
  });
}
