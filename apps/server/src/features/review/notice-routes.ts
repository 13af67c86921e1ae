import { z } from 'zod';
import { adminNoticeListDto, readNoticesBody, reviewSummaryDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { docs } from './docs.js';
import { myNotices, readNotices } from './notices.js';
import { reviewSummary } from './queue.js';

/** 工作台's count of reviews waiting, and the admins' notices (站内通知) the review chain sends. */
export async function reviewNoticeRoutes(app: App): Promise<void> {
  const { database, now } = app.services;

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
