import { contentMessages, messages, previewLinkDto, previewLinkQuery, revokeNewsPreviewsBody, type PreviewLinkDto } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { makePreviewLink, PREVIEW_HOURS, revokePreviewLinks } from './preview.js';

/**
 * 预览 in 文章管理: a link to the public page of an article in any state (preview.ts), and
 * 收回预览链接. Both need 修改文章: a link hands the whole text of an unpublished article to
 * whoever holds it, which is the editor's to decide, not something every reader of the list may.
 */
export async function newsPreviewAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const notFound = { 404: messages.articleNotFound };

  app.get(
    '/GetNewsPreviewLink',
    {
      onRequest: requireAdmin('content:news:edit'),
      schema: {
        ...contentAdminDocs,
        summary: `预览链接：任何状态的文章以公开页面的样子显示给持有链接的人（hours 小时内有效，默认${PREVIEW_HOURS.default}，最多${PREVIEW_HOURS.max}）；文章下线、删除或收回预览链接后失效`,
        querystring: previewLinkQuery,
        'x-data': previewLinkDto,
        'x-codes': notFound,
      },
    },
    async (request) => {
      const { newsid, hours = PREVIEW_HOURS.default } = request.query;
      // Handing out a way in is written down: who, for which article, until when.
      const link = await adminWrite(
        request,
        { action: 'content:news:edit', target: '文章', targetId: newsid, detail: (l) => `生成预览链接，有效至${l.expiresAt}` },
        () => makePreviewLink(database.db, newsid, hours, now()),
      );
      return ok<PreviewLinkDto>({ Url: `/info?NewsId=${newsid}&preview=${link.token}`, ExpireTime: link.expiresAt });
    },
  );

  app.post(
    '/RevokeNewsPreviews',
    {
      onRequest: requireAdmin('content:news:edit'),
      schema: {
        ...contentAdminDocs,
        summary: '收回预览链接：该文章此前生成的预览链接全部失效（之后可重新生成）',
        body: revokeNewsPreviewsBody,
        'x-codes': notFound,
      },
    },
    async (request) => {
      const { NewsId } = request.body;
      await adminWrite(request, { action: 'content:news:edit', target: '文章', targetId: NewsId, detail: (title) => `收回预览链接：${title}` }, () =>
        revokePreviewLinks(database.db, NewsId),
      );
      return ok(null, contentMessages.previewsRevoked);
    },
  );
}
