import type { Kysely } from 'kysely';
import { ApplyState, ArticleStatus, cstDate } from '@portal/shared';
import type { DB } from '../../../db/schema.js';
import { can, type AdminPrincipal } from '../auth/access.js';
import { listAudit, type AuditRecord } from '../audit/service.js';

const DAYS = 30;
const RECENT_AUDIT = 10;
const DAY_MS = 86_400_000;

export interface Dashboard {
  /** The last 30 CST days, oldest first, with 0 for days without visits. */
  visits: { day: string; count: number }[];
  totalVisits: number;
  articles: number;
  /** Approved members; null for an admin who may not list members (member:list). */
  members: number | null;
  /** Applications waiting; null without member:list. */
  pendingApplications: number | null;
  /** Contributions waiting; null without member:contribution:list. */
  pendingContributions: number | null;
  recentAudit: AuditRecord[];
  /** 访问统计 of yesterday (CST), as rolled up; null for an admin without 访问统计 (stats:visits). */
  yesterday: { views: number; visitors: number } | null;
}

/** The 工作台 figures, read from the live tables. */
export async function dashboard(db: Kysely<DB>, admin: AdminPrincipal, now: number): Promise<Dashboard> {
  const days = Array.from({ length: DAYS }, (_, i) => cstDate(now - (DAYS - 1 - i) * DAY_MS));
  // A figure is read only for an admin who may see what it counts (a reviewer's workbench shows no membership).
  const seesMembers = can(admin, 'member:list');
  const countMembers = async (state: ApplyState) =>
    seesMembers
      ? (
          await db
            .selectFrom('members')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('apply_state', '=', state)
            .executeTakeFirstOrThrow()
        ).n
      : null;
  const countContributions = async () =>
    can(admin, 'member:contribution:list')
      ? (
          await db
            .selectFrom('news')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('member_id', 'is not', null)
            .where('status', '=', ArticleStatus.UnderReview)
            .executeTakeFirstOrThrow()
        ).n
      : null;
  const [visitRows, total, articles, contributions, members, applications, audit, yesterday] = await Promise.all([
    db
      .selectFrom('visit_counts')
      .select(['day', 'count'])
      .where('day', '>=', days[0] as string)
      .execute(),
    db
      .selectFrom('visit_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), eb.lit(0)).as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', ArticleStatus.Published)
      .executeTakeFirstOrThrow(),
    countContributions(),
    countMembers(ApplyState.Approved),
    countMembers(ApplyState.UnderReview),
    // Everyone's recent actions only for those who may read the audit log; others see their own.
    listAudit(db, can(admin, 'system:audit:list') ? {} : { adminId: admin.adminId }, { pageindex: 1, pagesize: RECENT_AUDIT }),
    can(admin, 'stats:visits') ? visitsOn(db, cstDate(now - DAY_MS)) : null,
  ]);
  const perDay = new Map(visitRows.map((r) => [r.day, r.count]));
  return {
    visits: days.map((day) => ({ day, count: perDay.get(day) ?? 0 })),
    totalVisits: total.n,
    articles: articles.n,
    members,
    pendingApplications: applications,
    pendingContributions: contributions,
    recentAudit: audit.items,
    yesterday,
  };
}

/**
 * A day's people's views and visitors as 访问统计 rolled them up (features/statistics/rollup.ts
 * writes stat_daily; read here by its table, as the statistics feature sits above this one).
 */
async function visitsOn(db: Kysely<DB>, day: string): Promise<{ views: number; visitors: number }> {
  const row = await db
    .selectFrom('stat_daily')
    .select(['views', 'visitors'])
    .where('dim', '=', 'all')
    .where('day', '=', day)
    .where('key', '=', '')
    .executeTakeFirst();
  return { views: Number(row?.views ?? 0), visitors: Number(row?.visitors ?? 0) };
}
