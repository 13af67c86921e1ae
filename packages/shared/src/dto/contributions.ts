import { z } from 'zod';

/** One of the member's own articles in the contribution centre. */
export const myNewsItemDto = z
  .object({
    NewsId: z.int(),
    Title: z.string(),
    MenuId: z.int(),
    MenuName: z.string(),
    /** 0 已关闭, 1 正常 (published), 2 审核不通过, 3 审核中. */
    Status: z.int(),
    /** The latest rejection reason; '' unless rejected. */
    ProcessItemName: z.string(),
    ImageUrl: z.string(),
    /** Submitted (first time). */
    CreateTime: z.string(),
    /** Publish time once approved; the last submission otherwise. */
    NewsCreateTime: z.string(),
  })
  .meta({ id: 'MyNewsItemDto' });
export type MyNewsItemDto = z.infer<typeof myNewsItemDto>;

/** A menu a member may contribute to (the dialog's selector). */
export const contributionMenuDto = z
  .object({
    MenuId: z.int(),
    Name: z.string(),
    /** Parent menu's name, for the selector's label. */
    ParentName: z.string(),
  })
  .meta({ id: 'ContributionMenuDto' });
export type ContributionMenuDto = z.infer<typeof contributionMenuDto>;

export const sensitiveHitDto = z.object({ Word: z.string(), Count: z.int() }).meta({ id: 'SensitiveHitDto' });
export type SensitiveHitDto = z.infer<typeof sensitiveHitDto>;

const contributionListItemShape = {
  NewsId: z.int(),
  Title: z.string(),
  MenuId: z.int(),
  MenuName: z.string(),
  MemberId: z.int(),
  MemberName: z.string(),
  Account: z.string(),
  Status: z.int(),
  ProcessItemName: z.string(),
  /** When it was (last) submitted. */
  SubmitTime: z.string(),
  /** Listed sensitive words in its title or text. */
  SensitiveWords: z.array(sensitiveHitDto),
};
export const contributionListItemDto = z.object(contributionListItemShape).meta({ id: 'ContributionListItemDto' });
export type ContributionListItemDto = z.infer<typeof contributionListItemDto>;

export const contributionReviewDto = z
  .object({
    Decision: z.int(),
    /** The rejection reason, or what the reviewer corrected. */
    Reason: z.string(),
    /** The reviewer's account; '' for the member's submissions. */
    AdminAccount: z.string(),
    CreateTime: z.string(),
  })
  .meta({ id: 'ContributionReviewDto' });
export type ContributionReviewDto = z.infer<typeof contributionReviewDto>;

export const contributionChainStepDto = z
  .object({
    ReviewId: z.int(),
    /** e.g. 2/3 初审. */
    StepNo: z.int(),
    StepCount: z.int(),
    StepName: z.string(),
    CanDecide: z.boolean(),
    /** Only as a super administrator's override, with OverrideReason. */
    NeedsOverride: z.boolean(),
    /** Why the caller may not decide (or only by override); '' when they may. */
    Why: z.string(),
  })
  .meta({ id: 'ContributionChainStepDto' });
export type ContributionChainStepDto = z.infer<typeof contributionChainStepDto>;

export const contributionDetailDto = z
  .object({
    ...contributionListItemShape,
    ImageUrl: z.string(),
    /** The sanitised body as stored. */
    NewContent: z.string(),
    /** The body with each sensitive word wrapped in <mark>, for the review page. */
    MarkedContent: z.string(),
    /** The title with each sensitive word wrapped in <mark>. */
    MarkedTitle: z.string(),
    Reviews: z.array(contributionReviewDto),
    /** In a menu with a review chain: the step it waits at and whether the caller may decide it (as GetReview answers); null otherwise. */
    ChainStep: contributionChainStepDto.nullable(),
  })
  .meta({ id: 'ContributionDetailDto' });
export type ContributionDetailDto = z.infer<typeof contributionDetailDto>;

export const sensitiveWordDto = z.object({ Id: z.int(), Word: z.string(), CreateTime: z.string() }).meta({ id: 'SensitiveWordDto' });
export type SensitiveWordDto = z.infer<typeof sensitiveWordDto>;

/** What SaveSensitiveWords and ImportSensitiveWords did. */
export const wordsAddedDto = z.object({ Added: z.int(), Skipped: z.int() }).meta({ id: 'WordsAddedDto' });
export type WordsAddedDto = z.infer<typeof wordsAddedDto>;
