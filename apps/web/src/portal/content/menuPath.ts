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
