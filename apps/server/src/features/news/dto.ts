import type { FastifyRequest } from 'fastify';
import type {
  AdminNewsDetailDto,
  AdminNewsItemDto,
  NewsDetailDto,
  NewsListItemDto,
  NewsRevisionDto,
  NewsRevisionListItemDto,
  RevisionKind,
} from '@portal/shared';
import type { Config } from '../../config.js';
import { assetUrl } from '../../http/assets.js';
import { inGoodStanding, optionalMember } from '../members/guard.js';
import type { AdminNewsItem } from './admin-service.js';
import type { NewsItem } from './items.js';
import type { ArticleFields, Revision, RevisionListItem } from './revisions.js';
import type { Article } from './service.js';

/** Who reads an answer, as far as its shape depends on it. */
export interface Audience {
  assetBaseUrl: string;
  /** Member-only articles (IsMemberRead) show their text to members only. */
  isMember: boolean;
  /** A signed-in member whose membership has lapsed: member-only text stays locked, with its own message. */
  lapsed?: boolean;
  /** The signed-in member: a contribution's author reads it before it is published. */
  memberId?: number;
}

export async function audienceOf(request: FastifyRequest, config: Config): Promise<Audience> {
  const member = await optionalMember(request);
  const entitled = member !== null && inGoodStanding(member);
  return { assetBaseUrl: config.assetBaseUrl, isMember: entitled, lapsed: member !== null && !entitled, memberId: member?.memberId };
}

export function toNewsListItemDto(item: NewsItem, audience: Audience): NewsListItemDto {
  // Visitors see that a member-only article exists, never its text.
  const locked = item.isMemberRead && !audience.isMember;
  return {
    NewsId: item.id,
    MenuId: item.menuId,
    MenuName: item.menuName,
    Title: item.title,
    ImageUrl: assetUrl(audience.assetBaseUrl, item.imageUrl),
    Status: item.status,
    IsTop: item.isTop,
    IsMemberRead: item.isMemberRead,
    NewsCreateTime: item.newsCreateTime,
    CreateTime: item.createdAt,
    Summary: locked ? '' : item.summary,
    ProcessItemName: item.processItemName,
    ...(item.content === undefined ? {} : { NewContent: locked ? '' : item.content }),
  };
}

export function toNewsDetailDto(article: Article, audience: Audience): NewsDetailDto {
  const item = toNewsListItemDto(article, audience);
  return {
    ...item,
    NewContent: item.NewContent ?? '',
    Author: article.author,
    Views: article.views,
    AboutList: article.neighbours.map((n) => ({ NewsId: n.id, MenuId: n.menuId, Title: n.title, SortNumber: n.side === 'previous' ? 1 : 0 })),
  };
}

/** The back office sees every article whole: no member lock applies to it. */
export const backOffice = (assetBaseUrl: string): Audience => ({ assetBaseUrl, isMember: true });

export function toAdminNewsItemDto(item: AdminNewsItem, assetBaseUrl: string): AdminNewsItemDto {
  return {
    ...toNewsListItemDto(item, backOffice(assetBaseUrl)),
    Author: item.author,
    Views: item.views,
    OfflineTime: item.offlineAt,
    EditPending: item.editPending,
  };
}

export function toAdminNewsDetailDto(article: Article & { offlineAt: string; version: number }, assetBaseUrl: string): AdminNewsDetailDto {
  return { ...toNewsDetailDto(article, backOffice(assetBaseUrl)), OfflineTime: article.offlineAt, Version: article.version };
}

export function toNewsRevisionListItemDto(r: RevisionListItem): NewsRevisionListItemDto {
  return {
    RevisionId: r.id,
    NewsId: r.news_id,
    Version: r.version,
    Kind: r.kind as RevisionKind,
    Summary: r.summary,
    RestoredFrom: r.restored_from,
    AdminId: r.admin_id,
    AdminAccount: r.admin_account,
    MemberId: r.member_id,
    MemberName: r.member_name,
    Title: r.title,
    CreateTime: r.created_at,
  };
}

export function toNewsRevisionDto(r: Revision, assetBaseUrl: string): NewsRevisionDto {
  return { ...toNewsRevisionListItemDto(r), ...toArticleFieldsDto(r, assetBaseUrl), MenuName: r.menu_name };
}

/** An article's copied fields under their wire names: a revision's, or the version a review reads (features/review). */
export function toArticleFieldsDto(f: ArticleFields, assetBaseUrl: string) {
  return {
    MenuId: f.menu_id,
    Title: f.title,
    ImageUrl: assetUrl(assetBaseUrl, f.image_url),
    NewContent: f.content,
    Status: f.status,
    IsTop: f.is_top === 1,
    IsMemberRead: f.is_member_read === 1,
    NewsCreateTime: f.news_create_time,
    OfflineTime: f.offline_at,
    Author: f.author,
  };
}
