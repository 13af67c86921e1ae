import { z } from 'zod';
import { messages, reviewMessages } from '../messages/index.js';
import { idParam, integer, optionalParam, pagingQuery, requiredText, trimmed } from './common.js';
export type {
  ReviewStepDto,
  MenuReviewFlowDto,
  ReviewListItemDto,
  ReviewDecisionDto,
  ReviewedVersionDto,
  ReviewDto,
  ReviewSummaryDto,
  AdminNoticeDto,
  AdminNoticeListDto,
} from '../dto/review.js';

/**
 * The review chain (三审: 拟稿 → 核稿 → 审签) and its approval record (审批单), shared by the
 * server (features/review/) and the back office (栏目管理's 审核流程, 待我审核, 审批单).
 *
 * A menu may name an ordered list of review steps, each with the role(s) that may decide it; a
 * menu without steps of its own takes its nearest ancestor's; none anywhere means articles are
 * published directly. An article whose menu has steps is published only once its last step
 * approves: a new article waits as 审核中 (3); an edit to a published article waits beside it
 * (the live page keeps the published text) until approved. A member contribution goes through
 * the same steps and keeps the spec's states 3/2/1.
 */

/** At most this many steps in one chain. */
export const REVIEW_STEPS_MAX = 5;

/** What a review is of. */
/** What a review is of: an article (1-3, by news_id), or a reply to a 在线留言 message (4, by subject_id). */
export const ReviewKind = { NewArticle: 1, Edit: 2, Contribution: 3, Reply: 4 } as const;
export type ReviewKind = (typeof ReviewKind)[keyof typeof ReviewKind];
export const reviewKindNames: Record<ReviewKind, string> = { 1: '新稿', 2: '修改稿', 3: '会员投稿', 4: '留言答复' };

/** Where a review stands. Withdrawn: a later save replaced it, or the article was deleted. */
export const ReviewState = { Pending: 1, Approved: 2, Rejected: 3, Withdrawn: 4 } as const;
export type ReviewState = (typeof ReviewState)[keyof typeof ReviewState];
export const reviewStateNames: Record<ReviewState, string> = { 1: '审核中', 2: '已通过', 3: '已驳回', 4: '已撤回' };

/** A decision at a step. */
export const StepDecision = { Approve: 1, Reject: 2 } as const;
export type StepDecision = (typeof StepDecision)[keyof typeof StepDecision];
export const stepDecisionNames: Record<StepDecision, string> = { 1: '通过', 2: '驳回' };

/** One step of a chain as configured: its name (初审, 终审…), who decides, and whether an author may decide their own article. */
export const reviewStepInput = z.object({
  Name: requiredText(reviewMessages.stepNameRequired, '步骤名称', 20),
  RoleIds: z
    .array(idParam, { error: reviewMessages.stepRolesRequired })
    .min(1, { error: reviewMessages.stepRolesRequired })
    .max(20, { error: messages.badParameter }),
  NoSelfReview: z.boolean({ error: messages.badParameter }).default(false),
});
export type ReviewStepInput = z.infer<typeof reviewStepInput>;

/** SaveMenuReviewFlow: the menu's own steps, in order; [] to have none of its own (it then takes its parent's). */
export const saveMenuReviewFlowBody = z.object({
  MenuId: idParam,
  Steps: z.array(reviewStepInput, { error: messages.badParameter }).max(REVIEW_STEPS_MAX, { error: reviewMessages.tooManySteps(REVIEW_STEPS_MAX) }),
});
export type SaveMenuReviewFlowBody = z.infer<typeof saveMenuReviewFlowBody>;

export const menuReviewFlowQuery = z.object({ menuid: idParam });

/**
 * GetReviewList: scope `mine` (the default) is 待我审核 — pending reviews whose current step the
 * caller may decide; `all` is every review (审批记录), filtered by state, article, menu or title.
 */
export const reviewListQuery = pagingQuery.extend({
  scope: optionalParam(z.enum(['mine', 'all'], { error: messages.badParameter })),
  state: optionalParam(integer(messages.badParameter, { min: 1, max: 4 })),
  newsid: optionalParam(idParam),
  menuid: optionalParam(idParam),
  key: optionalParam(trimmed),
});
export type ReviewListQuery = z.infer<typeof reviewListQuery>;

/** DecideReview: 1 通过 (to the next step, or publish) or 2 驳回 (Opinion required, shown to the author); OverrideReason for a super administrator outside the step's rules; StepNo optional, the step decided. */
export const decideReviewBody = z
  .object({
    ReviewId: idParam,
    Decision: z.union([z.literal(1), z.literal(2)], { error: messages.badParameter }),
    Opinion: z.string().trim().max(500, { error: reviewMessages.opinionTooLong }).default(''),
    OverrideReason: z.string().trim().max(200, { error: reviewMessages.overrideTooLong }).default(''),
    /** The step the reviewer was shown: given, a review that has moved on since is refused (该稿件已不在审核中) instead of deciding a step the reviewer has not read. */
    StepNo: optionalParam(integer(messages.badParameter, { min: 1 })),
  })
  .refine((b) => b.Decision !== StepDecision.Reject || b.Opinion.length > 0, { error: reviewMessages.rejectReasonRequired, path: ['Opinion'] });
export type DecideReviewBody = z.infer<typeof decideReviewBody>;

/** ReadNotices: one notice, or all of the caller's when NoticeId is absent. */
export const readNoticesBody = z.object({ NoticeId: optionalParam(idParam) });
