import { ArticleStatus, contentMessages } from '@portal/shared';
import { badRequest } from '../../http/envelope.js';

/** The status a save stores: asked 正常 (or 待发布), it is 待发布 while its publish time is to come. */
export function storedStatus(asked: number, publishAt: string, at: string): number {
  if (asked !== ArticleStatus.Published && asked !== ArticleStatus.Scheduled) return asked;
  return publishAt > at ? ArticleStatus.Scheduled : ArticleStatus.Published;
}

/** What is wrong with a take-down time, if anything: it comes after the publish time and, for an article that is or will be public, after now. */
export function takeDownProblem(offlineAt: string, publishAt: string, at: string, status: number): string | undefined {
  if (!offlineAt) return undefined;
  const goesPublic = status === ArticleStatus.Published || status === ArticleStatus.Scheduled;
  if (goesPublic && offlineAt <= at) return contentMessages.offlineInPast;
  if (offlineAt <= publishAt) return contentMessages.offlineBeforePublish;
  return undefined;
}

/** Refuses a take-down time takeDownProblem finds wrong. */
export function checkTakeDown(offlineAt: string, publishAt: string, at: string, status: number): void {
  const problem = takeDownProblem(offlineAt, publishAt, at, status);
  if (problem) throw badRequest(problem);
}
