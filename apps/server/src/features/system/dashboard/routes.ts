import { dashboardDto, type DashboardDto } from '@portal/shared';
import type { App } from '../../../http/app-types.js';
import { ok } from '../../../http/envelope.js';
import { currentAdmin, requireAdmin } from '../auth/guard.js';
import { adminDocs } from '../docs.js';
import { toAuditLogDto } from '../audit/dto.js';
import { dashboard } from './service.js';

/** 工作台: the figures the back office opens on (our addition). */
export async function dashboardRoutes(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetDashboard',
    {
      onRequest: requireAdmin('dashboard:view'),
      schema: { ...adminDocs, summary: '工作台：30 天访问量、昨日访问统计、各项总数与最近操作', 'x-data': dashboardDto },
    },
    async (request) => {
      const d = await dashboard(database.db, currentAdmin(request), now());
      return ok<DashboardDto>({
        Visits: d.visits.map((v) => ({ Day: v.day, Count: v.count })),
        TotalVisits: d.totalVisits,
        ArticleCount: d.articles,
        MemberCount: d.members,
        PendingApplicationCount: d.pendingApplications,
        PendingContributionCount: d.pendingContributions,
        RecentAudit: d.recentAudit.map(toAuditLogDto),
        Yesterday: d.yesterday && { Views: d.yesterday.views, Visitors: d.yesterday.visitors },
      });
    },
  );
}
