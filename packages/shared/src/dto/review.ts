import { z } from 'zod';
import { ReviewKind, ReviewState, StepDecision } from '../schemas/review.js';
import { codeOf } from './common.js';

/** A step with its roles' names; Blocked when no enabled admin can decide it (its roles deleted, disabled, emptied or without 待我审核). */
export const reviewStepDto = z
  .object({
    Name: z.string(),
    RoleIds: z.array(z.int()),
    RoleNames: z.array(z.string()),
    NoSelfReview: z.boolean(),
    Blocked: z.boolean(),
  })
  .meta({ id: 'ReviewStepDto' });
export type ReviewStepDto = z.infer<typeof reviewStepDto>;

/** GetMenuReviewFlow: the steps that apply to the menu, its own or (InheritedFrom) an ancestor's; [] publishes directly. */
export const menuReviewFlowDto = z
  .object({
    MenuId: z.int(),
    Own: z.boolean(),
    InheritedFrom: z.object({ MenuId: z.int(), MenuName: z.string() }).nullable(),
    Steps: z.array(reviewStepDto),
  })
  .meta({ id: 'MenuReviewFlowDto' });
export type MenuReviewFlowDto = z.infer<typeof menuReviewFlowDto>;

/** A line of GetReviewList. */
const reviewListItemShape = {
  ReviewId: z.int(),
  NewsId: z.int(),
  Kind: codeOf(ReviewKind),
  State: codeOf(ReviewState),
  /** The title under review (an edit's new title). */
  Title: z.string(),
  MenuId: z.int(),
  MenuName: z.string(),
  /** 拟稿: the admin's account or the member's company. */
  Author: z.string(),
  /** 拟稿 as people read it: the admin's name (their account when they have none), or the member's company. */
  AuthorName: z.string(),
  /** The current step (1-based; the last step's number once decided) of StepCount. */
  StepNo: z.int(),
  StepCount: z.int(),
  StepName: z.string(),
  SubmitTime: z.string(),
  /** When it was approved, rejected or withdrawn; '' while pending. */
  DecideTime: z.string(),
};
export const reviewListItemDto = z.object(reviewListItemShape).meta({ id: 'ReviewListItemDto' });
export type ReviewListItemDto = z.infer<typeof reviewListItemDto>;

/** One decision in the record. Override: a super administrator's reason for deciding outside the step's rules ('' for none). */
export const reviewDecisionDto = z
  .object({
    StepNo: z.int(),
    StepName: z.string(),
    Decision: codeOf(StepDecision),
    Opinion: z.string(),
    AdminAccount: z.string(),
    AdminName: z.string(),
    Override: z.string(),
    CreateTime: z.string(),
  })
  .meta({ id: 'ReviewDecisionDto' });
export type ReviewDecisionDto = z.infer<typeof reviewDecisionDto>;

/** The version under review, as the reviewer reads it. */
export const reviewedVersionDto = z
  .object({
    Title: z.string(),
    MenuId: z.int(),
    MenuName: z.string(),
    ImageUrl: z.string(),
    NewContent: z.string(),
    Author: z.string(),
    NewsCreateTime: z.string(),
    IsTop: z.boolean(),
    IsMemberRead: z.boolean(),
  })
  .meta({ id: 'ReviewedVersionDto' });
export type ReviewedVersionDto = z.infer<typeof reviewedVersionDto>;

/** GetReview/{id}: the review whole — the 审批单. */
export const reviewDto = z
  .object({
    ...reviewListItemShape,
    /** The chain as it stood when the article was submitted (a later change of the menu's steps does not move it). */
    Steps: z.array(reviewStepDto),
    Decisions: z.array(reviewDecisionDto),
    Version: reviewedVersionDto,
    /** A pending 修改稿 (Kind 2): the published article as it now stands, which approval replaces; null otherwise. */
    Live: reviewedVersionDto.nullable(),
    /** Whether the caller may decide the current step; when not, Why says why (e.g. 此步骤不得审核本人稿件). */
    CanDecide: z.boolean(),
    /** The caller may decide only as a super administrator's override (a reason is then required). */
    NeedsOverride: z.boolean(),
    Why: z.string(),
  })
  .meta({ id: 'ReviewDto' });
export type ReviewDto = z.infer<typeof reviewDto>;

/** GetReviewSummary, for the workbench: how many wait for the caller, and the menus whose chain no one can move. */
export const reviewSummaryDto = z
  .object({
    Mine: z.int(),
    Blocked: z.array(z.object({ MenuId: z.int(), MenuName: z.string(), StepName: z.string() })),
  })
  .meta({ id: 'ReviewSummaryDto' });
export type ReviewSummaryDto = z.infer<typeof reviewSummaryDto>;

/** An in-app notice to an admin (a review waiting for them, their article approved or rejected). */
export const adminNoticeDto = z
  .object({
    NoticeId: z.int(),
    Text: z.string(),
    /** A back-office address to open, e.g. /System/content/review?review=12. */
    Link: z.string(),
    CreateTime: z.string(),
    Read: z.boolean(),
  })
  .meta({ id: 'AdminNoticeDto' });
export type AdminNoticeDto = z.infer<typeof adminNoticeDto>;

/** GetMyNotices: the newest notices and how many are unread. */
export const adminNoticeListDto = z.object({ List: z.array(adminNoticeDto), Unread: z.int() }).meta({ id: 'AdminNoticeListDto' });
export type AdminNoticeListDto = z.infer<typeof adminNoticeListDto>;
