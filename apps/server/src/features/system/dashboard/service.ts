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
  /** Approved members. */
  members: number;
  pendingApplications: number;
  pendingContributions: number;
  recentAudit: AuditRecord[];
}

/** The 工作台 figures, read from the live tables. */
export async function dashboard(db: Kysely<DB>, admin: AdminPrincipal, now: number): Promise<Dashboard> {
  const days = Array.from({ length: DAYS }, (_, i) => cstDate(now - (DAYS - 1 - i) * DAY_MS));
  const countMembers = (state: ApplyState) =>
    db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('apply_state', '=', state)
      .executeTakeFirstOrThrow();
  const [visitRows, total, articles, contributions, members, applications, audit] = await Promise.all([
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
    db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', 'is not', null)
      .where('status', '=', ArticleStatus.UnderReview)
      .executeTakeFirstOrThrow(),
    countMembers(ApplyState.Approved),
    countMembers(ApplyState.UnderReview),
    // Everyone's recent actions only for those who may read the audit log; others see their own.
    listAudit(db, can(admin, 'system:audit:list') ? {} : { adminId: admin.adminId }, { pageindex: 1, pagesize: RECENT_AUDIT }),
  ]);
  const perDay = new Map(visitRows.map((r) => [r.day, r.count]));
  return {
    visits: days.map((day) => ({ day, count: perDay.get(day) ?? 0 })),
    totalVisits: total.n,
    articles: articles.n,
    members: members.n,
    pendingApplications: applications.n,
    pendingContributions: contributions.n,
    recentAudit: audit.items,
  };
}
