/**
 * What each public page draws from, declared once per route: the server's renderer
 * (entry-server.tsx) loads a page's queries before it draws the page, and draws it once. The
 * pages read their address with the same readers as these declarations, and their components
 * draw with the same query options (queries.ts).
 *
 * The shell's declaration (shellData, on the layout's route) is here; each page's own is exported
 * by its page module (homeData by HomePage.tsx, …), and router.tsx puts it on the route's `handle`
 * when the route's `lazy` loads that module: a page's declaration and the API modules it names
 * load with that page, not with every page.
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { homeStateFields, homeTabs, paging, type NewsDetailDto } from '@portal/shared';
import { portalQueries } from './queries';

/** The page's address as its declaration reads it. */
export interface PageAddress {
  /** The path as asked (routes match it whatever its case). */
  pathname: string;
  params: URLSearchParams;
}

/** A query a page declares, loaded into the cache; a refused call stays there as its error state, which the page shows. */
export type PageRead = (client: QueryClient) => Promise<void>;

export const read =
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

/** The id in a form's address, /form/12 (NaN when there is none). */
export const formIdOf = (pathname: string): number => Number(pathname.split('/')[2]);

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

/** The published message of `/messages/:id`, or 0 when the address names none. */
export const messageAnswerOf = idUnder('messages');

/** The tab of 在线留言 an address opens (`?tab=`): the published answers unless it names another. */
export const messagesTabOf = (params: URLSearchParams): string => params.get('tab') ?? '';

/** The token of an unsubscribe link (`/unsubscribe?t=`), '' when there is none. */
export const unsubscribeTokenOf = (params: URLSearchParams): string => params.get('t') ?? '';

/** The version `/privacy?Version=` names, undefined for the current one (or a value that is no version number). */
export function privacyVersionOf(params: URLSearchParams): number | undefined {
  const version = Number(params.get('Version'));
  return isPositiveId(version) ? version : undefined;
}
