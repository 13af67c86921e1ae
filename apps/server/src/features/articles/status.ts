import { ArticleStatus, contentMessages } from '@portal/shared';
import { badRequest } from '../../http/envelope.js';

/** The status a save stores: asked 正常 (or 待发布), it is 待发布 while its publish time is to come. */
export function storedStatus(asked: number, publishAt: string, at: string): number {
  if (asked !== ArticleStatus.Published && asked !== ArticleStatus.Scheduled) return asked;
  return publishAt > at ? ArticleStatus.Scheduled : ArticleStatus.Published;
}

/** A take-down time comes after the publish time and, for an article that is or will be public, after now. */
export function checkTakeDown(offlineAt: string, publishAt: string, at: string, status: number): void {
  if (!offlineAt) return;
  const goesPublic = status === ArticleStatus.Published || status === ArticleStatus.Scheduled;
  if (goesPublic && offlineAt <= at) throw badRequest(contentMessages.offlineInPast);
  if (offlineAt <= publishAt) throw badRequest(contentMessages.offlineBeforePublish);
}
