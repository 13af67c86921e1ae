import type { Kysely } from 'kysely';
import { ReviewState, reviewMessages, type ReviewKind } from '@portal/shared';
import type { DB, NewsReviewsTable } from '../../db/schema.js';
import { notFound } from '../../http/envelope.js';
import { can, type AdminPrincipal } from '../system/auth/access.js';
import { REVIEW_PERMISSION, type ReviewStep } from './flows.js';
import type { ReviewedFields } from './submit.js';

/** A review as the feature reads it, and the one rule on who may decide its current step. */

export interface Review {
  id: number;
  /** The article reviewed; 0 for a subject's review (a reply), which names its subject in subjectId. */
  newsId: number;
  subjectId: number;
  kind: ReviewKind;
  state: ReviewState;
  stepNo: number;
  steps: ReviewStep[];
  authorAdminId: number | null;
  authorMemberId: number | null;
  /** The admin author's account, or the member's company, as submitted. */
  authorName: string;
  /** The admin author's name as it is now ('' for a member, an API token or a deleted admin). */
  authorFullName: string;
  title: string;
  menuId: number;
  /** The menu's name as it is now ('' once it is gone). */
  menuName: string;
  /** An article's reviewed fields; a subject's review holds a SubjectVersion (subjects.ts). */
  version: ReviewedFields;
  submittedAt: string;
  decidedAt: string;
}

type ReviewRow = Omit<NewsReviewsTable, 'id' | 'decided_at' | 'subject_id'> & {
  id: number;
  decided_at: string;
  subject_id: number;
  menu_name: string | null;
  author_full_name: string | null;
};

export const reviewRows = (db: Kysely<DB>) =>
  db
    .selectFrom('news_reviews as r')
    .leftJoin('menus as m', 'm.id', 'r.menu_id')
    .leftJoin('admin_users as au', 'au.id', 'r.author_admin_id')
    .selectAll('r')
    .select(['m.name as menu_name', 'au.full_name as author_full_name']);

export const toReview = (r: ReviewRow): Review => ({
  id: r.id,
  newsId: r.news_id,
  subjectId: r.subject_id,
  kind: r.kind as ReviewKind,
  state: r.state as ReviewState,
  stepNo: r.step_no,
  steps: JSON.parse(r.steps) as ReviewStep[],
  authorAdminId: r.author_admin_id,
  authorMemberId: r.author_member_id,
  authorName: r.author_name,
  authorFullName: r.author_full_name ?? '',
  title: r.title,
  menuId: r.menu_id,
  menuName: r.menu_name ?? '',
  version: JSON.parse(r.version) as ReviewedFields,
  submittedAt: r.submitted_at,
  decidedAt: r.decided_at,
});

export async function loadReview(db: Kysely<DB>, id: number): Promise<Review> {
  const row = await reviewRows(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(reviewMessages.reviewNotFound);
  return toReview(row);
}

/** The step a review waits at (the last one decided once it is over). */
export const currentStep = (review: Review): ReviewStep => review.steps[review.stepNo - 1] ?? { name: '', roleIds: [], noSelfReview: false };

export interface Judgement {
  canDecide: boolean;
  /** Only as a super administrator's override, with a reason. */
  needsOverride: boolean;
  /** Why not, or why only by override; '' when the caller simply may. */
  why: string;
}

/**
 * Who may decide a review's current step: an admin whose role the step names (and who holds
 * 待我审核), unless the step forbids deciding one's own article and they submitted it. A super
 * administrator may decide outside those rules, but only by override, giving a reason that is
 * kept in the record and the audit log.
 */
export function judge(review: Review, caller: AdminPrincipal): Judgement {
  if (review.state !== ReviewState.Pending) return { canDecide: false, needsOverride: false, why: reviewMessages.notPending };
  const step = currentStep(review);
  const why = !(step.roleIds.includes(caller.roleId) && can(caller, REVIEW_PERMISSION))
    ? reviewMessages.notYourStep
    : step.noSelfReview && review.authorAdminId !== null && review.authorAdminId === caller.adminId
      ? reviewMessages.ownArticle
      : '';
  if (!why) return { canDecide: true, needsOverride: false, why };
  return caller.isSuper ? { canDecide: true, needsOverride: true, why } : { canDecide: false, needsOverride: false, why };
}
