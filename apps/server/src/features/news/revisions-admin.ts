import { z } from 'zod';
import { contentMessages, idParam, newsRevisionDto, newsRevisionListDto, newsRevisionListQuery, restoreNewsRevisionBody } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { restoreRevision, savedMessage } from './admin-service.js';
import { toNewsRevisionDto, toNewsRevisionListItemDto } from '../articles/revision-dto.js';
import { conflictAnswer, listRevisions, readRevision } from '../articles/revisions.js';

const revisionMissing = { 404: contentMessages.revisionNotFound };

/** 文章管理's 历史版本 (features/articles/revisions.ts): an article's revisions, one whole, and restoring one. */
export async function newsRevisionsAdmin(app: App): Promise<void> {
  const { database, config, now } = app.services;

  app.get(
    '/GetNewsRevisionList',
    {
      onRequest: requireAdmin('content:news:revisions'),
      schema: {
        ...contentAdminDocs,
        summary:
          '文章的历史版本，新的在前（谁、何时、改了哪些字段；RevisionNo 为连续的版本序号）；Data 另有 Version：文章当前版本号（已删除为 0），供 RestoreNewsRevision，及 Title：文章当前标题',
        querystring: newsRevisionListQuery,
        'x-data': newsRevisionListDto,
      },
    },
    async (request) => {
      const { newsid, ...paging } = request.query;
      const page = await listRevisions(database, newsid, paging);
      return ok({ List: page.items.map(toNewsRevisionListItemDto), TotalCount: page.total, Version: page.version, Title: page.title });
    },
  );

  app.get(
    '/GetNewsRevision/:id',
    {
      onRequest: requireAdmin('content:news:revisions'),
      schema: {
        ...contentAdminDocs,
        summary: '一个历史版本的全部字段（正文为保存时的净化 HTML）',
        params: z.object({ id: idParam }),
        'x-data': newsRevisionDto,
        'x-codes': revisionMissing,
      },
    },
    async (request) => ok(toNewsRevisionDto(await readRevision(database.db, request.params.id), config.assetBaseUrl)),
  );

  app.post(
    '/RestoreNewsRevision',
    {
      // Restoring rewrites the article: it needs 修改文章 too (adminWrite checks it).
      onRequest: requireAdmin('content:news:revisions'),
      schema: {
        ...contentAdminDocs,
        summary:
          '恢复历史版本：以该版本的标题、栏目、封面、正文、作者、置顶、会员可读另存为新版本（状态与发布、下线时间不变）；Version 不是文章当前版本时答 Code 409',
        body: restoreNewsRevisionBody,
        'x-data': z.int().describe('文章编号'),
        'x-codes': { ...conflictAnswer, ...revisionMissing },
      },
    },
    async (request) => {
      const { adminId, account } = currentAdmin(request);
      const saved = await adminWrite(
        request,
        { action: 'content:news:edit', target: '文章', targetId: (a) => a.id, detail: (a) => `恢复历史版本 #${request.body.RevisionId}：${a.title}` },
        () =>
          restoreRevision(database, request.body, {
            now: now(),
            assetBaseUrl: config.assetBaseUrl,
            editor: { adminId, account },
            revisionsKept: config.newsRevisionsKept,
          }),
      );
      return ok(saved.id, savedMessage(saved));
    },
  );
}
