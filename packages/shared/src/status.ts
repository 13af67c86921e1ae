import { articleStatusWarnings } from './messages/common.js';

/** Article Status of spec §4. */
/**
 * Article Status (spec §4: 0 closed, 1 published, 2 rejected, 3 under review), and two of our
 * own that the spec's client shows as it shows any other unpublished state: 4 待发布, saved 正常
 * with a publish time still to come (published by the server at that time), and 5 草稿.
 */
export const ArticleStatus = { Closed: 0, Published: 1, Rejected: 2, UnderReview: 3, Scheduled: 4, Draft: 5 } as const;
export type ArticleStatus = (typeof ArticleStatus)[keyof typeof ArticleStatus];

/** An article's status in the back office's words (its editor's choices are 正常 and 停用). */
export const articleStatusNames: Record<ArticleStatus, string> = { 0: '停用', 1: '正常', 2: '审核不通过', 3: '审核中', 4: '待发布', 5: '草稿' };

/** The warning shown instead of an unpublished article, or null when it may be opened. */
export function articleWarning(status: number): string | null {
  return (articleStatusWarnings as Record<number, string>)[status] ?? null;
}

/** Envelope codes (docs/api.md, "Codes"). */
export const Code = {
  Ok: 200,
  Analytics: 101,
  BadRequest: 400,
  MemberSession: 401,
  AdminSession: 402,
  Forbidden: 403,
  NotFound: 404,
  /** A save from a stale copy (its Version is no longer the article's): Data holds both sides. A check-in of a member already checked in: Data is the member. */
  Conflict: 409,
  TooMany: 429,
  Error: 500,
  /** The database cannot be reached (an outage, maintenance): HTTP 503 with Retry-After; try again later. */
  Unavailable: 503,
  ApplicationPending: 510,
  ApplicationRejected: 511,
  /** Login: the password was right and the account has a second factor; Data is the ticket for LoginTotp. */
  SecondFactor: 512,
  /** SaveNews: the article holds serious wrong words or sensitive words (校对); Data lists them. Sent again with ProofreadConfirmed it is saved. */
  ProofreadFindings: 513,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** Menu fields with fixed meanings (spec §3). */
export const MenuShowType = { List: 0, SinglePage: 1 } as const;

// Certificate and exam statuses live here, not beside their schemas: the public lookup's table
// needs them, and importing them from schemas/certificates.ts brought zod into /certsearch.
/** Certificate status (spec §4): deleted records stay for the audit trail. */
export const CertStatus = { Deleted: -1, Hidden: 0, Normal: 1 } as const;
export type CertStatus = (typeof CertStatus)[keyof typeof CertStatus];
export const certStatusNames: Record<CertStatus, string> = { [-1]: '已删除', 0: '官网隐藏', 1: '正常' };

/** Exam status (spec §4): the public page shows 0 as "-"; the exam office's sheets say 缺考. */
export const ExamStatus = { Absent: 0, Passed: 1, Failed: 2 } as const;
export type ExamStatus = (typeof ExamStatus)[keyof typeof ExamStatus];
export const examStatusNames: Record<ExamStatus, string> = { 0: '缺考', 1: '合格', 2: '不合格' };
