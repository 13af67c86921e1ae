import { SystemMenuKind, type SystemMenuDto } from '@portal/shared';

/** The shell's root address; every back-office page lives below it. */
export const shellBase = '/System';
/** spec §2: the default landing, titled 工作台. */
export const homePath = `${shellBase}/home`;
export const homeTitle = '工作台';
/** The title of an address under /System that is none of this administrator's pages. */
export const notFoundTitle = '页面不存在';
/** The browser tab's title of every back-office page: `<page> · 后台管理系统`. */
export const systemTitle = '后台管理系统';

/** A page's route below the shell: its menu path, lower-cased (spec §2 "keys are lower-cased"). */
export const routePath = (menu: Pick<SystemMenuDto, 'path'>) =>
  menu.path
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, '');
/** A page's full address. */
export const pagePath = (menu: Pick<SystemMenuDto, 'path'>) => `${shellBase}/${routePath(menu)}`;

const isEnabled = (menu: SystemMenuDto) => menu.status === 1;

/**
 * The entries the sidebar shows (spec §2): directories and pages that are visible and enabled.
 * A directory left without any entry is dropped too.
 */
export function sidebarMenus(tree: readonly SystemMenuDto[]): SystemMenuDto[] {
  return tree.flatMap((menu) => {
    if (menu.MenuType === SystemMenuKind.Button || menu.visible !== 1 || !isEnabled(menu)) return [];
    if (menu.MenuType === SystemMenuKind.Page) return [{ ...menu, children: [] }];
    const children = sidebarMenus(menu.children);
    return children.length ? [{ ...menu, children }] : [];
  });
}

/** Enabled directories and pages: what becomes a route (buttons are dropped, hidden pages still open by address). */
export function routableMenus(tree: readonly SystemMenuDto[]): SystemMenuDto[] {
  return tree.flatMap((menu) => (menu.MenuType === SystemMenuKind.Button || !isEnabled(menu) ? [] : [{ ...menu, children: routableMenus(menu.children) }]));
}

/** The directory keys above the page at `path` (a full address as pagePath spells it): the submenus the sidebar opens for it. */
export function ancestorKeys(tree: readonly SystemMenuDto[], path: string, trail: string[] = []): string[] | null {
  for (const menu of tree) {
    if (menu.MenuType === SystemMenuKind.Page && pagePath(menu) === path) return trail;
    const found = ancestorKeys(menu.children, path, [...trail, directoryKey(menu)]);
    if (found) return found;
  }
  return null;
}

export const directoryKey = (menu: Pick<SystemMenuDto, 'MenuId'>) => `dir-${menu.MenuId}`;
