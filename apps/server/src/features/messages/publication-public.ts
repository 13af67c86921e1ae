import { listOf, messageBoardMessages, publicMessageDto, publicMessageListQuery, publicMessageQuery } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { publicDocs } from './docs.js';
import { toPublicDto } from './dto.js';
import { publishedMessage, publishedMessages } from './publication.js';

/** The published questions and answers, without the askers' personal data (docs/messages.md, "Privacy"). */
export async function messagePublicationPublic(app: App): Promise<void> {
  const { db } = app.services.database;
  // Kept until staff change what the board shows (publicBoardChanged): an uncached list sorts and
  // counts the published answers on every read, a fifth of GetNewsList's rate under load.
  const cachedBoard = { responseCache: { areas: ['messages'] } } as const;

  app.get(
    '/GetPublicMessageList',
    {
      config: cachedBoard,
      schema: {
        ...publicDocs,
        summary: '公开的留言与答复（答复时间新的在前，分页，可按关键词搜索）；留言人姓名隐去为“张**”，不含电话、邮箱和附件',
        querystring: publicMessageListQuery,
        'x-data': listOf(publicMessageDto),
      },
    },
    async (request) => {
      const page = await publishedMessages(db, request.query);
      return list(page.items.map(toPublicDto), page.total);
    },
  );

  app.get(
    '/GetPublicMessage',
    {
      config: cachedBoard,
      schema: {
        ...publicDocs,
        summary: '一条公开的留言与答复',
        querystring: publicMessageQuery,
        'x-data': publicMessageDto,
        'x-codes': { 404: messageBoardMessages.notFound },
      },
    },
    async (request) => ok(toPublicDto(await publishedMessage(db, request.query.id))),
  );
}
