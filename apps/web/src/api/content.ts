import type {
  BannerDto,
  FriendLinkDto,
  ListDto,
  MenuDto,
  NewsDetailDto,
  NewsListItemDto,
  PositionItemDto,
  SearchListDto,
  SiteInfoDto,
  TypeItemDto,
} from '@portal/shared';
import { call, get } from './client';

/** Public content calls of spec §7 (/api/XfWebApi/). */
const base = 'XfWebApi/';

export const contentApi = {
  siteInfo: () => get<SiteInfoDto>(`${base}GetSiteInfo`),
  menuTree: () => get<MenuDto[]>(`${base}GetMenuList`, { parentid: -1 }),
  menuById: (menuid: number) => get<MenuDto>(`${base}GetMenuModel`, { menuid }),
  /** Finds a menu by its label (home tiles); resolves null when there is none. */
  menuByLabel: (label: string) =>
    call<MenuDto | null>({ method: 'GET', url: `${base}GetMenuModel`, params: { label } }, { silent: true, passCodes: [404] }).then((r) =>
      r.Code === 200 ? r.Data : null,
    ),
  /** The top-level ancestor of a menu (active navigation item). */
  menuRoot: (menuid: number) => get<MenuDto>(`${base}GetMenuTreeModel`, { menuid }),
  newsList: (params: { pid?: number; key?: string; pageindex: number; pagesize: number }) => get<ListDto<NewsListItemDto>>(`${base}GetNewsList`, params),
  /** The same call for the search page, which shows a refused key (too long) in place of the results rather than as a toast. */
  search: (params: { key: string; pageindex: number; pagesize: number }) => get<SearchListDto<NewsListItemDto>>(`${base}GetNewsList`, params, { silent: true }),
  /** With a preview link's token, an article that is not public yet (staff and their reviewers). */
  newsDetail: (newsid: number, preview?: string) => get<NewsDetailDto>(`${base}GetNewsDetail`, preview ? { newsid, preview } : { newsid }, { silent: true }),
  latestNews: (pageindex: number, pagesize: number) => get<ListDto<NewsListItemDto>>(`${base}GetNewsReList`, { pageindex, pagesize }),
  positionList: (seat: number, pageindex: number, pagesize: number) =>
    get<ListDto<PositionItemDto>>(`${base}GetNewPositionList`, { seat, pageindex, pagesize }),
  banners: (type: number) => get<BannerDto[]>(`${base}GetBannerList`, { type }),
  friendLinks: () => get<FriendLinkDto[]>(`${base}GetWebFriendlinks`),
  typeList: (type: number) => get<TypeItemDto[]>(`${base}GetTypeList`, { type }),
  /** Counts this visit; Code 101 means an analytics script (Message) should be loaded. */
  countVisit: () => call<number>({ method: 'GET', url: `${base}CountWebCount` }, { silent: true, passCodes: [101] }),
  /**
   * Reports a page the web app moved to (访问统计's beacon): sent by the browser even as the page
   * is left, answered to no one. A browser without sendBeacon reports nothing.
   */
  trackPageView: (path: string, referrer: string) => navigator.sendBeacon?.(`/api/${base}TrackPageView`, JSON.stringify({ Path: path, Referrer: referrer })),
};
