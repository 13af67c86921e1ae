import { z } from 'zod';
import { decideReviewBody, listOf, messages, reviewDto, reviewListItemDto, reviewListQuery, reviewMessages } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin, requirePermission } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { decideReview, decisionDetail } from './decide.js';
import { docs, idParams, reviewMissing } from './docs.js';
import { toReviewDto, toReviewListItemDto } from './dto.js';
import { listReviews, readReview, RECORDS_PERMISSION } from './queue.js';
import { mailContext } from '../mail/context.js';

/**
 * The review chain (三审): 待我审核 and 审批记录, the 审批单 and its decision. The chains are in
 * flow-routes.ts, the 审批单's export in export-routes.ts, the notices in notice-routes.ts.
 */
export async function reviewAdmin(app: App): Promise<void> {
  const { database, config, now } = app.services;

  app.get(
    '/GetReviewList',
    {
      onRequest: requireAdmin('content:review:list', 'content:review:records'),
      schema: {
        ...docs,
        summary:
          'scope=mine（默认）：待我审核，先提交的在前；scope=all：审批记录（需 content:review:records），新的在前。可按 state、newsid、menuid、标题 key 筛选',
        querystring: reviewListQuery,
        'x-data': listOf(reviewListItemDto),
      },
    },
    async (request) => {
      const query = request.query;
      const caller = await requirePermission(request, query.scope === 'all' ? RECORDS_PERMISSION : 'content:review:list');
      const page = await listReviews(database, caller, query);
      return list(page.items.map(toReviewListItemDto), page.total);
    },
  );

  app.get(
    '/GetReview/:id',
    {
      // Authors too (they may hold no 待我审核): their notice of 通过 or 驳回 opens the 审批单; the read rule of readReview applies.
      onRequest: requireAdmin('content:review:list', 'content:news:add', 'content:news:edit'),
      schema: {
        ...docs,
        summary:
          '审批单：送审版本、流程步骤、各步审核意见，以及当前用户能否审核（CanDecide、NeedsOverride、Why）。无“审批记录”权限者只能查看可审、审过或本人提交的',
        params: idParams,
        'x-data': reviewDto,
        'x-codes': reviewMissing,
      },
    },
    async (request) => {
      const caller = currentAdmin(request);
      const { review, decisions } = await readReview(database, request.params.id, caller);
      return ok(await toReviewDto(database.db, review, decisions, caller, config.assetBaseUrl));
    },
  );

  app.post(
    '/DecideReview',
    {
      onRequest: requireAdmin('content:review:list'),
      schema: {
        ...docs,
        summary:
          '审核当前步骤：Decision 1 通过（转下一步或发布）、2 驳回（须填 Opinion）；超级管理员越级审核须填 OverrideReason；StepNo 为所见步骤（已变化则答“该稿件已不在审核中”）',
        body: decideReviewBody,
        'x-data': z.int().describe('审批单编号'),
        'x-codes': { 404: `${reviewMessages.reviewNotFound}；${messages.articleNotFound}` },
      },
    },
    async (request) => {
      const body = request.body;
      const decided = await adminWrite(
        request,
        {
          action: 'content:review:list',
          target: '审批单',
          targetId: body.ReviewId,
          detail: (d) => decisionDetail(d, { decision: body.Decision, opinion: body.Opinion }),
        },
        () => decideReview(database, body, currentAdmin(request), { now: now(), revisionsKept: config.newsRevisionsKept, mail: mailContext(request) }),
      );
      return ok(decided.reviewId, decided.message);
    },
  );
}
