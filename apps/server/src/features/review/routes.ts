import { z } from 'zod';
import {
  adminNoticeListDto,
  decideReviewBody,
  idParam,
  listOf,
  menuReviewFlowDto,
  menuReviewFlowQuery,
  messages,
  readNoticesBody,
  reviewDto,
  reviewListItemDto,
  reviewListQuery,
  reviewMessages,
  reviewSummaryDto,
  saveMenuReviewFlowBody,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin, requirePermission } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { attachment, xlsxAnswer, XLSX } from '../../http/xlsx-export.js';
import { decideReview, decisionDetail } from './decide.js';
import { stepDtos, toMenuReviewFlowDto, toReviewDto, toReviewListItemDto } from './dto.js';
import { menuReviewFlow, saveMenuFlow } from './flows.js';
import { myNotices, readNotices } from './notices.js';
import { listReviews, readReview, RECORDS_PERMISSION, reviewSummary } from './queue.js';
import { reviewRecordWorkbook } from './record-export.js';
import { mailContext } from '../mail/context.js';

const docs = { tags: ['review'] };
const idParams = z.object({ id: idParam });
const reviewMissing = { 404: reviewMessages.reviewNotFound };

/** The review chain (三审): 栏目管理's 审核流程, 待我审核 and 审批记录 with the 审批单, and the admins' notices. */
export async function reviewAdmin(app: App): Promise<void> {
  const { database, config, now } = app.services;

  app.get(
    '/GetMenuReviewFlow',
    {
      onRequest: requireAdmin('content:menu:list'),
      schema: {
        ...docs,
        summary: '栏目的审核流程：自身的步骤，或沿用的上级栏目步骤（InheritedFrom）；Steps 为空则直接发布',
        querystring: menuReviewFlowQuery,
        'x-data': menuReviewFlowDto,
        'x-codes': { 404: messages.menuNotFound },
      },
    },
    async (request) => {
      const { menuid } = request.query;
      const chain = await menuReviewFlow(database, menuid);
      return ok(toMenuReviewFlowDto(menuid, chain?.owner, await stepDtos(database.db, chain?.steps ?? [])));
    },
  );

  app.post(
    '/SaveMenuReviewFlow',
    {
      onRequest: requireAdmin('content:menu:review'),
      schema: {
        ...docs,
        summary: '保存栏目自身的审核步骤（按顺序，最多5步；Steps 为空则沿用上级栏目）。每个角色须存在且可审核（超级管理员或拥有“待我审核”）',
        body: saveMenuReviewFlowBody,
        'x-data': z.int().describe('栏目编号'),
        'x-codes': { 404: messages.menuNotFound },
      },
    },
    async (request) => {
      const body = request.body;
      const detail = body.Steps.map((s) => s.Name).join('→') || '无（沿用上级栏目）';
      await adminWrite(
        request,
        { action: 'content:menu:review', target: '审核流程', targetId: body.MenuId, detail: (saved) => `${saved.menuName}：${detail}` },
        () => saveMenuFlow(database, body),
      );
      return ok(body.MenuId);
    },
  );

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

  app.get(
    '/ExportReview/:id',
    {
      onRequest: requireAdmin('content:review:export'),
      schema: { ...docs, summary: '导出审批单（.xlsx）；可查看该审批单者方可导出', params: idParams, ...xlsxAnswer, 'x-codes': reviewMissing },
    },
    async (request, reply) => {
      const { review, decisions } = await adminWrite(
        request,
        { action: 'content:review:export', target: '审批单', targetId: request.params.id, detail: (r) => `导出审批单：${r.review.title}` },
        () => readReview(database, request.params.id, currentAdmin(request)),
      );
      return attachment(reply, XLSX, `review-${review.id}.xlsx`, `审批单_${review.id}.xlsx`).send(await reviewRecordWorkbook(review, decisions));
    },
  );

  app.get(
    '/GetReviewSummary',
    {
      onRequest: requireAdmin('content:review:list'),
      schema: {
        ...docs,
        summary: '工作台：待我审核的篇数（Mine），以及无人可审的栏目步骤（Blocked：角色已删除、停用、无人或无“待我审核”权限）',
        'x-data': reviewSummaryDto,
      },
    },
    async (request) => ok(await reviewSummary(database, currentAdmin(request))),
  );

  app.get(
    '/GetMyNotices',
    { onRequest: requireAdmin(), schema: { ...docs, summary: '我的站内通知（最新50条）与未读数', 'x-data': adminNoticeListDto } },
    async (request) => ok(await myNotices(database, currentAdmin(request).adminId)),
  );

  app.post(
    '/ReadNotices',
    {
      onRequest: requireAdmin(),
      schema: {
        ...docs,
        summary: '标记本人的一条通知（NoticeId）或全部通知为已读；Data 为标记的条数',
        body: readNoticesBody,
        'x-data': z.int().describe('标记的条数'),
      },
    },
    async (request) => ok(await readNotices(database, currentAdmin(request).adminId, request.body.NoticeId, now())),
  );
}
