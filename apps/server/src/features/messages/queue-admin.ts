import { z } from 'zod';
import { formatCst, idParam, listOf, messageBoardMessages, messageDetailDto, messageListItemDto, messageListQuery } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, notFound, ok } from '../../http/envelope.js';
import { currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { sendAttachment } from '../uploads/attachment.js';
import { adminDocs } from './docs.js';
import { toDetailDto, toListItemDto, type DueClock } from './dto.js';
import { listMessages, queueColumns, queueView } from './queue.js';
import { messageInScope, scopeOf } from './scope.js';
import { messageSettings } from './settings.js';

const byId = z.object({ id: idParam });
const outOfScope = { 403: messageBoardMessages.notYourDepartment, 404: messageBoardMessages.notFound };

/** The queue, one message with its history, its attachment (docs/api.md, "在线留言 in the back office"). */
export async function messageQueueAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  // 即将到期 as the deadline job warns: the handlers see it without reading 留言设置.
  const dueClock = async (at: number): Promise<DueClock> => ({ now: at, warnHours: (await messageSettings(database.db)).warnHours });
  const { db } = database;

  app.get(
    '/GetMessageList',
    {
      onRequest: requireAdmin('message:list'),
      schema: {
        ...adminDocs,
        summary: '留言办理列表：按状态、类别、部门、是否超期、收到日期、关键词（标题、内容、姓名或查询码）筛选；未持有“全部部门的留言”的只见本部门',
        querystring: messageListQuery,
        'x-data': listOf(messageListItemDto),
      },
    },
    async (request) => {
      const scope = await scopeOf(db, currentAdmin(request));
      const at = now();
      const [page, due] = await Promise.all([listMessages(db, request.query, scope, formatCst(at)), dueClock(at)]);
      return list(
        page.items.map((r) => toListItemDto(r, due)),
        page.total,
      );
    },
  );

  app.get(
    '/GetMessage/:id',
    {
      onRequest: requireAdmin('message:list'),
      schema: {
        ...adminDocs,
        summary: '一条留言：留言人填写的全部内容、敏感词标记、办理记录与内部备注',
        params: byId,
        'x-data': messageDetailDto,
        'x-codes': outOfScope,
      },
    },
    async (request) => {
      const stored = await messageInScope(db, request.params.id, await scopeOf(db, currentAdmin(request)));
      const [row, notes] = await Promise.all([
        queueView(db).select(queueColumns).where('m.id', '=', stored.id).executeTakeFirstOrThrow(),
        db.selectFrom('message_notes').select(['kind', 'text', 'admin_account', 'created_at']).where('message_id', '=', stored.id).orderBy('id').execute(),
      ]);
      return ok(await toDetailDto(database, row, stored, notes, await dueClock(now())));
    },
  );

  app.get(
    '/GetMessageFile/:id',
    {
      onRequest: requireAdmin('message:list'),
      schema: { ...adminDocs, summary: '下载留言的附件（原文件名）', params: byId, 'x-file': '*/*', 'x-codes': outOfScope },
    },
    async (request, reply) => {
      const stored = await messageInScope(db, request.params.id, await scopeOf(db, currentAdmin(request)));
      if (!stored.attachment) throw notFound(messageBoardMessages.notFound);
      return sendAttachment(app.services, reply, stored.attachment);
    },
  );
}
