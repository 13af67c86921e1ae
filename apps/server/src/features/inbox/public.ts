import { z } from 'zod';
import { inboxListQuery, inboxMessageDto, inboxMessages, listOf, readInboxBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { currentMember, requireMember } from '../members/guard.js';
import { memberInbox, readAll, readMessage, unreadCount } from './service.js';

/** OpenAPI grouping of the 站内信 calls (their security follows from their guards: http/route-docs.ts). */
const memberDocs = { tags: ['inbox'] };

/** A member's 站内信 (docs/api.md, "站内信"): their list, the header's unread count, read marks. */
export async function inboxPublic(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.get(
    '/GetMyInbox',
    {
      onRequest: requireMember,
      schema: { ...memberDocs, summary: '会员的站内信（新的在前，分页；unread=1 只列未读）', querystring: inboxListQuery, 'x-data': listOf(inboxMessageDto) },
    },
    async (request) => {
      const page = await memberInbox(db, (await currentMember(request)).memberId, request.query);
      return list(page.items, page.total);
    },
  );

  app.get(
    '/GetInboxUnreadCount',
    { onRequest: requireMember, schema: { ...memberDocs, summary: '未读站内信数（页眉铃铛上的数字）', 'x-data': z.int() } },
    async (request) => ok(await unreadCount(db, (await currentMember(request)).memberId)),
  );

  app.post(
    '/ReadInboxMessage',
    {
      onRequest: requireMember,
      schema: { ...memberDocs, summary: '将自己的一条站内信标为已读', body: readInboxBody, 'x-codes': { 404: inboxMessages.notFound } },
    },
    async (request) => {
      await readMessage(db, (await currentMember(request)).memberId, request.body.Id, now());
      return ok(null);
    },
  );

  app.post(
    '/ReadAllInbox',
    { onRequest: requireMember, schema: { ...memberDocs, summary: '将自己的站内信全部标为已读，Data 为标记的条数', 'x-data': z.int() } },
    async (request) => ok(await readAll(db, (await currentMember(request)).memberId, now())),
  );
}
