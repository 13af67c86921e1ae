/** Business constants and limits of spec §9. */
export const paging = {
  firstPage: 1,
  defaultSize: 10,
  maxSize: 1000,
  sizeOptions: [10, 20, 50, 100],
  pagerButtons: 5,
  menuNews: 5,
  myContributions: 10,
  homeNews: 10,
  homeTab: 12,
  search: 10,
  related: 10,
  lookup: 999,
} as const;

export const carousel = { slides: 4, spacing: 20, autoplayMs: 3000, bannerType: 2 } as const;

/**
 * What each banner type feeds, as the back office names it. The site shows type 2 only (the
 * home carousel, spec §9); other numbers stay valid for the original client's other uses and
 * are shown as 类型 N.
 */
export const bannerTypeNames: Readonly<Record<number, string>> = { [carousel.bannerType]: '首页轮播图' };
export const bannerTypeName = (type: number) => bannerTypeNames[type] ?? `类型 ${type}`;

/** Home tabs, in the order the spec lists them; each maps to one position seat. */
export const homeTabs = [
  { seat: 1, label: '政策要闻' },
  { seat: 2, label: '通知公告' },
  { seat: 3, label: '协会动态' },
] as const;
export const seats = [1, 2, 3, 4] as const;
/** Seat 4 feeds the home page's 行业资讯 block. */
export const industrySeatLabel = '行业资讯';
/** Each seat by what it feeds on the home page, so the back office names seats as the site shows them. */
export const seatNames: Record<(typeof seats)[number], string> = {
  ...(Object.fromEntries(homeTabs.map((t) => [t.seat, t.label])) as Record<1 | 2 | 3, string>),
  4: industrySeatLabel,
};

export const shortcutTiles = ['入会申请', '专家智库', '协会期刊', '鉴定评优', '信用管理', '行业统计'] as const;
export const membershipTile = '入会申请';

export const dialogWidth = { small: 500, medium: 700, large: 1000 } as const;
export const numberInput = { min: 0, max: 999999 } as const;
export const dateShortcutDays = [7, 30, 90] as const;

export const uploadLimits = {
  image: 943718.4,
  attachment: 10 * 1024 * 1024,
  editorFile: 52428800,
  media: 314572800,
} as const;

export const timing = {
  errorToastMs: 5000,
  sessionRedirectMs: 1000,
  clockMs: 1000,
  requestTimeoutMs: 1_800_000,
} as const;

export const layoutSizes = ['medium', 'small', 'mini'] as const;
export type LayoutSize = (typeof layoutSizes)[number];

/** Lookup (type list) kinds of spec §3. */
export const typeKinds = { companyType: 1, memberLevel: 2, third: 3 } as const;

/** Storage keys of spec §4. */
export const storageKeys = {
  memberToken: 'token',
  adminToken: 'backstageToken',
  /** Why a session just ended (sessionStorage), shown again on the page the browser is sent to. */
  sessionNotice: { member: 'sessionNotice:member', admin: 'sessionNotice:admin' },
} as const;

/**
 * The request header a back-office page sets on the calls it makes by itself on a timer (the
 * bell's poll, a check-in screen's counts): answered like any call, but not counted as the
 * admin's activity, so a tab left open still lets the session reach its idle limit
 * (ADMIN_SESSION_IDLE_MINUTES). Only a person's own actions keep a session alive.
 */
export const backgroundCall = { header: 'x-background', value: '1' } as const;

/** The id of the page element (JSON) in which the server sends what GetSiteInfo answers. */
export const SITE_INFO_ELEMENT_ID = 'site-info';

export const contributionMenu = { parent: '协会期刊', child: '在线投稿' } as const;
