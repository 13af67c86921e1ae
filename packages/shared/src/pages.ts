import type { DirectoryAccess } from './schemas/directory.js';

/**
 * Who may open a page: anyone; members (the server draws a visitor's notice to log in, the
 * browser with the session draws the member's content); the back office's staff; or as the
 * configuration says (会员名录: MEMBER_DIRECTORY public, members or off).
 */
export type PageAudience = 'public' | 'members' | 'staff' | 'configured';

/** One page of the web app as the server answers it. */
export interface SitePage {
  /** The path as the router matches it (apps/web/src/router.tsx): `:id` an id, `*` anything below. */
  path: string;
  /**
   * The page's name in its head (the document title adds the site name); absent where the data
   * names the page (a menu list, an article). 首页's head carries the site's name; 首页 is its crumb.
   */
  title?: string;
  /** Kept out of search engines (robots noindex); a configured page is indexed only when public. */
  noindex?: boolean;
  /** Drawn on the server as a visitor sees it (not the back office, not /login). */
  serverRendered?: boolean;
  audience: PageAudience;
  /** Listed in the sitemap while the public may open it. */
  sitemap?: boolean;
  /**
   * Drawn afresh for every request, never kept: what it shows changes with what no content area
   * tracks (the clock, each visitor's answers, members' own choices).
   */
  drawnEachTime?: boolean;
}

/**
 * The pages of the site, declared once: the router takes its paths from here, the server's page
 * resolver (apps/server/src/features/pages/page.ts) their status and head, the sitemap its fixed
 * entries. 首页, a menu list and an article are answered from the data (their titles, 404s and
 * redirects); the others from these declarations alone. In the sitemap's order.
 */
export const sitePages = {
  home: { path: '/home', title: '首页', serverRendered: true, audience: 'public', sitemap: true },
  menuList: { path: '/menuList', serverRendered: true, audience: 'public' },
  info: { path: '/info', serverRendered: true, audience: 'public' },
  search: { path: '/searchKey', title: '站内搜索', noindex: true, serverRendered: true, audience: 'public' },
  certificates: { path: '/certsearch', title: '证书查询', serverRendered: true, audience: 'public', sitemap: true },
  // A certificate holder's own data and requests, after verifying who they are (features/rights/holder.ts).
  holderRights: { path: '/certsearch/rights', title: '持证人个人信息', noindex: true, serverRendered: true, audience: 'public' },
  accessibility: { path: '/accessibility', title: '无障碍声明', serverRendered: true, audience: 'public' },
  // The current privacy policy and its published history (features/privacy); ?Version= an earlier one.
  privacy: { path: '/privacy', title: '隐私政策', serverRendered: true, audience: 'public', sitemap: true },
  // A closed election's published count, chain head and ballot hashes, and the receipt check;
  // its close is tracked by no content area.
  electionResult: { path: '/election/:id', title: '选举结果公布', serverRendered: true, audience: 'public', drawnEachTime: true },
  directory: { path: '/directory', title: '会员名录', serverRendered: true, audience: 'configured', sitemap: true, drawnEachTime: true },
  // A form, survey or vote (features/forms): opens and closes by the clock, fills up with answers.
  form: { path: '/form/:id', serverRendered: true, audience: 'public', drawnEachTime: true },
  // 在线留言: the published answers, the ask form, the lookup by 查询码 and, for a member, 我的留言 (?tab=).
  messages: { path: '/messages', title: '在线留言', serverRendered: true, audience: 'public', sitemap: true },
  // One published question and its answer, under its public title: what a search engine finds and a link shares.
  messageAnswer: { path: '/messages/:id', serverRendered: true, audience: 'public' },
  contribute: { path: '/contribute', title: '我要投稿', noindex: true, serverRendered: true, audience: 'members' },
  activities: { path: '/member/activity', title: '活动通知', noindex: true, serverRendered: true, audience: 'members' },
  membership: { path: '/member/membership', title: '我的会籍', noindex: true, serverRendered: true, audience: 'members' },
  memberCard: { path: '/member/card', title: '电子会员证', noindex: true, serverRendered: true, audience: 'members' },
  myForms: { path: '/member/forms', title: '我的填报', noindex: true, serverRendered: true, audience: 'members' },
  elections: { path: '/member/election', title: '换届选举', noindex: true, serverRendered: true, audience: 'members' },
  // 站内信: what the association sent the member (features/inbox).
  inbox: { path: '/member/inbox', title: '站内信', noindex: true, serverRendered: true, audience: 'members' },
  // 通知设置: which categories of 会员通知 the member receives, by e-mail and 站内信 (features/mailings).
  mailPreferences: { path: '/member/notifications', title: '通知设置', noindex: true, serverRendered: true, audience: 'members' },
  // 隐私与授权: the consents the member gave with their submissions, each withdrawable (features/privacy/consents.ts).
  consents: { path: '/member/privacy', title: '隐私与授权', noindex: true, serverRendered: true, audience: 'members' },
  // 我的个人信息: what is held about the member, its copy, and requests to correct or delete it (features/rights).
  myData: { path: '/member/data', title: '我的个人信息', noindex: true, serverRendered: true, audience: 'members' },
  activity: { path: '/member/activity/:id', title: '活动通知', noindex: true, serverRendered: true, audience: 'members' },
  // Where the venue's QR of self check-in leads (server: features/activities/check-in.ts).
  checkIn: { path: '/member/activity/:id/checkin', title: '活动签到', noindex: true, serverRendered: true, audience: 'members' },
  // Where a mailing's 退订 leads (?t= the mail's token): names the category, unsubscribes once
  // confirmed, for whoever holds the link. Each member's link is its own address: drawn afresh,
  // not kept once per token.
  unsubscribe: { path: '/unsubscribe', title: '退订通知', noindex: true, serverRendered: true, audience: 'public', drawnEachTime: true },
  login: { path: '/login', title: '后台登录', noindex: true, audience: 'staff' },
  backOffice: { path: '/System/*', title: '后台管理', noindex: true, audience: 'staff' },
} as const satisfies Record<string, SitePage>;

