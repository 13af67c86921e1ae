import { z } from 'zod';
import { directoryAccesses } from '../schemas/directory.js';
import { listOf } from './common.js';

/**
 * Wire shapes (PascalCase, spec §3) of the public content calls. The server maps its
 * camelCase records to these; the web client reads them. Times are `yyyy-MM-dd HH:mm:ss`.
 */

export const menuDto = z
  .object({
    MenuId: z.int(),
    ParentId: z.int(),
    Name: z.string(),
    /** 1 shown. */
    Status: z.int(),
    /** 1 single rich-text page; otherwise a list. */
    ShowType: z.int(),
    /** 2 = leaf inside a submenu. */
    Type: z.int(),
    /** External address: opens in a new tab instead of menuList. */
    WebUrl: z.string(),
    /** Home marker: the menu whose CurValue is 'home' is the 首页 entry. */
    CurValue: z.string(),
    SortNumber: z.int(),
    /** Members may contribute articles to this menu (栏目管理 setting; 在线投稿 by default). */
    AcceptsContributions: z.boolean(),
    get ChildList() {
      return z.array(menuDto);
    },
  })
  .meta({ id: 'MenuDto' });
export type MenuDto = z.infer<typeof menuDto>;

const newsListItemShape = {
  NewsId: z.int(),
  MenuId: z.int(),
  MenuName: z.string(),
  Title: z.string(),
  ImageUrl: z.string(),
  Status: z.int(),
  IsTop: z.boolean(),
  IsMemberRead: z.boolean(),
  /** Publish time shown on lists. */
  NewsCreateTime: z.string(),
  CreateTime: z.string(),
  /** Plain-text excerpt of the body (empty for member-only articles without a member session). */
  Summary: z.string(),
  ProcessItemName: z.string(),
  /** Only on the list of a single-page menu (ShowType 1): the page body is the first entry's. */
  NewContent: z.string().optional(),
};
export const newsListItemDto = z.object(newsListItemShape).meta({ id: 'NewsListItemDto' });
export type NewsListItemDto = z.infer<typeof newsListItemDto>;

/** A neighbour in the same menu: SortNumber 1 previous (newer), 0 next (older). */
export const newsNeighbourDto = z
  .object({
    NewsId: z.int(),
    MenuId: z.int(),
    Title: z.string(),
    SortNumber: z.literal([0, 1]),
  })
  .meta({ id: 'NewsNeighbourDto' });
export type NewsNeighbourDto = z.infer<typeof newsNeighbourDto>;

const newsDetailShape = {
  ...newsListItemShape,
  /** Sanitised HTML; empty when the article is unpublished or member-only without a session. */
  NewContent: z.string(),
  Author: z.string(),
  Views: z.int(),
  AboutList: z.array(newsNeighbourDto),
};
export const newsDetailDto = z.object(newsDetailShape).meta({ id: 'NewsDetailDto' });
export type NewsDetailDto = z.infer<typeof newsDetailDto>;

export const positionItemDto = z
  .object({
    ...newsListItemShape,
    Seat: z.int(),
    SortNumber: z.int(),
  })
  .meta({ id: 'PositionItemDto' });
export type PositionItemDto = z.infer<typeof positionItemDto>;

const bannerShape = {
  Id: z.int(),
  Type: z.int(),
  Title: z.string(),
  ImageUrl: z.string(),
  JumpUrl: z.string(),
  SortNumber: z.int(),
  CreateTime: z.string(),
};
export const bannerDto = z.object(bannerShape).meta({ id: 'BannerDto' });
export type BannerDto = z.infer<typeof bannerDto>;

const friendLinkShape = {
  Id: z.int(),
  Title: z.string(),
  Friendlinks: z.string(),
  SortNumber: z.int(),
};
export const friendLinkDto = z.object(friendLinkShape).meta({ id: 'FriendLinkDto' });
export type FriendLinkDto = z.infer<typeof friendLinkDto>;

const typeItemShape = {
  Id: z.int(),
  Type: z.int(),
  Name: z.string(),
  SortNumber: z.int(),
};
export const typeItemDto = z.object(typeItemShape).meta({ id: 'TypeItemDto' });
export type TypeItemDto = z.infer<typeof typeItemDto>;

/** Site identity for header and footer (GetSiteInfo, our addition: docs/api.md). */
export const siteInfoDto = z
  .object({
    Name: z.string(),
    EnglishName: z.string(),
    Phone: z.string(),
    Email: z.string(),
    Address: z.string(),
    Postcode: z.string(),
    Copyright: z.string(),
    Icp: z.string(),
    /** 公安联网备案号 (SITE_POLICE_FILING); '' for none. */
    PoliceFiling: z.string(),
    MobileSiteUrl: z.string(),
    /** 会员名录 (MEMBER_DIRECTORY): whether the footer links it, and to whom it is open. */
    MemberDirectory: z.enum(directoryAccesses),
  })
  .meta({ id: 'SiteInfoDto' });
export type SiteInfoDto = z.infer<typeof siteInfoDto>;

/**
 * A keyword search's answer (GetNewsList with key): it lists at most 10,000 matches, and
 * TotalCapped says there are more than TotalCount.
 */
export const searchListOf = <T extends z.ZodType>(item: T) => listOf(item).extend({ TotalCapped: z.boolean() });

/** The shapes the back office extends (content-admin.ts). */
export const contentShapes = {
  newsListItem: newsListItemShape,
  newsDetail: newsDetailShape,
  banner: bannerShape,
  friendLink: friendLinkShape,
  typeItem: typeItemShape,
};
