/**
 * The public site's reads as TanStack query options: the components draw with them and the page
 * declarations (pageData.ts, and each page's own beside its component) name them, so the server
 * loads the very queries a page then draws from (same keys, same calls). A component adds what is
 * its own alone (`enabled`, placeholder data).
 *
 * These are the shell's and the content pages' (one API module, which the shell needs anyway).
 * The reads of a page with an API module of its own (会员名录, forms, elections, 在线留言, 退订,
 * 隐私政策) are in that page's folder (`queries.ts`): they load with the page, not with every page.
 */
import { queryOptions } from '@tanstack/react-query';
import { paging, seats } from '@portal/shared';
import { contentApi } from '../api/content';

/** One picture story plus eight rows, or ten rows when no article has a picture: as tall as 最新资讯 beside it. */
export const INDUSTRY_NEWS_ROWS = 10;

const position = (seat: number, page: number, pageSize: number) =>
  queryOptions({ queryKey: ['position', seat, page, pageSize], queryFn: () => contentApi.positionList(seat, page, pageSize) });

/** A page of one column's articles. */
const newsList = (query: { pid: number; pageindex: number; pagesize: number }) =>
  queryOptions({ queryKey: ['newsList', query], queryFn: () => contentApi.newsList(query) });

export const portalQueries = {
  /** The association's identity (header, footer, error pages): loaded once per page load. */
  siteInfo: () => queryOptions({ queryKey: ['siteInfo'], queryFn: contentApi.siteInfo, staleTime: Infinity, gcTime: Infinity }),
  /** The public menu tree, loaded once per page load (spec §4: public menu loaded once). */
  menuTree: () => queryOptions({ queryKey: ['menuTree'], queryFn: contentApi.menuTree, staleTime: Infinity, gcTime: Infinity }),
  /** The top-level ancestor of a menu: the navigation item shown as active. */
  menuRoot: (menuId: number) => queryOptions({ queryKey: ['menuRoot', menuId], queryFn: () => contentApi.menuRoot(menuId), staleTime: Infinity, retry: false }),
  /** 友情链接 in the footer. */
  friendLinks: () => queryOptions({ queryKey: ['friendLinks'], queryFn: contentApi.friendLinks, staleTime: 5 * 60_000 }),
  /** One menu's detail (menuList): its ShowType and WebUrl. */
  menu: (menuId: number) => queryOptions({ queryKey: ['menu', menuId], queryFn: () => contentApi.menuById(menuId) }),
  /** A single-page menu's body: its first entry. */
  singlePage: (menuId: number) => newsList({ pid: menuId, pageindex: 1, pagesize: 1 }),
  /** A page of a list menu's articles (spec §9: 5 per page). */
  menuNews: (menuId: number, page: number) => newsList({ pid: menuId, pageindex: page, pagesize: paging.menuNews }),
  /** An article's related list: one row more than shown, so that ten remain once the article itself is taken out (spec §9). */
  related: (menuId: number) => newsList({ pid: menuId, pageindex: 1, pagesize: paging.related + 1 }),
  /** A page of search results: the same call, a refused key (too long) shown on the page. */
  search: (keyword: string, page: number) => {
    const query = { key: keyword, pageindex: page, pagesize: paging.search };
    return queryOptions({ queryKey: ['newsList', query], queryFn: () => contentApi.search(query) });
  },
  /** An article; a refusal (member-only, not found) is the page's answer, not tried again. */
  newsDetail: (newsId: number, preview: string | undefined) =>
    queryOptions({ queryKey: ['newsDetail', newsId, preview], queryFn: () => contentApi.newsDetail(newsId, preview), retry: false }),
  /** 最新资讯 on the home page. */
  latestNews: (page: number) => queryOptions({ queryKey: ['latestNews', page, paging.homeNews], queryFn: () => contentApi.latestNews(page, paging.homeNews) }),
  /** A page of a home tab's seat (政策要闻, 通知公告, 协会动态): 12 per page. */
  seatTab: (seat: number, page: number) => position(seat, page, paging.homeTab),
  /** 行业资讯 (seat 4) beside 最新资讯: its first page alone. */
  industryNews: () => position(seats[3], 1, INDUSTRY_NEWS_ROWS),
  /** The home carousel's banners. */
  banners: (type: number) => queryOptions({ queryKey: ['banners', type], queryFn: () => contentApi.banners(type) }),
};
