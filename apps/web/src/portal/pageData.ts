/**
 * What each public page draws from, declared once per route (router.tsx puts them on the routes'
 * `handle`): the server's renderer (entry-server.tsx) loads a page's queries before it draws the
 * page, and draws it once. The pages read their address with the same readers as these
 * declarations, and their components draw with the same query options (queries.ts).
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { carousel, homeStateFields, homeTabs, MenuShowType, paging, type NewsDetailDto } from '@portal/shared';
import { findMenuPath } from './content/menuPath';
import { portalQueries } from './queries';

/** The page's address as its declaration reads it. */
export interface PageAddress {
  /** The path as asked (routes match it whatever its case). */
  pathname: string;
  params: URLSearchParams;
}

/** A query a page declares, loaded into the cache; a refused call stays there as its error state, which the page shows. */
export type PageRead = (client: QueryClient) => Promise<void>;

const read =
  <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): PageRead =>
  (client) =>
    client.prefetchQuery(options);

/** A page's reads: those its address names, and those the answers to them name. */
export interface PageQueries {
  queries: PageRead[];
  /** Read once `queries` (every matched route's) are answered: an article's related list is of the menu its detail names. */
  following?: (client: QueryClient) => PageRead[];
}

export type PageData = (address: PageAddress) => PageQueries;

/** What a route's `handle` holds (router.tsx). */
export interface PageHandle {
  data: PageData;
}

export const isPositiveId = (n: number): boolean => Number.isInteger(n) && n > 0;

/** A list's page number (`?page=2`): page 1 when the address says nothing valid. */
export function listPageOf(params: URLSearchParams): number {
  const parsed = Number(params.get('page'));
  return Number.isInteger(parsed) && parsed >= paging.firstPage ? parsed : paging.firstPage;
}

/** The keyword of the search and 会员名录 pages (`?key=`), trimmed. */
export const keywordOf = (params: URLSearchParams): string => params.get('key')?.trim() ?? '';

type Seat = (typeof homeTabs)[number]['seat'];

/** What the address says of the home page's paged sections (page 1 and the first tab when it says nothing valid; home/homeState.tsx). */
export function homeStateOf(params: URLSearchParams): { latest: number; seat: Seat; tabPage: number } {
  const pageOf = (field: (typeof homeStateFields)[number]) => {
    const n = Number(params.get(field));
    return Number.isInteger(n) && n >= paging.firstPage ? n : paging.firstPage;
  };
  const seat = homeTabs.find((t) => String(t.seat) === params.get('tab'))?.seat ?? homeTabs[0].seat;
  return { latest: pageOf('latest'), seat, tabPage: pageOf('tabPage') };
}

/** Pages whose MenuId decides the highlighted navigation item. */
const menuPages = new Set(['/menulist', '/info']);

/** The menu whose top-level ancestor the navigation shows as active: the MenuId of menuList and info. */
export function activeMenuOf(pathname: string, params: URLSearchParams): number | undefined {
  const menuId = Number(params.get('MenuId'));
  return menuPages.has(pathname.toLowerCase()) && isPositiveId(menuId) ? menuId : undefined;
}

/** The menu of an article's related list: the one its detail names, else the address's MenuId (before the detail is in, or when it is refused). */
export const articleMenuOf = (article: NewsDetailDto | undefined, params: URLSearchParams): number => article?.MenuId ?? Number(params.get('MenuId'));

/** The public shell (PortalLayout): identity, menus and the active one, 友情链接. The visit counter is the browser's. */
export const shellData: PageData = ({ pathname, params }) => {
  const menuId = activeMenuOf(pathname, params);
  const shell = [read(portalQueries.siteInfo()), read(portalQueries.menuTree()), read(portalQueries.friendLinks())];
  return { queries: menuId === undefined ? shell : [...shell, read(portalQueries.menuRoot(menuId))] };
};

/** The 404 page, drawn for any address the server answered 404: the site's name alone, no shell. */
export const notFoundData: PageData = () => ({ queries: [read(portalQueries.siteInfo())] });

/** /home: the carousel, 最新资讯, 行业资讯 and the tabs, at the pages its address names (no-script pagers). */
export const homeData: PageData = ({ params }) => {
  const { latest, seat, tabPage } = homeStateOf(params);
  // The carousel is left out of 关怀版's simple view, which the address does not say: its banners are loaded anyway.
  return {
    queries: [
      read(portalQueries.banners(carousel.bannerType)),
      read(portalQueries.latestNews(latest)),
      read(portalQueries.industryNews()),
      read(portalQueries.seatTab(seat, tabPage)),
    ],
  };
};

