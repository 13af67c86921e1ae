/**
 * The public shell's building blocks. Other portal code imports from here:
 * `useMenuTree()` (the menu tree, TanStack key ['menuTree'], loaded once) and
 * `menuHref(menu)` (WebUrl → external; home marker → /home; else /menuList?ParentId=..&MenuId=..).
 */
export { useMenuTree, menuHref, landingMenu, isHomeMenu, isExternalHref, opensInNewTab, findMenuByName, shownMenus } from './menus';
export { useSiteInfo } from './useSiteInfo';
export { Header } from './Header';
export { TopNav } from './TopNav';
export { Footer } from './Footer';
export { useMobileRedirect } from './useMobileRedirect';
export { usePageViewBeacon } from './usePageViewBeacon';
export { MenuLink } from './MenuLink';
export { PageLink, isPlainClick } from './PageLink';
