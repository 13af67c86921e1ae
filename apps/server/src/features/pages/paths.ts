/** Addresses of the public pages, as the web app links them (portal/content/openArticle.ts, layout/menus.ts). */
export const articlePath = (a: { id: number; menuId: number }) => `/info?MenuId=${a.menuId}&NewsId=${a.id}`;
export const menuPath = (m: { id: number; parentId: number }) => `/menuList?ParentId=${m.parentId}&MenuId=${m.id}`;
/** The CurValue that marks the 首页 menu: it leads to /home, not to a menu list. */
export const HOME_MARKER = 'home';
/** The home page's one address (`/` and `/index.html` redirect to it). */
export const HOME_PATH = '/home';
/** 会员名录 (features/membership/directory.ts). */
export const DIRECTORY_PATH = '/directory';