/** /menuList: the menu, then its body: a single-page menu's entry or a page of its list, as its ShowType says (from its detail, else the tree). */
export const menuListData: PageData = ({ params }) => {
  const menuId = Number(params.get('MenuId'));
  if (!isPositiveId(menuId)) return { queries: [] };
  const menu = portalQueries.menu(menuId);
  return {
    queries: [read(menu)],
    following: (client) => {
      if (client.getQueryState(menu.queryKey)?.status === 'error') return [];
      const shown = client.getQueryData(menu.queryKey) ?? findMenuPath(client.getQueryData(portalQueries.menuTree().queryKey) ?? [], menuId).at(-1);
      if (!shown) return [];
      return [shown.ShowType === MenuShowType.SinglePage ? read(portalQueries.singlePage(menuId)) : read(portalQueries.menuNews(menuId, listPageOf(params)))];
    },
  };
};

/** /info: the article (or a preview link's), then the related list of its menu. */
export const infoData: PageData = ({ params }) => {
  const newsId = Number(params.get('NewsId'));
  const detail = isPositiveId(newsId) ? portalQueries.newsDetail(newsId, params.get('preview') ?? undefined) : undefined;
  return {
    queries: detail ? [read(detail)] : [],
    following: (client) => {
      const menuId = articleMenuOf(detail && client.getQueryData(detail.queryKey), params);
      return isPositiveId(menuId) ? [read(portalQueries.related(menuId))] : [];
    },
  };
};

/** /searchKey: a page of results for the keyword, when there is one. */
export const searchData: PageData = ({ params }) => {
  const keyword = keywordOf(params);
  return { queries: keyword ? [read(portalQueries.search(keyword, listPageOf(params)))] : [] };
};

/** /directory: a page of 会员名录 (refused to visitors when only members may read it: the refusal is the page's answer). */
export const directoryData: PageData = ({ params }) => ({ queries: [read(portalQueries.memberDirectory(keywordOf(params), listPageOf(params)))] });

/** The id in a form's address, /form/12 (NaN when there is none). */
export const formIdOf = (pathname: string): number => Number(pathname.split('/')[2]);

/** /form/:id: the form as a visitor sees it, then its results when they are open. */
export const formData: PageData = ({ pathname }) => {
  const formId = formIdOf(pathname);
  if (!isPositiveId(formId)) return { queries: [] };
  const form = portalQueries.publicForm(formId);
  return {
    queries: [read(form)],
    following: (client) => (client.getQueryData(form.queryKey)?.ResultsOpen ? [read(portalQueries.formResults(formId))] : []),
  };
};

/** Reads the id of `/<segment>/:id` from a path, or 0 when the path names none. */
function idUnder(segment: string): (pathname: string) => number {
  const pattern = new RegExp(`/${segment}/(\\d+)/?$`, 'i');
  return (pathname) => {
    const id = Number(pattern.exec(pathname)?.[1]);
    return isPositiveId(id) ? id : 0;
  };
}

/** The election of `/election/:id`, or 0 when the address names none. */
export const electionOf = idUnder('election');

/** /election/:id: the election's published count and ballot hashes (a refusal is the page's answer). */
export const electionResultData: PageData = ({ pathname }) => {
  const id = electionOf(pathname);
  return { queries: id ? [read(portalQueries.electionPublication(id))] : [] };
};

/** The published message of `/messages/:id`, or 0 when the address names none. */
export const messageAnswerOf = idUnder('messages');

/** /messages/:id: one published question and answer (not found is the page's answer). */
export const messageAnswerData: PageData = ({ pathname }) => {
  const id = messageAnswerOf(pathname);
  return { queries: id ? [read(portalQueries.publishedMessage(id))] : [] };
};

/** The tab of 在线留言 an address opens (`?tab=`): the published answers unless it names another. */
export const messagesTabOf = (params: URLSearchParams): string => params.get('tab') ?? '';

/**
 * /messages: 我要留言 draws the categories and what the site requires; 留言查询 draws only its form
 * (the captcha and the lookup are the visitor's own, asked in the browser); any other tab is
 * drawn as 留言选登, a page of the published answers (我的留言 too: the server has no member session).
 */
export const messagesData: PageData = ({ params }) => {
  const tab = messagesTabOf(params);
  if (tab === 'ask') return { queries: [read(portalQueries.messageOptions())] };
  if (tab === 'lookup') return { queries: [] };
  return { queries: [read(portalQueries.publishedMessages(keywordOf(params), listPageOf(params)))] };
};

/** The token of an unsubscribe link (`/unsubscribe?t=`), '' when there is none. */
export const unsubscribeTokenOf = (params: URLSearchParams): string => params.get('t') ?? '';

/** /unsubscribe: what the link's token would unsubscribe from (asked for no token too: its refusal is the page's answer). */
export const unsubscribeData: PageData = ({ params }) => ({ queries: [read(portalQueries.unsubscribeLink(unsubscribeTokenOf(params)))] });

/** The version `/privacy?Version=` names, undefined for the current one (or a value that is no version number). */
export function privacyVersionOf(params: URLSearchParams): number | undefined {
  const version = Number(params.get('Version'));
  return isPositiveId(version) ? version : undefined;
}

/** /privacy: the version asked for (the current one by default) and the published history. */
export const privacyData: PageData = ({ params }) => ({ queries: [read(portalQueries.privacyPolicy(privacyVersionOf(params)))] });
