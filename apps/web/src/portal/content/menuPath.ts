import type { MenuDto } from '@portal/shared';

/**
 * The chain of menus from a top-level menu down to `menuId` in the public menu tree
 * (empty when the menu is not in the tree, e.g. hidden or deleted).
 */
export function findMenuPath(tree: readonly MenuDto[], menuId: number): MenuDto[] {
  for (const menu of tree) {
    if (menu.MenuId === menuId) return [menu];
    const below = findMenuPath(menu.ChildList ?? [], menuId);
    if (below.length > 0) return [menu, ...below];
  }
  return [];
}

/** Only menus with Status 1 are shown on the site (spec §2 menuList). */
export const visibleMenus = (menus: readonly MenuDto[] | undefined): MenuDto[] => (menus ?? []).filter((m) => m.Status === 1);
