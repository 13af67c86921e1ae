import { z } from 'zod';
import { contributionMessages, messages, reviewMessages } from '../messages/index.js';
import { idParam, integer, optionalParam, pagingQuery, requiredText, saveIdField } from './common.js';
import { optionalPrivacyVersionField } from './privacy.js';
export type {
  MyNewsItemDto,
  ContributionMenuDto,
  SensitiveHitDto,
  ContributionListItemDto,
  ContributionReviewDto,
  ContributionDetailDto,
  ContributionChainStepDto,
  SensitiveWordDto,
  WordsAddedDto,
} from '../dto/contributions.js';

/**
 * Member contributions (spec §2 contribution centre, §5, §7 GetMyNewsList / SaveNews) and their
 * review in the back office (投稿审核). A contribution is an article (status 3 审核中 until a
 * reviewer decides) written by a member; the review calls are this project's own.
 */

/** The cover of a contribution: a picture the member uploaded through UploadContributionImage. */
const coverPath = /^\/uploads\/[A-Za-z0-9/_-]+\.(?:jpg|jpeg|png)$/i;

/** SaveNews (public, member token): NewsId 0 a new contribution, > 0 the resubmission of a rejected one. */
export const saveContributionBody = z.object({
  NewsId: saveIdField,
  Title: requiredText(messages.titleRequired, '标题', 200),
  MenuId: integer(messages.menuRequired, { min: 1 }),
  ImageUrl: z
    .string()
    .trim()
    .default('')
    .refine((url) => url === '' || coverPath.test(url), { error: messages.imageType }),
  /** Rich text; sanitised on the server before it is stored. */
  NewContent: z.string({ error: messages.badParameter }).default(''),
  PrivacyVersion: optionalPrivacyVersionField,
});
export type SaveContributionBody = z.infer<typeof saveContributionBody>;

export const myNewsListQuery = pagingQuery;

/** 投稿审核 list filters. */
export const contributionListQuery = pagingQuery.extend({
  status: optionalParam(integer(messages.badParameter, { min: 0, max: 3 })),
  menuid: optionalParam(idParam),
  /** Part of the title or of the company name. */
  key: z.string().trim().max(50).optional(),
  start: optionalParam(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.badParameter })),
  end: optionalParam(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.badParameter })),
});
export type ContributionListQuery = z.infer<typeof contributionListQuery>;

/** 0 submitted or resubmitted by the member, 1 approved, 2 rejected, 3 corrected by the reviewer. */
export const ReviewDecision = { Submitted: 0, Approved: 1, Rejected: 2, Corrected: 3 } as const;

/** AuditContribution: approve or reject (with a reason); the reviewer may correct title and body first. */
export const auditContributionBody = z
  .object({
    NewsId: idParam,
    Decision: integer(contributionMessages.decisionRequired).pipe(
      z.union([z.literal(ReviewDecision.Approved), z.literal(ReviewDecision.Rejected)], { error: contributionMessages.decisionRequired }),
    ),
    Reason: z.string().trim().max(200, { error: contributionMessages.reasonTooLong }).default(''),
    /** A corrected title; absent or unchanged keeps the member's. */
    Title: z.string().trim().max(200).optional(),
    /** A corrected body; absent keeps the member's. */
    NewContent: z.string().optional(),
    /** In a menu with a review chain: a super administrator's reason for deciding the current step outside its rules (schemas/review.ts). */
    OverrideReason: z.string().trim().max(200, { error: reviewMessages.overrideTooLong }).default(''),
  })
  .refine((b) => b.Decision !== ReviewDecision.Rejected || b.Reason !== '', { error: contributionMessages.reasonRequired, path: ['Reason'] });
export type AuditContributionBody = z.infer<typeof auditContributionBody>;

/** 敏感词: the word list the review marks. */
export const sensitiveWordListQuery = pagingQuery.extend({
  key: z.string().trim().max(50).optional(),
});
export type SensitiveWordListQuery = z.infer<typeof sensitiveWordListQuery>;

/** SaveSensitiveWords: one word or several, one a line; blank lines and known words are skipped. */
export const saveSensitiveWordsBody = z.object({
  Words: z
    .string({ error: contributionMessages.wordRequired })
    .transform((text) =>
      text
        .split(/\r?\n/)
        .map((w) => w.trim())
        .filter(Boolean),
    )
    .refine((words) => words.length > 0, { error: contributionMessages.wordRequired })
    .refine((words) => words.every((w) => [...w].length <= 50), { error: contributionMessages.wordTooLong })
    .refine((words) => words.length <= 10_000, { error: contributionMessages.tooManyWords }),
});
