import { listOf, previewSystemMailBody, resetSystemMailBody, saveSystemMailBody, systemMailDto, systemMailPreviewDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { siteContext } from '../mail/context.js';
import { listSystemMails, previewSystemMail, resetSystemMail, saveSystemMail, systemMails } from '../mail/system-mails.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { adminDocs } from './docs.js';

/**
 * 系统邮件 (通知模板's second tab): the automatic mails' editable text, under the templates'
 * permission: whoever words the association's notices words its automatic mails too.
 */
export async function systemMailsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;
  const guard = requireAdmin('mailing:template');

  app.get(
    '/GetSystemMailList',
    {
      onRequest: guard,
      schema: {
        ...adminDocs,
        summary: '系统邮件列表（系统自动发送的邮件）：当前标题和正文、可用变量及其含义、默认标题和正文、是否已修改',
        'x-data': listOf(systemMailDto),
      },
    },
    async () => {
      const rows = await listSystemMails(db);
      return list(rows, rows.length);
    },
  );

  app.post(
    '/SaveSystemMail',
    {
      onRequest: guard,
      schema: {
        ...adminDocs,
        summary: '修改系统邮件的标题和正文（纯文本，两者都必填）；只能使用该邮件的变量；此后发送的邮件使用新内容',
        body: saveSystemMailBody,
      },
    },
    async (request) => {
      const { Code } = request.body;
      await adminWrite(request, { action: 'mailing:template', target: '系统邮件', targetId: Code, detail: () => systemMails[Code].name }, () =>
        saveSystemMail(db, request.body, now()),
      );
      return ok(null);
    },
  );

  app.post(
    '/PreviewSystemMail',
    {
      onRequest: guard,
      schema: {
        ...adminDocs,
        summary: '预览系统邮件：所给的标题和正文（可未保存），变量以示例内容填入（网站名称和地址为本站的）；未知变量与保存时一样拒绝',
        body: previewSystemMailBody,
        'x-data': systemMailPreviewDto,
      },
    },
    async (request) => {
      const mail = previewSystemMail(request.body, siteContext(request));
      return ok({ Subject: mail.subject, Body: mail.body });
    },
  );

  app.post(
    '/ResetSystemMail',
    {
      onRequest: guard,
      schema: {
        ...adminDocs,
        summary: '系统邮件恢复默认的标题和正文',
        body: resetSystemMailBody,
      },
    },
    async (request) => {
      const { Code } = request.body;
      await adminWrite(request, { action: 'mailing:template', target: '系统邮件', targetId: Code, detail: () => `${systemMails[Code].name} 恢复默认` }, () =>
        resetSystemMail(db, Code),
      );
      return ok(null);
    },
  );
}
