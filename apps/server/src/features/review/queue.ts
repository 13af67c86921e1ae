import type { Kysely } from 'kysely';
import { ReviewState, type ReviewListQuery, type ReviewSummaryDto } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB, NewsReviewDecisionsTable } from '../../db/schema.js';
import { forbidden } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { can, type AdminPrincipal } from '../system/auth/access.js';
import { containing } from '../../db/like.js';
import { staffedReviewerRoles } from './flows.js';
import { judge, loadReview, reviewRows, toReview, type Review } from './records.js';

/**
 * Reading reviews: 待我审核 (the pending reviews whose current step the caller may decide, oldest
 * first), 审批记录 (every review, newest first), one review whole with its decisions, and the
 * workbench's summary. Whoever does not hold 审批记录 reads only the reviews they may decide,
 * decided or submitted.
 */

export const RECORDS_PERMISSION = 'content:review:records';

/** A decision as the record shows it. */
export type ReviewDecisionRow = Omit<NewsReviewDecisionsTable, 'id' | 'review_id'>;

/**
 * The reviews matching a list's filter. Scope mine is the caller's queue: pending, at a step
 * naming their role (step_roles holds ',3,5,'), and not their own article where the step forbids
 * that. A super administrator's queue holds the steps naming their role too: anything else they
 * decide by override, from 审批记录.
 */
const matching = (db: Kysely<DB>, caller: AdminPrincipal, query: Omit<ReviewListQuery, 'pageindex' | 'pagesize'>) =>
  db
    .selectFrom('news_reviews as r')
    .$if(query.scope !== 'all', (q) =>
      q
        .where('r.state', '=', ReviewState.Pending)
        .where(containing('r.step_roles', `,${caller.roleId},`))
        .where((eb) => eb.or([eb('r.step_no_self', '=', 0), eb('r.author_admin_id', 'is', null), eb('r.author_admin_id', '!=', caller.adminId)])),
    )
    .$if(query.state !== undefined, (q) => q.where('r.state', '=', query.state ?? 0))
    .$if(query.newsid !== undefined, (q) => q.where('r.news_id', '=', query.newsid ?? 0))
    .$if(query.menuid !== undefined, (q) => q.where('r.menu_id', '=', query.menuid ?? 0))
    .$if(!!query.key, (q) => q.where(containing('r.title', query.key ?? '')));

/** GetReviewList: one page of the queue (scope mine, oldest submission first) or of every review (scope all, newest first). */
export async function listReviews({ db }: Database, caller: AdminPrincipal, query: ReviewListQuery): Promise<{ items: Review[]; total: number }> {
  const { pageindex, pagesize, ...filter } = query;
  const { limit, offset } = pageWindow({ pageindex, pagesize });
  const found = matching(db, caller, filter);
  const ordered = filter.scope === 'all' ? found.orderBy('r.id', 'desc') : found.orderBy('r.submitted_at').orderBy('r.id');
  const [page, { total }] = await Promise.all([
    ordered.select('r.id').limit(limit).offset(offset).execute(),
    found.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const ids = page.map((r) => r.id);
  if (ids.length === 0) return { items: [], total: Number(total) };
  const byId = new Map((await reviewRows(db).where('r.id', 'in', ids).execute()).map((r) => [r.id, toReview(r)]));
  return { items: ids.flatMap((id) => byId.get(id) ?? []), total: Number(total) };
}

/** A review's decisions, in the order they were taken. */
export async function reviewDecisions(db: Kysely<DB>, reviewId: number): Promise<ReviewDecisionRow[]> {
  return db
    .selectFrom('news_review_decisions')
    .select(['step_no', 'step_name', 'decision', 'opinion', 'admin_id', 'admin_account', 'admin_name', 'override_reason', 'created_at'])
    .where('review_id', '=', reviewId)
    .orderBy('id')
    .execute();
}

/** A review with its decisions, when the caller may read it: 审批记录 reads any; others only one they may decide, decided or submitted (Code 403 else). */
export async function readReview({ db }: Database, id: number, caller: AdminPrincipal): Promise<{ review: Review; decisions: ReviewDecisionRow[] }> {
  const review = await loadReview(db, id);
  const decisions = await reviewDecisions(db, id);
  const involved = judge(review, caller).canDecide || review.authorAdminId === caller.adminId || decisions.some((d) => d.admin_id === caller.adminId);
  if (!can(caller, RECORDS_PERMISSION) && !involved) throw forbidden();
  return { review, decisions };
}

/** GetReviewSummary: the size of the caller's queue, and the configured steps no enabled admin can decide. */
export async function reviewSummary({ db }: Database, caller: AdminPrincipal): Promise<ReviewSummaryDto> {
  const [{ mine }, steps, staffed] = await Promise.all([
    matching(db, caller, {})
      .select((eb) => eb.fn.countAll<number>().as('mine'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('menu_review_steps as s')
      .innerJoin('menus as m', 'm.id', 's.menu_id')
      .select(['s.menu_id', 'm.name as menu_name', 's.name', 's.role_ids'])
      .orderBy('m.sort_number')
      .orderBy('s.menu_id')
      .orderBy('s.step_no')
      .execute(),
    staffedReviewerRoles(db),
  ]);
  const blocked = steps.filter((s) => !(JSON.parse(s.role_ids) as number[]).some((id) => staffed.has(id)));
  return { Mine: Number(mine), Blocked: blocked.map((s) => ({ MenuId: s.menu_id, MenuName: s.menu_name, StepName: s.name })) };
}
