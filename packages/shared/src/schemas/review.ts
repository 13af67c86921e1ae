import { z } from 'zod';
import { messages, reviewMessages } from '../messages.js';
import { idParam, integer, optionalParam, pagingQuery, requiredText, trimmed } from './common.js';

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
export const ReviewKind = { NewArticle: 1, Edit: 2, Contribution: 3 } as const;
export type ReviewKind = (typeof ReviewKind)[keyof typeof ReviewKind];
export const reviewKindNames: Record<ReviewKind, string> = { 1: '新稿', 2: '修改稿', 3: '会员投稿' };

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
  RoleIds: z.array(idParam, { error: reviewMessages.stepRolesRequired }).min(1, { error: reviewMessages.stepRolesRequired }).max(20, { error: messages.badParameter }),
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

/** A step with its roles' names; Blocked when no enabled admin can decide it (its roles deleted, disabled, emptied or without 待我审核). */
export interface ReviewStepDto {
  Name: string;
  RoleIds: number[];
  RoleNames: string[];
  NoSelfReview: boolean;
  Blocked: boolean;
}

/** GetMenuReviewFlow: the steps that apply to the menu, its own or (InheritedFrom) an ancestor's; [] publishes directly. */
export interface MenuReviewFlowDto {
  MenuId: number;
  Own: boolean;
  InheritedFrom: { MenuId: number; MenuName: string } | null;
  Steps: ReviewStepDto[];
}

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

/** A line of GetReviewList. */
export interface ReviewListItemDto {
  ReviewId: number;
  NewsId: number;
  Kind: ReviewKind;
  State: ReviewState;
  /** The title under review (an edit's new title). */
  Title: string;
  MenuId: number;
  MenuName: string;
  /** 拟稿: the admin's account or the member's company. */
  Author: string;
  /** The current step (1-based; the last step's number once decided) of StepCount. */
  StepNo: number;
  StepCount: number;
  StepName: string;
  SubmitTime: string;
  /** When it was approved, rejected or withdrawn; '' while pending. */
  DecideTime: string;
}

/** One decision in the record. Override: a super administrator's reason for deciding outside the step's rules ('' for none). */
export interface ReviewDecisionDto {
  StepNo: number;
  StepName: string;
  Decision: StepDecision;
  Opinion: string;
  AdminAccount: string;
  AdminName: string;
  Override: string;
  CreateTime: string;
}

/** The version under review, as the reviewer reads it. */
export interface ReviewedVersionDto {
  Title: string;
  MenuId: number;
  MenuName: string;
  ImageUrl: string;
  NewContent: string;
  Author: string;
  NewsCreateTime: string;
  IsTop: boolean;
  IsMemberRead: boolean;
}

/** GetReview/{id}: the review whole — the 审批单. */
export interface ReviewDto extends ReviewListItemDto {
  /** The chain as it stood when the article was submitted (a later change of the menu's steps does not move it). */
  Steps: ReviewStepDto[];
  Decisions: ReviewDecisionDto[];
  Version: ReviewedVersionDto;
  /** Whether the caller may decide the current step; when not, Why says why (e.g. 此步骤不得审核本人稿件). */
  CanDecide: boolean;
  /** The caller may decide only as a super administrator's override (a reason is then required). */
  NeedsOverride: boolean;
  Why: string;
}

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

/** GetReviewSummary, for the workbench: how many wait for the caller, and the menus whose chain no one can move. */
export interface ReviewSummaryDto {
  Mine: number;
  Blocked: { MenuId: number; MenuName: string; StepName: string }[];
}

/** An in-app notice to an admin (a review waiting for them, their article approved or rejected). */
export interface AdminNoticeDto {
  NoticeId: number;
  Text: string;
  /** A back-office address to open, e.g. /System/content/review?review=12. */
  Link: string;
  CreateTime: string;
  Read: boolean;
}

/** GetMyNotices: the newest notices and how many are unread. */
export interface AdminNoticeListDto {
  List: AdminNoticeDto[];
  Unread: number;
}

/** ReadNotices: one notice, or all of the caller's when NoticeId is absent. */
export const readNoticesBody = z.object({ NoticeId: optionalParam(idParam) });
