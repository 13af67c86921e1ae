/**
 * The public site's reads as TanStack query options: the components draw with them and the page
 * declarations (pageData.ts) name them, so the server loads the very queries a page then draws
 * from (same keys, same calls). A component adds what is its own alone (`enabled`, placeholder data).
 */
import { queryOptions } from '@tanstack/react-query';
import { paging, seats, type MemberDirectoryQuery } from '@portal/shared';
import { contentApi } from '../api/content';
import { directoryApi } from '../api/directory';
import { formsApi } from '../api/forms';
import { electionsApi } from '../api/elections';
import { mailPreferencesApi } from '../api/mail-preferences';
import { messagesApi } from '../api/messages';
import type { ListQuery } from '../api/list-query';
import { privacyApi } from '../api/privacy';

/** Companies on a page of 会员名录. */
export const DIRECTORY_PAGE_SIZE = 20;

/** Questions and answers on a page of 在线留言. */
export const PUBLISHED_MESSAGES_PAGE_SIZE = 10;

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
  /** A closed election's published count and ballot hashes; a refusal (not closed, not found) is the page's answer. */
  electionPublication: (electionId: number) =>
    queryOptions({ queryKey: ['electionPublication', electionId], queryFn: () => electionsApi.publication(electionId), retry: false }),
  /** A page of 会员名录, of the companies matching a keyword when there is one. */
  memberDirectory: (keyword: string, page: number) => {
    const query: ListQuery<MemberDirectoryQuery> = { key: keyword || undefined, pageindex: page, pagesize: DIRECTORY_PAGE_SIZE };
    return queryOptions({ queryKey: ['memberDirectory', query], queryFn: () => directoryApi.list(query) });
  },
  /**
   * What an unsubscribe link would unsubscribe from, with the question in its Message (GET
   * Unsubscribe changes nothing); a link altered or expired (退订链接无效) is the page's answer.
   */
  unsubscribeLink: (token: string) =>
    queryOptions({ queryKey: ['unsubscribeLink', token], queryFn: () => mailPreferencesApi.unsubscribeLink(token), retry: false }),
  /** A form, survey or vote, and whether this caller may answer it now; not found is the page's answer. */
  publicForm: (formId: number) => queryOptions({ queryKey: ['publicForm', formId], queryFn: () => formsApi.publicForm(formId), retry: false }),
  /** Its counts, when they are open to this caller (GetPublicForm's ResultsOpen). */
  formResults: (formId: number) => queryOptions({ queryKey: ['formResults', formId], queryFn: () => formsApi.results(formId), retry: false }),
  /** A page of 在线留言's published questions and answers, of those matching a keyword when there is one. */
  publishedMessages: (keyword: string, page: number) => {
    const query = { key: keyword || undefined, pageindex: page, pagesize: PUBLISHED_MESSAGES_PAGE_SIZE };
    return queryOptions({ queryKey: ['publishedMessages', query], queryFn: () => messagesApi.published(query) });
  },
  /** One published question and answer (its own page); not found is the page's answer. */
  publishedMessage: (messageId: number) =>
    queryOptions({ queryKey: ['publishedMessage', messageId], queryFn: () => messagesApi.publishedOne(messageId), retry: false }),
  /** 在线留言's categories and what the site requires of an asker. */
  messageOptions: () => queryOptions({ queryKey: ['messageOptions'], queryFn: messagesApi.options, staleTime: 5 * 60_000 }),
  /** 隐私政策: the current version (undefined) or an earlier one; a version that does not exist is the page's answer. */
  privacyPolicy: (version: number | undefined) =>
    queryOptions({ queryKey: ['privacyPolicy', version ?? 0], queryFn: () => privacyApi.policy(version), retry: false }),
};
