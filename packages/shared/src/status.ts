import { articleStatusWarnings } from './messages.js';

/** Article Status of spec §4. */
export const ArticleStatus = { Closed: 0, Published: 1, Rejected: 2, UnderReview: 3 } as const;
export type ArticleStatus = (typeof ArticleStatus)[keyof typeof ArticleStatus];

/** An article's status in the back office's words (its editor's choices are 正常 and 停用). */
export const articleStatusNames: Record<ArticleStatus, string> = { 0: '停用', 1: '正常', 2: '审核不通过', 3: '审核中' };

/** The warning shown instead of an unpublished article, or null when it may be opened. */
export function articleWarning(status: number): string | null {
  return (articleStatusWarnings as Record<number, string>)[status] ?? null;
}

/** Envelope codes (DESIGN.md §4, spec §8). */
export const Code = {
  Ok: 200,
  Analytics: 101,
  BadRequest: 400,
  MemberSession: 401,
  AdminSession: 402,
  Forbidden: 403,
  NotFound: 404,
  TooMany: 429,
  Error: 500,
  ApplicationPending: 510,
  ApplicationRejected: 511,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** Menu fields with fixed meanings (spec §3). */
export const MenuShowType = { List: 0, SinglePage: 1 } as const;