/** The home page's one address (`/` and `/index.html` redirect to it). */
export const HOME_PATH = sitePages.home.path;
/** A form's one address, as an article links or embeds it: /form/12. */
export const formPath = (id: number) => `/form/${id}`;
/** The CurValue that marks the 首页 menu: it leads to /home, not to a menu list. */
export const HOME_MARKER = 'home';

/**
 * The last crumb of an article's page (spec §2 info: 首页 > top menu > menu > 正文): the page draws
 * it, and its BreadcrumbList (JSON-LD) names the article's place by it, so the two agree.
 */
export const ARTICLE_CRUMB = '正文';
/** An article's one address, as every link to it is written: /info?MenuId=3&NewsId=7. */
export const articlePath = (a: { id: number; menuId: number }) => `${sitePages.info.path}?MenuId=${a.menuId}&NewsId=${a.id}`;
/** A menu list's one address: /menuList?ParentId=1&MenuId=3. */
export const menuPath = (m: { id: number; parentId: number }) => `${sitePages.menuList.path}?ParentId=${m.parentId}&MenuId=${m.id}`;

/** A published question and answer's own page: /messages/12. */
export const messageAnswerPath = (messageId: number) => `/messages/${messageId}`;

/** A published version of the privacy policy: /privacy?Version=2 (the current one: /privacy). */
export const privacyVersionPath = (version: number) => `${sitePages.privacy.path}?Version=${version}`;

/** A closed election's public page: its count and ballot hashes, where a voter checks a receipt. */
export const electionPublicationPath = (electionId: number) => `/election/${electionId}`;

function matchesSegments(declared: readonly string[], asked: readonly string[]): boolean {
  const [own, ...restOwn] = declared;
  const [part, ...restAsked] = asked;
  if (own === '*') return true;
  if (own === undefined || part === undefined) return own === part;
  const fits = own === ':id' ? /^\d+$/.test(part) : own.toLowerCase() === part.toLowerCase();
  return fits && matchesSegments(restOwn, restAsked);
}

/** `/member/activity/` → member, activity; `/` → none. */
const segments = (path: string) => path.replace(/\/+$/, '').split('/').slice(1);

/** Each page with its path's segments, split once rather than at every lookup. */
const declaredSegments = Object.values(sitePages).map((page: SitePage) => ({ page, segments: segments(page.path) }));

/** The page at `pathname`, matched as the router matches it (in any case), with ids of digits only. */
export function sitePageAt(pathname: string): SitePage | undefined {
  const asked = segments(pathname);
  return declaredSegments.find((declared) => matchesSegments(declared.segments, asked))?.page;
}

/**
 * Who may open `page` under the site's configuration (`directory`: MEMBER_DIRECTORY); 'off' when
 * no one may (the page is a 404).
 */
export function pageAudience(page: SitePage, directory: DirectoryAccess): Exclude<PageAudience, 'configured'> | 'off' {
  return page.audience === 'configured' ? directory : page.audience;
}
