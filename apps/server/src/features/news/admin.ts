import { z } from 'zod';
import {
  adminNewsDetailDto,
  adminNewsItemDto,
  adminNewsListQuery,
  articleStatusNames,
  bulkNewsBody,
  bulkNewsResultDto,
  contentMessages,
  delNewsBody,
  listOf,
  messages,
  moveNewsBody,
  newsIdQuery,
  saveNewsBody,
  type AdminNewsItemDto,
  type ArticleStatus,
  type BulkNewsResultDto,
} from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { xlsxAnswer, type ExportColumn } from '../../http/xlsx-export.js';
import { sendListExport } from '../system/list-export.js';
import { deleteArticles, listArticles, readArticleForEditing, saveArticle, savedMessage } from './admin-service.js';
import { moveArticles, offlineArticles, publishArticles, type BulkContext, type BulkResult } from './bulk.js';
import { articleFields, conflictAnswer } from '../articles/revisions.js';
import { deleteAutosave } from './autosave.js';
import { toAdminNewsDetailDto, toAdminNewsItemDto } from './dto.js';
import { toArticleFieldsDto } from '../articles/revision-dto.js';

const TARGET = '文章';
const articleMissing = { 404: messages.articleNotFound };

/** 文章管理's table columns (the cover picture left out). */
const exportColumns: readonly ExportColumn<AdminNewsItemDto>[] = [
  { header: '标题', width: 48, cell: (n) => n.Title },
  { header: '所属栏目', width: 16, cell: (n) => n.MenuName },
  { header: '状态', width: 12, cell: (n) => articleStatusNames[n.Status as ArticleStatus] ?? String(n.Status) },
  { header: '置顶', width: 8, cell: (n) => (n.IsTop ? '是' : '否') },
  { header: '会员可读', width: 10, cell: (n) => (n.IsMemberRead ? '是' : '否') },
  { header: '作者', width: 14, cell: (n) => n.Author },
  { header: '阅读量', width: 10, cell: (n) => n.Views },
  { header: '发布时间', width: 20, cell: (n) => n.NewsCreateTime },
  { header: '定时下线', width: 20, cell: (n) => n.OfflineTime },
];

/** 文章管理 (spec §7 GetNewsList, GetNewsDetail, SaveNews, DelNews under /api/XfSysBussiness/; UploadFile lives in features/uploads). */
export async function newsAdmin(app: App): Promise<void> {
  const { database, config, now } = app.services;

  app.get(
    '/GetNewsList',
    {
      onRequest: requireAdmin('content:news:list', 'content:position:add'),
      schema: {
        ...contentAdminDocs,
        summary: '文章列表（全部状态；按标题、栏目及其下级、状态、置顶、会员可读、发布日期筛选）',
        querystring: adminNewsListQuery,
        'x-data': listOf(adminNewsItemDto),
      },
    },
    async (request) => {
      const { pageindex, pagesize, ...filter } = request.query;
      const page = await listArticles(database, filter, { pageindex, pagesize });
      return list(
        page.items.map((i) => toAdminNewsItemDto(i, config.assetBaseUrl)),
        page.total,
      );
    },
  );

  app.get(
    '/ExportNewsList',
    {
      onRequest: requireAdmin('content:news:export'),
      schema: {
        ...contentAdminDocs,
        summary: '导出文章列表（筛选同 GetNewsList，分页参数不用）为 .xlsx（流式输出）',
        querystring: adminNewsListQuery,
        ...xlsxAnswer,
      },
    },
    async (request, reply) => {
      const { pageindex: _index, pagesize: _size, ...filter } = request.query;
      return sendListExport(request, reply, {
        permission: 'content:news:export',
        target: TARGET,
        title: '文章列表',
        asciiName: 'news.xlsx',
        columns: exportColumns,
        read: async (page) => (await listArticles(database, filter, page)).items.map((i) => toAdminNewsItemDto(i, config.assetBaseUrl)),
      });
    },
  );

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
          '新增（NewsId 为 0）或修改文章（未传的字段保持原值）；正文经服务器净化后保存，并留存历史版本。带 Version（GetNewsDetail 所答）时，文章已被他人修改则答 Code 409，Data 为 { Current, Yours }',
        body: saveNewsBody,
        'x-data': z.int().describe('文章编号'),
        'x-codes': { ...conflictAnswer, ...articleMissing },
      },
    },
    async (request) => {
      const body = request.body;
      const { adminId, account } = currentAdmin(request);
      const saved = await adminWrite(
        request,
        { action: body.NewsId ? 'content:news:edit' : 'content:news:add', target: TARGET, targetId: (a) => a.id, detail: (a) => a.title },
        () =>
          saveArticle(database, body, { now: now(), assetBaseUrl: config.assetBaseUrl, editor: { adminId, account }, revisionsKept: config.newsRevisionsKept }),
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

  /**
   * The bulk actions (批量发布, 批量下线, 移动到栏目): changes to articles an editor could make one
   * by one in the editor, so they need 修改文章; each is audited once, naming the articles.
   */
  const bulk = (
    path: string,
    schema: typeof bulkNewsBody | typeof moveNewsBody,
    summary: string,
    detail: (r: BulkResult) => string,
    run: (body: { NewsId: number[]; MenuId?: number }, context: BulkContext) => Promise<BulkResult>,
  ) =>
    app.post(
      path,
      { onRequest: requireAdmin('content:news:edit'), schema: { ...contentAdminDocs, summary, body: schema, 'x-data': bulkNewsResultDto } },
      async (request) => {
        const { adminId, account } = currentAdmin(request);
        const body = request.body as { NewsId: number[]; MenuId?: number };
        const context = { now: now(), editor: { adminId, account }, revisionsKept: config.newsRevisionsKept };
        const result = await adminWrite(request, { action: 'content:news:edit', target: TARGET, targetId: body.NewsId.join(','), detail }, () =>
          run(body, context),
        );
        const data: BulkNewsResultDto = {
          Changed: result.changed,
          ...(path === '/PublishNews' ? { Scheduled: result.scheduled } : {}),
          ...(path === '/MoveNews' ? { Submitted: result.submitted } : {}),
        };
        return ok(data, detail(result));
      },
    );

  bulk(
    '/PublishNews',
    bulkNewsBody,
    '批量发布（NewsId 为一个或多个编号）：状态改为正常，发布时间未到的为待发布；所选含审核中或审核不通过的投稿、或所在栏目设有审核流程的未发布文章时整批拒绝。Data 为 { Changed, Scheduled }',
    (r) => contentMessages.bulkPublished(r.changed - r.scheduled, r.scheduled),
    (body, context) => publishArticles(database, body.NewsId, context),
  );
  bulk(
    '/OfflineNews',
    bulkNewsBody,
    '批量下线（NewsId 为一个或多个编号）：状态改为停用；所选含审核中或审核不通过的会员投稿时整批拒绝。Data 为 { Changed }',
    (r) => contentMessages.bulkOfflined(r.changed),
    (body, context) => offlineArticles(database, body.NewsId, context),
  );
  bulk(
    '/MoveNews',
    moveNewsBody,
    '移动到栏目（NewsId 为一个或多个编号，MenuId 为目标栏目）：已发布（或待发布）的文章移入设有审核流程的栏目时，移动作为修改提交该栏目的审核，审核通过后生效，其间文章仍在原栏目；审核中（新稿、投稿、修改待审）或审核不通过的文章整批拒绝。Data 为 { Changed, Submitted }',
    (r) => contentMessages.bulkMoved(r.changed, r.submitted),
    (body, context) => moveArticles(database, body.NewsId, body.MenuId ?? 0, context),
  );
}
