import type { FastifyRequest } from 'fastify';
import type { AdminNewsDetailDto, AdminNewsItemDto, NewsDetailDto, NewsListItemDto } from '@portal/shared';
import type { Config } from '../../config.js';
import { assetUrl } from '../../http/assets.js';
import { inGoodStanding, optionalMember } from '../members/guard.js';
import type { AdminNewsItem } from './admin-service.js';
import type { NewsItem } from '../articles/items.js';
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
