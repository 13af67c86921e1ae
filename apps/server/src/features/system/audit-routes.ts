import { auditLogListQuery, type DashboardDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { currentAdmin, requireAdmin } from '../../http/admin-auth.js';
import { list, ok } from '../../http/envelope.js';
import { listAudit } from './audit.js';
import { dashboard } from './dashboard.js';
import { adminDocs } from './docs.js';
import { toAuditLogDto } from './dto.js';

/** The audit log (read-only: no call edits or deletes a record) and the 工作台 figures; both our additions. */
export async function auditRoutes(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetAuditLogList',
    { onRequest: requireAdmin('system:audit:list'), schema: { ...adminDocs, summary: '操作日志（分页，按账号、操作、日期范围筛选）', querystring: auditLogListQuery } },
    async (request) => {
      const { account, action, start, end, ...paging } = request.query;
      const page = await listAudit(database.db, { account, action, start, end }, paging);
      return list(page.items.map(toAuditLogDto), page.total);
    },
  );

  app.get('/GetDashboard', { onRequest: requireAdmin('dashboard:view'), schema: { ...adminDocs, summary: '工作台：30 天访问量、各项总数与最近操作' } }, async (request) => {
    const d = await dashboard(database.db, currentAdmin(request), now());
    return ok<DashboardDto>({
      Visits: d.visits.map((v) => ({ Day: v.day, Count: v.count })),
      TotalVisits: d.totalVisits,
      ArticleCount: d.articles,
      MemberCount: d.members,
      PendingApplicationCount: d.pendingApplications,
      PendingContributionCount: d.pendingContributions,
      RecentAudit: d.recentAudit.map(toAuditLogDto),
    });
  });
}
