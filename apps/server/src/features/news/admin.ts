import { z } from 'zod';
import { adminNewsDetailDto, contentMessages, delNewsBody, newsIdQuery, proofFindingDto, saveNewsBody } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { deleteArticles, readArticleForEditing, saveArticle, savedMessage } from './admin-service.js';
import { articleFields, conflictAnswer } from '../articles/revisions.js';
import { deleteAutosave } from './autosave.js';
import { toAdminNewsDetailDto } from './dto.js';
import { toArticleFieldsDto } from '../articles/revision-dto.js';
import { ARTICLE as TARGET, articleMissing } from './route-parts.js';
import { proofreadGate } from './proofread-gate.js';

/** 文章管理 (spec §7 GetNewsDetail, SaveNews, DelNews under /api/XfSysBussiness/; the list in list-admin.ts, the bulk actions in bulk-admin.ts, UploadFile in features/uploads). */
export async function newsAdmin(app: App): Promise<void> {
  const { database, config, now } = app.services;

  app.get(
    '/GetNewsDetail',
    {
      onRequest: requireAdmin('content:news:list'),
      schema: {
        ...contentAdminDocs,
        summary: '文章详情（编辑用：任何状态，含正文，不计阅读数；Version 供 SaveNews 核对）',
        querystring: newsIdQuery,
        'x-data': adminNewsDetailDto,
        'x-codes': articleMissing,
      },
    },
    async (request) => ok(toAdminNewsDetailDto(await readArticleForEditing(database, request.query.newsid), config.assetBaseUrl)),
  );

  app.post(
    '/SaveNews',
    {
      onRequest: requireAdmin('content:news:add', 'content:news:edit'),
      // The article's fields as stored (a revision's): Version is not among them, so a save without one still checks none.
      preValidation: keepOmittedFields('NewsId', async (id) => {
        const fields = await articleFields(database.db, id);
        return fields && toArticleFieldsDto(fields, config.assetBaseUrl);
      }),
      schema: {
        ...contentAdminDocs,
        summary:
          '新增（NewsId 为 0）或修改文章（未传的字段保持原值）；正文经服务器净化后保存，并留存历史版本。带 Version（GetNewsDetail 所答）时，文章已被他人修改则答 Code 409，Data 为 { Current, Yours }。标题或正文含严重错别字或敏感词（校对，同 CheckArticleText）时答 Code 513，Data 为这些词；带 ProofreadConfirmed 再次提交即保存，历史版本记下所确认的词',
        body: saveNewsBody,
        'x-data': z.int().describe('文章编号'),
        'x-codes': { ...conflictAnswer, ...articleMissing, 513: { message: contentMessages.proofreadFindings, data: z.array(proofFindingDto) } },
      },
    },
    async (request) => {
      const body = request.body;
      const gate = await proofreadGate(database, body);
      if ('refusal' in gate) return gate.refusal;
      const { adminId, account } = currentAdmin(request);
      const saved = await adminWrite(
        request,
        { action: body.NewsId ? 'content:news:edit' : 'content:news:add', target: TARGET, targetId: (a) => a.id, detail: (a) => a.title },
        () =>
          saveArticle(database, body, {
            now: now(),
            assetBaseUrl: config.assetBaseUrl,
            editor: { adminId, account },
            revisionsKept: config.newsRevisionsKept,
            proofreadNote: gate.note,
          }),
      );
      // Saved for real: the editor's autosave of this form is no longer needed.
      await deleteAutosave(database, currentAdmin(request), body.NewsId);
      // Submitted for review, or a time still to come: say so (the list shows it as 审核中 or 待发布).
      return ok(saved.id, savedMessage(saved));
    },
  );

  app.post(
    '/DelNews',
    {
      onRequest: requireAdmin('content:news:delete'),
      schema: {
        ...contentAdminDocs,
        summary: '删除文章（NewsId 为一个或多个编号；其推荐位一并移除），Data 为删除的篇数',
        body: delNewsBody,
        'x-data': z.int().describe('删除的篇数'),
      },
    },
    async (request) => {
      const ids = request.body.NewsId;
      const deleted = await adminWrite(request, { action: 'content:news:delete', target: TARGET, targetId: ids.join(','), detail: (n) => `删除${n}篇` }, () =>
        deleteArticles(database, ids, now()),
      );
      return ok(deleted);
    },
  );
}
