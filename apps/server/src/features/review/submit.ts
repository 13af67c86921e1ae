import type { Insertable, Kysely } from 'kysely';
import { ReviewKind, reviewKindNames, ReviewState } from '@portal/shared';
import type { DB, NewsReviewsTable } from '../../db/schema.js';
import type { ArticleFields, RevisionEditor } from '../articles/revisions.js';
import { stepDeciders, type ReviewStep } from './flows.js';
import { notify, reviewLink } from './notices.js';

/**
 * Putting an article into its menu's chain (called inside the transaction of the save that
 * submits it: SaveNews, a member's contribution, a restore) and taking it out again. One
 * article has at most one pending review: a newer save replaces (withdraws) the older one,
 * since the reviewers would otherwise approve text the author has already changed.
 */

/** The version under review: the article's columns as the save would store them (what approval of an edit applies). */
export type ReviewedFields = ArticleFields & { body_text: string; restored_from: number | null };

export interface Submission {
  newsId: number;
  kind: ReviewKind;
  steps: readonly ReviewStep[];
  author: RevisionEditor;
  fields: ReviewedFields;
  at: string;
}

/** The queue's copy of a step's rules (news_reviews.step_roles and step_no_self). */
export const stepColumns = (step: ReviewStep) => ({ step_roles: `,${step.roleIds.join(',')},`, step_no_self: step.noSelfReview ? 1 : 0 });

/** The columns a new review is given by its submitter; the state, step and step's rules are set here. */
export type ReviewInsert = Omit<Insertable<NewsReviewsTable>, 'state' | 'step_no' | 'steps' | 'step_roles' | 'step_no_self'> & { steps: readonly ReviewStep[] };

/** Inserts a review pending at step 1 of its steps (an article's here, a reply's through subjects.ts). */
export async function insertReview(trx: Kysely<DB>, { steps, ...values }: ReviewInsert): Promise<number> {
  const [first] = steps;
  if (!first) throw new Error('a review needs at least one step');
  const { id } = await trx
    .insertInto('news_reviews')
    .values({ ...values, state: ReviewState.Pending, step_no: 1, steps: JSON.stringify(steps), ...stepColumns(first) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Creates the review at step 1, replacing any pending one of the article, and tells step 1's deciders. */
export async function submitReview(trx: Kysely<DB>, s: Submission): Promise<number> {
  await withdrawReviews(trx, [s.newsId], s.at);
  const [first] = s.steps;
  if (!first) throw new Error('a review needs at least one step');
  const author =
    'adminId' in s.author
      ? { author_admin_id: s.author.adminId || null, author_member_id: null, author_name: s.author.account }
      : { author_admin_id: null, author_member_id: s.author.memberId, author_name: s.author.memberName };
  const id = await insertReview(trx, {
    news_id: s.newsId,
    kind: s.kind,
    steps: s.steps,
    ...author,
    title: s.fields.title,
    menu_id: s.fields.menu_id,
    version: JSON.stringify(s.fields),
    submitted_at: s.at,
  });
  await announceStep(trx, { id, kind: s.kind, title: s.fields.title, authorAdminId: author.author_admin_id }, first, s.at);
  return id;
}

/** Tells every admin who may decide the step that the review waits there (not the author where the step forbids deciding one's own). */
export async function announceStep(
  trx: Kysely<DB>,
  review: { id: number; kind: ReviewKind; title: string; authorAdminId: number | null },
  step: ReviewStep,
  at: string,
): Promise<void> {
  const deciders = (await stepDeciders(trx, step.roleIds)).filter((id) => !(step.noSelfReview && id === review.authorAdminId));
  await notify(trx, deciders, `${reviewKindNames[review.kind]}《${review.title}》待您审核（${step.name}）`, reviewLink(review.id), at);
}

/** Withdraws the pending reviews of these articles (a newer save, or the article deleted); their records stay. */
export async function withdrawReviews(trx: Kysely<DB>, newsIds: readonly number[], at: string): Promise<void> {
  if (newsIds.length === 0) return;
  await trx
    .updateTable('news_reviews')
    .set({ state: ReviewState.Withdrawn, decided_at: at })
    .where('news_id', 'in', newsIds)
    .where('state', '=', ReviewState.Pending)
    .execute();
}

/** Of these articles, those with an edit waiting in their review chain (文章管理 marks them 修改待审). */
export async function withPendingEdit(db: Kysely<DB>, newsIds: readonly number[]): Promise<Set<number>> {
  if (newsIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('news_reviews')
    .select('news_id')
    .where('news_id', 'in', newsIds)
    .where('state', '=', ReviewState.Pending)
    .where('kind', '=', ReviewKind.Edit)
    .execute();
  return new Set(rows.map((r) => r.news_id));
}

/** The article's pending review, if any: its id and kind. */
export async function pendingReview(trx: Kysely<DB>, newsId: number): Promise<{ id: number; kind: number } | undefined> {
  return trx.selectFrom('news_reviews').select(['id', 'kind']).where('news_id', '=', newsId).where('state', '=', ReviewState.Pending).executeTakeFirst();
}

/** The article as it now stands, in the shape of a reviewed version (a contribution, and a reviewer's correction of it). */
export async function articleAsReviewed(trx: Kysely<DB>, newsId: number): Promise<ReviewedFields> {
  const row = await trx
    .selectFrom('news')
    .select(['menu_id', 'title', 'content', 'body_text', 'image_url', 'status', 'is_top', 'is_member_read', 'author', 'news_create_time', 'offline_at'])
    .where('id', '=', newsId)
    .executeTakeFirstOrThrow();
  return { ...row, restored_from: null };
}

/** Copies the article as it now stands into its pending review (after a reviewer's correction), so the record shows what was decided. */
export async function refreshReviewedVersion(trx: Kysely<DB>, reviewId: number, newsId: number): Promise<void> {
  const fields = await articleAsReviewed(trx, newsId);
  await trx
    .updateTable('news_reviews')
    .set({ title: fields.title, version: JSON.stringify(fields) })
    .where('id', '=', reviewId)
    .execute();
}
