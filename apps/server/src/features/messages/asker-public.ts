import rateLimit from '@fastify/rate-limit';
import { askerMessageDto, listOf, messageBoardMessages, messageByCodeQuery, messages, pagingQuery, rateMessageBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { currentMember, requireMember } from '../members/guard.js';
import { memberMessages, messageByCode, rateMessage } from './asker.js';
import { publicDocs } from './docs.js';
import { toAskerDto } from './dto.js';

/** Looking a message up and rating it: guessing 查询码 is limited per address on every instance. */
const lookupsPerAddress = { rateLimit: { max: 20, timeWindow: 10 * 60_000 } };

/** Following a message (by 查询码, or a member's own) and rating the reply (docs/api.md, "在线留言"). */
export async function messageAskerPublic(app: App): Promise<void> {
  const { services } = app;
  const { database, now } = services;
  const { db } = database;

  await app.register(async (scope) => {
    const limited = scope as App;
    await limited.register(rateLimit, { global: false, ...services.rateLimitCounters.options('message-codes') });

    limited.get(
      '/GetMessageByCode',
      {
        schema: {
          ...publicDocs,
          summary: '凭查询码查看留言的办理状态与答复（每个地址10分钟内至多20次）',
          querystring: messageByCodeQuery,
          'x-rate-limited': true,
          'x-data': askerMessageDto,
          'x-codes': { 404: messageBoardMessages.codeNotFound, 429: messages.tooManyRequests },
        },
        config: lookupsPerAddress,
      },
      async (request) => ok(toAskerDto(await messageByCode(db, request.query.code))),
    );

    limited.post(
      '/RateMessage',
      {
        schema: {
          ...publicDocs,
          summary: '凭查询码评价答复（1 满意、2 基本满意、3 不满意），每条留言一次',
          body: rateMessageBody,
          'x-rate-limited': true,
          'x-codes': { 404: messageBoardMessages.codeNotFound, 429: messages.tooManyRequests },
        },
        config: lookupsPerAddress,
      },
      async (request) => {
        await rateMessage(db, request.body.QueryCode, request.body.Rating, now());
        return ok(null, messages.submitted);
      },
    );
  });

  app.get(
    '/GetMyMessageList',
    {
      onRequest: requireMember,
      schema: { ...publicDocs, summary: '会员自己的留言（新的在前，分页）', querystring: pagingQuery, 'x-data': listOf(askerMessageDto) },
    },
    async (request) => {
      const member = await currentMember(request);
      const page = await memberMessages(db, member.memberId, request.query);
      return list(page.items.map(toAskerDto), page.total);
    },
  );
}
