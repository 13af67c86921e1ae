import {
  assignMessageBody,
  declineMessageBody,
  messageBoardMessages,
  messageNoteBody,
  publishMessageBody,
  replyMessageBody,
  transferMessageBody,
} from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { mailContext } from '../mail/context.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { adminDocs } from './docs.js';
import { assignMessage, declineMessage, noteMessage, publishMessage, replyMessage, transferMessage } from './handling.js';
import { scopeOf } from './scope.js';

const TARGET = '留言';
const refusals = { 400: messageBoardMessages.closed, 403: messageBoardMessages.notYourDepartment, 404: messageBoardMessages.notFound };

/** Routing and answering a message; each write audited through adminWrite (docs/api.md, "在线留言 in the back office"). */
export async function messageHandlingAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;
  const actor = async (request: FastifyRequest) => {
    const admin = currentAdmin(request);
    return { admin, scope: await scopeOf(db, admin) };
  };

  app.post(
    '/AssignMessage',
    { onRequest: requireAdmin('message:assign'), schema: { ...adminDocs, summary: '分派待受理的留言到部门（可指定办理人），留言转为办理中', body: assignMessageBody, 'x-codes': refusals } },
    async (request) => {
      const { MessageId, DepartmentId, HandlerId } = request.body;
      const { admin, scope } = await actor(request);
      await adminWrite(request, { action: 'message:assign', target: TARGET, targetId: MessageId, detail: (name) => `分派至${name}` }, () =>
        assignMessage(database, { messageId: MessageId, departmentId: DepartmentId, handlerId: HandlerId }, admin, scope, now()),
      );
      return ok(null);
    },
  );

  app.post(
    '/TransferMessage',
    { onRequest: requireAdmin('message:assign'), schema: { ...adminDocs, summary: '转办：办理中的留言改由另一部门（或办理人）办理，须写理由', body: transferMessageBody, 'x-codes': refusals } },
    async (request) => {
      const { MessageId, DepartmentId, HandlerId, Reason } = request.body;
      const { admin, scope } = await actor(request);
      await adminWrite(
        request,
        { action: 'message:assign', auditAs: 'message:transfer', target: TARGET, targetId: MessageId, detail: (name) => `转办至${name}：${Reason}` },
        () => transferMessage(database, { messageId: MessageId, departmentId: DepartmentId, handlerId: HandlerId, reason: Reason }, admin, scope, now()),
      );
      return ok(null);
    },
  );

  app.post(
    '/DeclineMessage',
    { onRequest: requireAdmin('message:assign'), schema: { ...adminDocs, summary: '不予受理（理由留言人可见）', body: declineMessageBody, 'x-codes': refusals } },
    async (request) => {
      const { MessageId, Reason } = request.body;
      const { admin, scope } = await actor(request);
      await adminWrite(request, { action: 'message:assign', auditAs: 'message:decline', target: TARGET, targetId: MessageId, detail: () => Reason }, () =>
        declineMessage(database, MessageId, Reason, admin, scope, now()),
      );
      return ok(null);
    },
  );

  app.post(
    '/SaveMessageNote',
    { onRequest: requireAdmin('message:reply'), schema: { ...adminDocs, summary: '内部备注（不对留言人和公众显示）', body: messageNoteBody, 'x-codes': refusals } },
    async (request) => {
      const { MessageId, Text } = request.body;
      const { admin, scope } = await actor(request);
      await adminWrite(request, { action: 'message:reply', auditAs: 'message:note', target: TARGET, targetId: MessageId }, () =>
        noteMessage(database, MessageId, Text, admin, scope, now()),
      );
      return ok(null);
    },
  );

  app.post(
    '/ReplyMessage',
    {
      onRequest: requireAdmin('message:reply'),
      schema: { ...adminDocs, summary: '答复留言（富文本，保存时净化）；留言转为已答复，留有邮箱的留言人收到邮件通知', body: replyMessageBody, 'x-codes': refusals },
    },
    async (request) => {
      const { MessageId, Reply } = request.body;
      const { admin, scope } = await actor(request);
      await adminWrite(request, { action: 'message:reply', target: TARGET, targetId: MessageId }, () =>
        replyMessage(database, { messageId: MessageId, reply: Reply }, admin, scope, { now: now(), mail: mailContext(request) }),
      );
      return ok(null);
    },
  );

  app.post(
    '/PublishMessage',
    {
      onRequest: requireAdmin('message:publish'),
      schema: {
        ...adminDocs,
        summary: '公开或撤回公开已答复的留言（须留言人同意公开；公开标题不得含留言人姓名、电话或邮箱，空则用原标题）',
        body: publishMessageBody,
        'x-codes': refusals,
      },
    },
    async (request) => {
      const { MessageId, Publish, PublicTitle } = request.body;
      const { admin, scope } = await actor(request);
      await adminWrite(request, { action: 'message:publish', target: TARGET, targetId: MessageId, detail: () => (Publish ? '公开' : '撤回公开') }, () =>
        publishMessage(database, { messageId: MessageId, publish: Publish, title: PublicTitle }, admin, scope, now()),
      );
      return ok(null);
    },
  );
}
