import type { DirectoryAccess } from './directory.js';
/**
 * Wire shapes (PascalCase, spec §3) of the public content calls. The server maps its
 * camelCase records to these; the web client reads them. Times are `yyyy-MM-dd HH:mm:ss`.
 */

export interface MenuDto {
  MenuId: number;
  ParentId: number;
  Name: string;
  /** 1 shown. */
  Status: number;
  /** 1 single rich-text page; otherwise a list. */
  ShowType: number;
  /** 2 = leaf inside a submenu. */
  Type: number;
  /** External address: opens in a new tab instead of menuList. */
  WebUrl: string;
  /** Home marker: the menu whose CurValue is 'home' is the 首页 entry. */
  CurValue: string;
  SortNumber: number;
  /** Members may contribute articles to this menu (栏目管理 setting; 在线投稿 by default). */
  AcceptsContributions: boolean;
  ChildList: MenuDto[];
}

export interface NewsListItemDto {
  NewsId: number;
  MenuId: number;
  MenuName: string;
  Title: string;
  ImageUrl: string;
  Status: number;
  IsTop: boolean;
  IsMemberRead: boolean;
  /** Publish time shown on lists. */
  NewsCreateTime: string;
  CreateTime: string;
  /** Plain-text excerpt of the body (empty for member-only articles without a member session). */
  Summary: string;
  ProcessItemName: string;
  /** Only on the list of a single-page menu (ShowType 1): the page body is the first entry's. */
  NewContent?: string;
}

/** A neighbour in the same menu: SortNumber 1 previous (newer), 0 next (older). */
export interface NewsNeighbourDto {
  NewsId: number;
  MenuId: number;
  Title: string;
  SortNumber: 0 | 1;
}

export interface NewsDetailDto extends NewsListItemDto {
  /** Sanitised HTML; empty when the article is unpublished or member-only without a session. */
  NewContent: string;
  Author: string;
  Views: number;
  AboutList: NewsNeighbourDto[];
}

export interface PositionItemDto extends NewsListItemDto {
  Seat: number;
  SortNumber: number;
}

export interface BannerDto {
  Id: number;
  Type: number;
  Title: string;
  ImageUrl: string;
  JumpUrl: string;
  SortNumber: number;
  CreateTime: string;
}

export interface FriendLinkDto {
  Id: number;
  Title: string;
  Friendlinks: string;
  SortNumber: number;
}

export interface TypeItemDto {
  Id: number;
  Type: number;
  Name: string;
  SortNumber: number;
}

/** Site identity for header and footer (GetSiteInfo, our addition: docs/api.md). */
export interface SiteInfoDto {
  Name: string;
  EnglishName: string;
  Phone: string;
  Email: string;
  Address: string;
  Postcode: string;
  Copyright: string;
  Icp: string;
  /** 公安联网备案号 (SITE_POLICE_FILING); '' for none. */
  PoliceFiling: string;
  MobileSiteUrl: string;
  /** 会员名录 (MEMBER_DIRECTORY): whether the footer links it, and to whom it is open. */
  MemberDirectory: DirectoryAccess;
}

export interface ListDto<T> {
  List: T[];
  TotalCount: number;
}

/**
 * A keyword search's answer (GetNewsList with key): it lists at most 10,000 matches, and
 * TotalCapped says there are more than TotalCount.
 */
export interface SearchListDto<T> extends ListDto<T> {
  TotalCapped: boolean;
}
