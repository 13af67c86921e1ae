import { messageNoteBody, publishMessageBody, replyMessageBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { mailContext } from '../mail/context.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { adminDocs } from './docs.js';
import { noteMessage, publishMessage } from './handling.js';
import { replyMessage } from './reply.js';
import { installReplyReview } from './reply-review.js';
import { MESSAGE_TARGET, staffOf, staffRefusals } from './staff.js';

/** Answering a message: internal notes, the reply, publication; each write audited through adminWrite. */
export async function messageAnswerAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  installReplyReview(database);

  app.post(
    '/SaveMessageNote',
    {
      onRequest: requireAdmin('message:reply'),
      schema: { ...adminDocs, summary: '内部备注（不对留言人和公众显示）', body: messageNoteBody, 'x-codes': staffRefusals },
    },
    async (request) => {
      const { MessageId, Text } = request.body;
      const { admin, scope } = await staffOf(request);
      await adminWrite(request, { action: 'message:reply', auditAs: 'message:note', target: MESSAGE_TARGET, targetId: MessageId }, () =>
        noteMessage(database, MessageId, Text, admin, scope, now()),
      );
      return ok(null);
    },
  );

  app.post(
    '/ReplyMessage',
    {
      onRequest: requireAdmin('message:reply'),
      schema: {
        ...adminDocs,
        summary:
          '答复留言（富文本，保存时净化）；留言转为已答复，留有邮箱的留言人收到邮件通知。留言设置了“答复须经审核”时，答复进入所选栏目的审核流程（Message：答复已提交审核，审核通过后发出），终审通过后才发出',
        body: replyMessageBody,
        'x-codes': staffRefusals,
      },
    },
    async (request) => {
      const { MessageId, Reply } = request.body;
      const { admin, scope } = await staffOf(request);
      const message = await adminWrite(request, { action: 'message:reply', target: MESSAGE_TARGET, targetId: MessageId }, () =>
        replyMessage(database, { messageId: MessageId, reply: Reply }, admin, scope, { now: now(), mail: mailContext(request) }),
      );
      return ok(null, message || undefined);
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
        'x-codes': staffRefusals,
      },
    },
    async (request) => {
      const { MessageId, Publish, PublicTitle } = request.body;
      const { admin, scope } = await staffOf(request);
      await adminWrite(request, { action: 'message:publish', target: MESSAGE_TARGET, targetId: MessageId, detail: () => (Publish ? '公开' : '撤回公开') }, () =>
        publishMessage(database, { messageId: MessageId, publish: Publish, title: PublicTitle }, admin, scope, now()),
      );
      return ok(null);
    },
  );
}
