/**
 * The public menu tree and where each menu leads (spec §2 "Header"). Shared by the top
 * navigation and the content pages: import `useMenuTree` and `menuHref` from '../layout'.
 */
import { useQuery } from '@tanstack/react-query';
import { HOME_MARKER, HOME_PATH, menuPath, type MenuDto } from '@portal/shared';
import { portalQueries } from '../queries';

export const isHomeMenu = (menu: Pick<MenuDto, 'CurValue'>) => menu.CurValue === HOME_MARKER;

/** The public menu tree, loaded once per page load (spec §4: public menu loaded once). */
export function useMenuTree() {
  return useQuery(portalQueries.menuTree());
}

/** Only menus with Status 1 are shown on the site. */
export const shownMenus = (menus: readonly MenuDto[] | undefined) => (menus ?? []).filter((m) => m.Status === 1);

/**
 * The menu a click on `menu` really opens: a menu with children opens its first child,
 * or that child's first child when it has children too (spec §2 "Header").
 */
export function landingMenu(menu: MenuDto): MenuDto {
  const child = shownMenus(menu.ChildList)[0];
  if (!child) return menu;
  return shownMenus(child.ChildList)[0] ?? child;
}

/**
 * Where a menu leads: its WebUrl (external, open in a new tab), /home for the home
 * marker, otherwise the menuList page of the menu it lands on.
 */
export function menuHref(menu: MenuDto): string {
  if (menu.WebUrl) return menu.WebUrl;
  if (isHomeMenu(menu)) return HOME_PATH;
  const target = landingMenu(menu);
  if (target.WebUrl) return target.WebUrl;
  return menuPath({ id: target.MenuId, parentId: target.ParentId });
}

/**
 * True when a menu leads to a WebUrl, its own or that of the menu a click on it lands on: such a
 * menu opens in a new tab wherever it is shown, a site path (/certsearch) as well as an address
 * elsewhere (spec §2 "Header"; its menuList page opens the WebUrl in a new window too).
 */
export function opensInNewTab(menu: MenuDto): boolean {
  if (menu.WebUrl) return true;
  return !isHomeMenu(menu) && Boolean(landingMenu(menu).WebUrl);
}

/**
 * True when an address (menu WebUrl, banner JumpUrl) leaves the site: opened in a new tab with
 * noopener. Only http(s) counts, so a stored `javascript:` address never becomes a live link.
 */
export const isExternalHref = (href: string) => /^(https?:)?\/\//i.test(href);

/** The first menu called `name`, searched depth-first (home sections link their 更多 to it). */
export function findMenuByName(menus: readonly MenuDto[], name: string): MenuDto | undefined {
  for (const menu of menus) {
    if (menu.Name === name) return menu;
    const below = findMenuByName(menu.ChildList ?? [], name);
    if (below) return below;
  }
  return undefined;
}
