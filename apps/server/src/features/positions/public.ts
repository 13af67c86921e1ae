import { integer, listOf, messages, pagingQuery, positionItemDto, seats } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import type { ContentTag } from '../../cache/generations.js';
import { list } from '../../http/envelope.js';
import { readableMenuIds } from '../menus/service.js';
import { audienceOf } from '../news/dto.js';
import { toPositionItemDto } from './dto.js';
import { listSeat } from './service.js';

const positionListQuery = pagingQuery.extend({
  seat: integer(messages.badParameter, { min: Math.min(...seats), max: Math.max(...seats) }),
});

/** The positions, and the articles placed in them: every article save names news:latest (features/articles/reach.ts). */
const positionedArticles = (): readonly ContentTag[] => ['positions', 'news:latest', 'menus'];

export async function positionsPublic(app: App): Promise<void> {
  const { database, config } = app.services;
  app.get(
    '/GetNewPositionList',
    {
      config: { responseCache: { areas: ['positions', 'news', 'menus'], perAudience: true, dependsOn: positionedArticles } },
      schema: {
        tags: ['public'],
        'x-optional-session': 'member',
        summary: '首页推荐位文章（推荐位 1 至 4）',
        querystring: positionListQuery,
        'x-data': listOf(positionItemDto),
      },
    },
    async (request) => {
      const { seat, ...paging } = request.query;
      const audience = await audienceOf(request, config);
      const page = await listSeat(database, seat, await readableMenuIds(database), paging);
      return list(
        page.items.map((i) => toPositionItemDto(i, audience)),
        page.total,
      );
    },
  );
}
