import { previewLinkDto, previewLinkQuery, type PreviewLinkDto } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { readArticleForEditing } from './admin-service.js';
import { makePreviewLink, PREVIEW_HOURS } from './preview.js';

/** 预览 in 文章管理: a link to the public page of an article in any state (preview.ts). */
export async function newsPreviewAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetNewsPreviewLink',
    {
      onRequest: requireAdmin('content:news:list'),
      schema: {
        ...contentAdminDocs,
        summary: `预览链接：任何状态的文章以公开页面的样子显示给持有链接的人（hours 小时内有效，默认${PREVIEW_HOURS.default}，最多${PREVIEW_HOURS.max}）`,
        querystring: previewLinkQuery,
        'x-data': previewLinkDto,
      },
    },
    async (request) => {
      const { newsid, hours = PREVIEW_HOURS.default } = request.query;
      // Handing out a way in is written down: who, for which article, until when.
      const link = await adminWrite(
        request,
        { action: 'content:news:list', target: '文章', targetId: newsid, detail: (l) => `生成预览链接，有效至${l.expiresAt}` },
        async () => {
          await readArticleForEditing(database, newsid);
          return makePreviewLink(database.db, newsid, hours, now());
        },
      );
      return ok<PreviewLinkDto>({ Url: `/info?NewsId=${newsid}&preview=${link.token}`, ExpireTime: link.expiresAt });
    },
  );
}
