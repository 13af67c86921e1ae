import type { ContributionChainStepDto, ContributionDetailDto, ContributionListItemDto } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { assetUrl } from '../../http/assets.js';
import { markSensitiveHtml, markSensitiveText, sensitiveWordsIn } from '../sensitive-words/service.js';
import type { Contribution, ReviewEntry } from './review.js';

/** A queue entry, marked with the listed sensitive words its title or text holds. */
export async function toContributionListItemDto(database: Database, c: Contribution): Promise<ContributionListItemDto> {
  const words = await sensitiveWordsIn(database, { title: c.title, html: c.content });
  return {
    NewsId: c.id,
    Title: c.title,
    MenuId: c.menuId,
    MenuName: c.menuName,
    MemberId: c.memberId,
    MemberName: c.memberName,
    Account: c.account,
    Status: c.status,
    ProcessItemName: c.processItemName,
    SubmitTime: c.submittedAt,
    SensitiveWords: words.map((w) => ({ Word: w.word, Count: w.count })),
  };
}

/** The review page's view: the body and title with each sensitive word marked, the history, and the chain's step when in one. */
export async function toContributionDetailDto(
  database: Database,
  c: Contribution,
  reviews: ReviewEntry[],
  chainStep: ContributionChainStepDto | null,
  assetBaseUrl: string,
): Promise<ContributionDetailDto> {
  return {
    ...(await toContributionListItemDto(database, c)),
    ImageUrl: assetUrl(assetBaseUrl, c.imageUrl),
    NewContent: c.content,
    MarkedContent: await markSensitiveHtml(database, c.content),
    MarkedTitle: await markSensitiveText(database, c.title),
    Reviews: reviews.map((r) => ({ Decision: r.decision, Reason: r.reason, AdminAccount: r.adminAccount, CreateTime: r.createdAt })),
    ChainStep: chainStep,
  };
}
