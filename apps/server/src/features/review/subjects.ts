import type { Kysely } from 'kysely';
import { ReviewKind, ReviewState } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import type { AdminPrincipal } from '../system/auth/access.js';
import type { MailContext } from '../mail/context.js';
import type { ReviewStep } from './flows.js';
import { announceStep, insertReview } from './submit.js';

/**
 * Reviews of what is not an article (a reply to a 在线留言 message): the chain, reviewers, 待我审核
 * and 审批单 are the articles' own; only the outcome differs. The feature that owns the subject
 * sits on a higher layer, so it registers what approval and rejection do (review never imports
 * it), and submits through submitSubjectReview.
 */

/** What a subject's review holds for the reviewers: its title, the text to approve (rich text) and who wrote it. */
export interface SubjectVersion {
  title: string;
  content: string;
  author: string;
}

/** The review a subject's outcome is applied from. */
export interface SubjectReview {
  id: number;
  subjectId: number;
  authorAdminId: number | null;
  authorName: string;
  version: SubjectVersion;
}

export interface SubjectOutcome {
  reviewer: AdminPrincipal;
  stepName: string;
  at: string;
  now: number;
  mail: MailContext | null;
}

/** Applied in the decision's transaction; a throw refuses the decision (nothing of it is kept). */
export interface ReviewSubject {
  /** The last step approved: the subject takes the version. Answers the reviewer's message. */
  approve(trx: Kysely<DB>, review: SubjectReview, outcome: SubjectOutcome): Promise<string>;
  /** A step rejected, with the reviewer's opinion and the step's name. */
  reject(trx: Kysely<DB>, review: SubjectReview, rejection: { reviewer: AdminPrincipal; stepName: string; at: string; opinion: string }): Promise<void>;
  /** Where the author's notice of the outcome leads. */
  link(review: SubjectReview): string;
}

const subjects = new Map<ReviewKind, ReviewSubject>();

/** Installed by the owning feature when its routes are registered. */
export function registerReviewSubject(kind: ReviewKind, subject: ReviewSubject): void {
  subjects.set(kind, subject);
}

/** The subject a review's kind names; undefined for an article's review. */
export const reviewSubject = (kind: ReviewKind): ReviewSubject | undefined => subjects.get(kind);

export interface SubjectSubmission {
  kind: ReviewKind;
  subjectId: number;
  /** The menu whose chain reviews it (the records are filtered and named by it). */
  menuId: number;
  steps: readonly ReviewStep[];
  author: AdminPrincipal;
  version: SubjectVersion;
  at: string;
}

/** Creates the subject's review at step 1 and tells step 1's deciders (inside the caller's transaction). */
export async function submitSubjectReview(trx: Kysely<DB>, s: SubjectSubmission): Promise<number> {
  const author = { author_admin_id: s.author.adminId || null, author_member_id: null, author_name: s.author.account };
  const id = await insertReview(trx, {
    news_id: 0,
    subject_id: s.subjectId,
    kind: s.kind,
    steps: s.steps,
    ...author,
    title: s.version.title,
    menu_id: s.menuId,
    version: JSON.stringify(s.version),
    submitted_at: s.at,
  });
  await announceStep(trx, { id, kind: s.kind, title: s.version.title, authorAdminId: author.author_admin_id }, s.steps[0]!, s.at);
  return id;
}

/** The subject's pending review, if any. */
export async function pendingSubjectReview(trx: Kysely<DB>, kind: ReviewKind, subjectId: number): Promise<number | undefined> {
  const row = await trx
    .selectFrom('news_reviews')
    .select('id')
    .where('subject_id', '=', subjectId)
    .where('kind', '=', kind)
    .where('state', '=', ReviewState.Pending)
    .executeTakeFirst();
  return row?.id;
}

/** Withdraws the subject's pending review (the subject closed otherwise); its record stays. */
export async function withdrawSubjectReview(trx: Kysely<DB>, kind: ReviewKind, subjectId: number, at: string): Promise<void> {
  await trx
    .updateTable('news_reviews')
    .set({ state: ReviewState.Withdrawn, decided_at: at })
    .where('subject_id', '=', subjectId)
    .where('kind', '=', kind)
    .where('state', '=', ReviewState.Pending)
    .execute();
}

/** The subject's latest review with its last decision's opinion (the 留言 drawer's 审核 line). */
export async function latestSubjectReview(db: Kysely<DB>, kind: ReviewKind, subjectId: number) {
  const review = await db
    .selectFrom('news_reviews')
    .select(['id', 'state', 'steps', 'step_no', 'version'])
    .where('subject_id', '=', subjectId)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!review) return null;
  const last = await db.selectFrom('news_review_decisions').select('opinion').where('review_id', '=', review.id).orderBy('id', 'desc').executeTakeFirst();
  const steps = JSON.parse(review.steps) as ReviewStep[];
  return {
    id: review.id,
    state: review.state as ReviewState,
    stepName: steps[review.step_no - 1]?.name ?? '',
    version: JSON.parse(review.version) as SubjectVersion,
    opinion: last?.opinion ?? '',
  };
}
