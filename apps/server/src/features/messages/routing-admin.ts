import { assignMessageBody, declineMessageBody, transferMessageBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { adminDocs } from './docs.js';
import { assignMessage, declineMessage, transferMessage } from './handling.js';
import { MESSAGE_TARGET, staffOf, staffRefusals } from './staff.js';

/** Routing a message: assign, transfer, decline; each write audited through adminWrite (docs/api.md, "在线留言 in the back office"). */
export async function messageRoutingAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.post(
    '/AssignMessage',
    {
      onRequest: requireAdmin('message:assign'),
      schema: { ...adminDocs, summary: '分派待受理的留言到部门（可指定办理人），留言转为办理中', body: assignMessageBody, 'x-codes': staffRefusals },
    },
    async (request) => {
      const { MessageId, DepartmentId, HandlerId } = request.body;
      const { admin, scope } = await staffOf(request);
      await adminWrite(request, { action: 'message:assign', target: MESSAGE_TARGET, targetId: MessageId, detail: (name) => `分派至${name}` }, () =>
        assignMessage(database, { messageId: MessageId, departmentId: DepartmentId, handlerId: HandlerId }, admin, scope, now()),
      );
      return ok(null);
    },
  );

  app.post(
    '/TransferMessage',
    {
      onRequest: requireAdmin('message:assign'),
      schema: { ...adminDocs, summary: '转办：办理中的留言改由另一部门（或办理人）办理，须写理由', body: transferMessageBody, 'x-codes': staffRefusals },
    },
    async (request) => {
      const { MessageId, DepartmentId, HandlerId, Reason } = request.body;
      const { admin, scope } = await staffOf(request);
      await adminWrite(
        request,
        { action: 'message:assign', auditAs: 'message:transfer', target: MESSAGE_TARGET, targetId: MessageId, detail: (name) => `转办至${name}：${Reason}` },
        () => transferMessage(database, { messageId: MessageId, departmentId: DepartmentId, handlerId: HandlerId, reason: Reason }, admin, scope, now()),
      );
      return ok(null);
    },
  );

  app.post(
    '/DeclineMessage',
    {
      onRequest: requireAdmin('message:assign'),
      schema: { ...adminDocs, summary: '不予受理（理由留言人可见）', body: declineMessageBody, 'x-codes': staffRefusals },
    },
    async (request) => {
      const { MessageId, Reason } = request.body;
      const { admin, scope } = await staffOf(request);
      await adminWrite(
        request,
        { action: 'message:assign', auditAs: 'message:decline', target: MESSAGE_TARGET, targetId: MessageId, detail: () => Reason },
        () => declineMessage(database, MessageId, Reason, admin, scope, now()),
      );
      return ok(null);
    },
  );
}
