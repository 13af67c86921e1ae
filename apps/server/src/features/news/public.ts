import { z } from 'zod';
import {
  ArticleStatus,
  idParam,
  listOf,
  MenuShowType,
  membershipMessages,
  messages,
  newsDetailDto,
  newsListItemDto,
  optionalParam,
  pagingQuery,
  searchListOf,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import type { ContentTag } from '../../cache/generations.js';
import { badRequest, list, ok, searchList } from '../../http/envelope.js';
import { noteSearchResults } from '../statistics/searches.js';
import { PRIVATE_ANSWER } from '../../http/security-headers.js';
import { menuIndex, readableMenuIds, requireReadableMenu } from '../menus/service.js';
import { parseKeyword, searchNews } from '../search/service.js';
import { audienceOf, toNewsDetailDto, toNewsListItemDto } from './dto.js';
import type { NewsItem } from '../articles/items.js';
import { listLatest, listMenuNews, menuScope, readArticle } from './service.js';
import { countView } from './views.js';
import { opensPreview } from './preview.js';

const newsListQuery = pagingQuery.extend({
  /** A menu id: that menu's articles. */
  pid: optionalParam(idParam),
  /** A keyword: search titles and texts (a member-only article's text with a member session only), within menu pid when given. */
  key: z.string().optional(),
});
const newsDetailQuery = z.object({
  newsid: idParam,
  /** A preview link's token (preview.ts): the article whole, whatever its status. */
  preview: z.string().max(100).optional(),
});

/** A member token opens member-only text (and a member's own contributions): the document says the session is optional. */
const readerDocs = { tags: ['public'], 'x-optional-session': 'member' } as const;
const articleListDto = listOf(newsListItemDto);
const newsDetailSchema = {
  ...readerDocs,
  summary: '文章详情（含上一篇、下一篇）；preview 为预览链接的令牌时，未公开的文章也完整返回',
  querystring: newsDetailQuery,
  'x-data': newsDetailDto,
  'x-codes': { 403: `${messages.memberOnly}；${membershipMessages.lapsed}`, 404: messages.articleNotFound },
};

/**
 * Articles as the menus show them; members see member-only text, so they have entries of their
 * own. Each answer is drawn from the menus and the articles it shows (features/articles/reach.ts):
 * one article (with its neighbours, whose saves name it), a menu's list, the latest across
 * menus, or, for a search, any article.
 */
const cachedArticles = (dependsOn: (params: Record<string, unknown>) => readonly ContentTag[]) =>
  ({ responseCache: { areas: ['news', 'menus'], perAudience: true, dependsOn } }) as const;
const latestArticles = (): readonly ContentTag[] => ['news:latest', 'menus'];
const articleList = ({ pid, key }: Record<string, unknown>): readonly ContentTag[] =>
  key !== undefined ? ['news', 'menus'] : pid !== undefined ? [`news:menu-${Number(pid)}`, 'menus'] : latestArticles();
const oneArticle = ({ newsid }: Record<string, unknown>): readonly ContentTag[] => [`news:${Number(newsid)}`, 'menus'];

export async function newsPublic(app: App): Promise<void> {
  const { database, config, now } = app.services;
  const { responseCache } = app;

  /** A menu the public may read (otherwise 栏目不存在, as for an unknown one), and the menus its list covers. */
  const readableMenu = async (pid: number) => {
    const index = await menuIndex(database);
    const menu = requireReadableMenu(index, pid);
    return { menu, scope: await menuScope(database, index, pid) };
  };

  app.get(
    '/GetNewsList',
    {
      config: cachedArticles(articleList),
      schema: {
        ...readerDocs,
        summary: '栏目文章列表或关键词搜索（已发布文章）',
        description: '带 key 时为搜索结果，Data 另有 TotalCapped（匹配多于所列）。',
        querystring: newsListQuery,
        'x-data': z.union([searchListOf(newsListItemDto), articleListDto]),
        'x-codes': { 404: messages.menuNotFound },
      },
    },
    async (request) => {
      const { pid, key, ...paging } = request.query;
      const keyword = parseKeyword(key);
      const audience = await audienceOf(request, config);
      const toDtos = (items: NewsItem[]) => items.map((i) => toNewsListItemDto(i, audience));
      // The menu asked for, refused before anything is read when the public may not read it.
      const asked = pid === undefined ? undefined : await readableMenu(pid);
      if (keyword !== undefined) {
        const menuIds = asked ? asked.scope.menuIds : await readableMenuIds(database);
        const found = await searchNews(database, { key: keyword, menuIds, isMember: audience.isMember }, paging);
        if (pid === undefined) noteSearchResults(keyword, found.total);
        return searchList(toDtos(found.items), found.total, found.capped);
      }
      const page = asked
        ? // A single-page menu's client shows the first entry's NewContent as the page body.
          await listMenuNews(database, asked.scope, paging, { withContent: asked.menu.showType === MenuShowType.SinglePage })
        : await listLatest(database, await readableMenuIds(database), paging);
      return list(toDtos(page.items), page.total);
    },
  );

  app.get('/GetNewsDetail', { config: cachedArticles(oneArticle), schema: newsDetailSchema }, async (request, reply) => {
    const { newsid, preview } = request.query;
    if (preview !== undefined) {
      // A preview is its holder's alone: never kept, here or by anyone on the way.
      responseCache.pass(request);
      void reply.header('cache-control', PRIVATE_ANSWER).header('x-robots-tag', 'noindex');
      if (!(await opensPreview(database.db, preview, newsid, now()))) throw badRequest(messages.previewInvalid);
    }
    const reader = await audienceOf(request, config);
    // A preview shows the article as its readers will see it, member-only text included.
    const audience = preview === undefined ? reader : { ...reader, isMember: true, previewing: true };
    const index = await menuIndex(database);
    const article = await readArticle(database, index, newsid, audience);
    // A preview counts no view (staff and reviewers looking before it is public).
    if (article.status === ArticleStatus.Published && preview === undefined) {
      // Reading it counted a view; so does every reading answered from the cache.
      responseCache.countEveryReading(request, () => countView(database, article.id), 'Views');
    } else if (audience.memberId !== undefined) {
      // A member may be reading their own contribution in full: that answer is theirs alone.
      responseCache.pass(request);
    }
    return ok(toNewsDetailDto(article, audience));
  });

  app.get(
    '/GetNewsReList',
    { config: cachedArticles(latestArticles), schema: { ...readerDocs, summary: '最新文章（全部栏目）', querystring: pagingQuery, 'x-data': articleListDto } },
    async (request) => {
      const audience = await audienceOf(request, config);
      const page = await listLatest(database, await readableMenuIds(database), request.query);
      return list(
        page.items.map((i) => toNewsListItemDto(i, audience)),
        page.total,
      );
    },
  );
}
