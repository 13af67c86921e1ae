import { bulkNewsBody, bulkNewsResultDto, contentMessages, moveNewsBody, type BulkNewsResultDto } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { moveArticles, offlineArticles, publishArticles, type BulkContext, type BulkResult } from './bulk.js';
import { ARTICLE as TARGET } from './route-parts.js';

/** 文章管理's toolbar actions on the ticked articles: PublishNews, OfflineNews, MoveNews. */
export async function newsBulkAdmin(app: App): Promise<void> {
  const { database, config, now } = app.services;

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
          ...(path === '/PublishNews'
            ? { Scheduled: result.scheduled, Skipped: result.skipped.map((a) => ({ NewsId: a.id, Title: a.title, Reason: a.reason })) }
            : {}),
          ...(path === '/MoveNews' ? { Submitted: result.submitted } : {}),
        };
        return ok(data, detail(result));
      },
    );

  bulk(
    '/PublishNews',
    bulkNewsBody,
    '批量发布（NewsId 为一个或多个编号）：能发布的改为正常，发布时间未到的为待发布；审核中、审核不通过、所在栏目设有审核流程的未发布文章、定时下线时间已过的及不存在的不发布，逐篇列在 Skipped（NewsId、Title、Reason）。Data 为 { Changed, Scheduled, Skipped }',
    (r) => contentMessages.bulkPublished(r.changed - r.scheduled, r.scheduled, r.skipped.length),
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
