/**
 * Wire shapes (PascalCase, spec §3) of the public content calls: inferred from their zod
 * schemas in ../dto/content.ts, which the API document is generated from.
 */
export type {
  MenuDto,
  NewsListItemDto,
  NewsNeighbourDto,
  NewsDetailDto,
  PositionItemDto,
  BannerDto,
  FriendLinkDto,
  TypeItemDto,
  SiteInfoDto,
} from '../dto/content.js';

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
