import type { Kysely } from 'kysely';
import {
  ArticleStatus,
  formatCst,
  messages,
  ReviewDecision,
  ReviewKind,
  reviewKindNames,
  reviewMessages,
  ReviewState,
  RevisionKind,
  StepDecision,
  stepDecisionNames,
  type DecideReviewBody,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/envelope.js';
import type { MailContext } from '../mail/context.js';
import { nudgeOutbox } from '../mail/outbox.js';
import { queueContributionDecisionMail } from './decision-mail.js';
import { storedStatus } from '../articles/status.js';
import { articleFields, nextVersion, recordRevision } from '../articles/revisions.js';
import { articleReach, articlesChanged } from '../articles/reach.js';
import type { AdminPrincipal } from '../system/auth/access.js';
import { approvalLink, notify } from './notices.js';
import { currentStep, judge, loadReview, type Review } from './records.js';
import { announceStep, stepColumns } from './submit.js';
import { reviewSubject, type ReviewSubject, type SubjectVersion } from './subjects.js';

/**
 * Deciding a review's current step (DecideReview, and AuditContribution for a contribution in a
 * chain). One transaction: the rules of records.ts judge; a conditional update moves the review
 * only if it is still pending at the step read, so of two reviewers deciding at once the second
 * is told it is no longer pending; the decision is recorded; the next step's deciders are told,
 * or the last step's outcome reaches the article and its author.
 */

export interface StepVerdict {
  decision: StepDecision;
  opinion: string;
  overrideReason: string;
  /** The step the reviewer saw; a review that has moved on since is refused as no longer pending. */
  stepNo?: number;
}

export interface DecideContext {
  now: number;
  /** NEWS_REVISIONS_KEPT, for the revision an approved edit keeps. */
  revisionsKept: number;
  /** With SMTP configured: a contribution's final outcome is also e-mailed to its member. */
  mail: MailContext | null;
}

export interface Decided {
  reviewId: number;
  newsId: number;
  title: string;
  stepName: string;
  state: ReviewState;
  /** The super administrator's reason, when the decision was an override ('' otherwise). */
  override: string;
  message: string;
}

/** DecideReview: decides the review's current step. */
export async function decideReview(database: Database, body: DecideReviewBody, reviewer: AdminPrincipal, context: DecideContext): Promise<Decided> {
  const verdict = { decision: body.Decision, opinion: body.Opinion, overrideReason: body.OverrideReason, stepNo: body.StepNo };
  // Where the article showed before the decision: an approval publishes it or applies an edit (features/articles/reach.ts).
  // A reply's review has news_id 0: no article to announce.
  const reviewed = await database.db.selectFrom('news_reviews').select('news_id').where('id', '=', body.ReviewId).where('news_id', '>', 0).executeTakeFirst();
  const reach = await articleReach(database, reviewed ? [reviewed.news_id] : []);
  const decided = await database.db.transaction().execute((trx) => decideStep(trx, body.ReviewId, verdict, reviewer, context));
  if (reviewed) await articlesChanged(database, reach, [decided.newsId]);
  if (context.mail) nudgeOutbox(database);
  return decided;
}

/** Decides the current step inside the caller's transaction (the caller announces the article's change after it commits: features/articles/reach.ts). */
export async function decideStep(trx: Kysely<DB>, reviewId: number, verdict: StepVerdict, reviewer: AdminPrincipal, context: DecideContext): Promise<Decided> {
  const at = formatCst(context.now);
  const review = await loadReview(trx, reviewId);
  if (review.state !== ReviewState.Pending || (verdict.stepNo !== undefined && verdict.stepNo !== review.stepNo)) throw badRequest(reviewMessages.notPending);
  const judged = judge(review, reviewer);
  if (!judged.canDecide) throw badRequest(judged.why);
  if (judged.needsOverride && !verdict.overrideReason) throw badRequest(reviewMessages.overrideRequired);
  const override = judged.needsOverride ? verdict.overrideReason : '';
  const step = currentStep(review);
  const approve = verdict.decision === StepDecision.Approve;
  const next = approve ? review.steps[review.stepNo] : undefined;
  const outcome = next
    ? { step_no: review.stepNo + 1, ...stepColumns(next) }
    : { state: approve ? ReviewState.Approved : ReviewState.Rejected, decided_at: at };
  const moved = await trx
    .updateTable('news_reviews')
    .set(outcome)
    .where('id', '=', review.id)
    .where('state', '=', ReviewState.Pending)
    .where('step_no', '=', review.stepNo)
    .executeTakeFirst();
  if (moved.numUpdatedRows === 0n) throw badRequest(reviewMessages.notPending);
  await trx
    .insertInto('news_review_decisions')
    .values({
      review_id: review.id,
      step_no: review.stepNo,
      step_name: step.name,
      decision: verdict.decision,
      opinion: verdict.opinion,
      admin_id: reviewer.adminId || null,
      admin_account: reviewer.account,
      admin_name: reviewer.fullName,
      override_reason: override,
      created_at: at,
    })
    .execute();
  const decided = { reviewId: review.id, newsId: review.newsId, title: review.title, stepName: step.name, override };
  if (next) {
    await announceStep(trx, { id: review.id, kind: review.kind, title: review.title, authorAdminId: review.authorAdminId }, next, at);
    const message = reviewMessages.approvedNext(next.name);
    if (review.kind === ReviewKind.Contribution) await contributionHistory(trx, review, reviewer, ReviewDecision.Approved, message, at);
    return { ...decided, state: ReviewState.Pending, message };
  }
  const subject = reviewSubject(review.kind);
  if (subject) return { ...decided, ...(await settleSubject(trx, subject, review, verdict, { reviewer, stepName: step.name, at, context })) };
  const published = approve ? await publish(trx, review, reviewer, context, at) : undefined;
  if (!approve) await reject(trx, review, reviewer, verdict.opinion, at);
  if (review.kind === ReviewKind.Contribution) {
    await queueContributionDecisionMail(
      trx,
      review.newsId,
      approve ? { approved: true } : { approved: false, reason: verdict.opinion },
      context.mail,
      context.now,
    );
  }
  const outcomeText = approve ? '已审核通过' : `被驳回（${step.name}）：${verdict.opinion}`;
  await notify(
    trx,
    review.authorAdminId ? [review.authorAdminId] : [],
    `您的${reviewKindNames[review.kind]}《${review.title}》${outcomeText}`,
    approvalLink(review.id),
    at,
  );
  return {
    ...decided,
    state: approve ? ReviewState.Approved : ReviewState.Rejected,
    message: !approve ? reviewMessages.rejected : published === ArticleStatus.Closed ? reviewMessages.publishedPastTakeDown : reviewMessages.published,
  };
}

/** The last step of a subject's review (a reply): the owning feature applies the outcome; the author is told as an article's is. */
async function settleSubject(
  trx: Kysely<DB>,
  subject: ReviewSubject,
  review: Review,
  verdict: StepVerdict,
  { reviewer, stepName, at, context }: { reviewer: AdminPrincipal; stepName: string; at: string; context: DecideContext },
): Promise<{ state: ReviewState; message: string }> {
  const approve = verdict.decision === StepDecision.Approve;
  const subjectReview = { ...review, version: review.version as unknown as SubjectVersion };
  let message: string = reviewMessages.rejected;
  if (approve) message = await subject.approve(trx, subjectReview, { reviewer, stepName, at, now: context.now, mail: context.mail });
  else await subject.reject(trx, subjectReview, { reviewer, stepName, at, opinion: verdict.opinion });
  const outcomeText = approve ? '已审核通过' : `被驳回（${stepName}）：${verdict.opinion}`;
  const text = `您的${reviewKindNames[review.kind]}《${review.title}》${outcomeText}`;
  await notify(trx, review.authorAdminId ? [review.authorAdminId] : [], text, subject.link(subjectReview), at);
  return { state: approve ? ReviewState.Approved : ReviewState.Rejected, message };
}

/** The article's status updated only while it is still 审核中: anything else means it changed outside its review. */
async function settleUnderReview(
  trx: Kysely<DB>,
  newsId: number,
  values: { status: number; process_item_name: string; updated_at: string; news_create_time?: string },
): Promise<void> {
  const updated = await trx
    .updateTable('news')
    .set({ ...values, ...nextVersion })
    .where('id', '=', newsId)
    .where('status', '=', ArticleStatus.UnderReview)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw badRequest(reviewMessages.notPending);
}

/**
 * The status an approved version takes: public now, or 待发布 until its publish time — or, when
 * its take-down time passed while it waited in review, 已关闭 at once, as the publishing clock
 * would close it a moment later (never shown for those seconds).
 */
function approvedStatus(fields: { news_create_time: string; offline_at: string }, at: string): number {
  if (fields.offline_at && fields.offline_at <= at) return ArticleStatus.Closed;
  return storedStatus(ArticleStatus.Published, fields.news_create_time, at);
}

/** The last step approved: a new article goes public (or 待发布 until its time), a contribution is published now, an edit is applied. Answers the status it took. */
async function publish(trx: Kysely<DB>, review: Review, reviewer: AdminPrincipal, context: DecideContext, at: string): Promise<number> {
  const article = await articleFields(trx, review.newsId);
  if (!article) throw notFound(messages.articleNotFound);
  if (review.kind === ReviewKind.NewArticle) {
    const status = approvedStatus(article, at);
    await settleUnderReview(trx, review.newsId, { status, process_item_name: '', updated_at: at });
    return status;
  }
  if (review.kind === ReviewKind.Contribution) {
    // As an approval in 投稿审核 always did: the publish time is the moment of approval.
    await settleUnderReview(trx, review.newsId, { status: ArticleStatus.Published, process_item_name: '', news_create_time: at, updated_at: at });
    await contributionHistory(trx, review, reviewer, ReviewDecision.Approved, '', at);
    return ArticleStatus.Published;
  }
  // An edit: the waiting version replaces the live one, as saveArticle would have written it, with a revision in the author's name.
  const { restored_from: restoredFrom, ...fields } = review.version;
  const status = approvedStatus(fields, at);
  await trx
    .updateTable('news')
    .set({ ...fields, status, updated_at: at, ...nextVersion })
    .where('id', '=', review.newsId)
    .execute();
  const editor = { adminId: review.authorAdminId ?? 0, account: review.authorName };
  const kind = restoredFrom ? RevisionKind.Restored : RevisionKind.Edited;
  await recordRevision(trx, { newsId: review.newsId, kind, editor, before: article, restoredFrom: restoredFrom ?? undefined, at, kept: context.revisionsKept });
  return status;
}

/** 驳回: a new article or contribution becomes 审核不通过 with the opinion as its reason; an edit is dropped and the live article stays. */
async function reject(trx: Kysely<DB>, review: Review, reviewer: AdminPrincipal, opinion: string, at: string): Promise<void> {
  if (review.kind === ReviewKind.Edit) return;
  await settleUnderReview(trx, review.newsId, { status: ArticleStatus.Rejected, process_item_name: opinion, updated_at: at });
  if (review.kind === ReviewKind.Contribution) await contributionHistory(trx, review, reviewer, ReviewDecision.Rejected, opinion, at);
}

/** A contribution's decisions also go into its history (投稿审核 shows it), whichever page they were made on. */
async function contributionHistory(trx: Kysely<DB>, review: Review, reviewer: AdminPrincipal, decision: number, reason: string, at: string): Promise<void> {
  await trx
    .insertInto('contribution_reviews')
    .values({
      news_id: review.newsId,
      member_id: review.authorMemberId ?? 0,
      decision,
      reason,
      admin_id: reviewer.adminId || null,
      admin_account: reviewer.account,
      created_at: at,
    })
    .execute();
}

/** The audit log's note of a decision: the article, the step, the outcome, and an override's reason. */
export function decisionDetail(decided: Decided, verdict: { decision: StepDecision; opinion: string }): string {
  const outcome = verdict.decision === StepDecision.Reject ? `驳回：${verdict.opinion}` : stepDecisionNames[verdict.decision];
  return `${decided.title}（${decided.stepName}${outcome}）${decided.override ? `；越级审核：${decided.override}` : ''}`;
}
