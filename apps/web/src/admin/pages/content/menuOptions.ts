import type { MenuDto } from '@portal/shared';

export interface MenuCascaderOption {
  label: string;
  value: number;
  children?: MenuCascaderOption[];
}

/** Menus as cascader options; `without` (a menu being moved) is left out with its subtree. */
export function toMenuOptions(menus: readonly MenuDto[], without?: number): MenuCascaderOption[] {
  return menus
    .filter((m) => m.MenuId !== without)
    .map((m) => ({
      label: m.Status === 1 ? m.Name : `${m.Name}（隐藏）`,
      value: m.MenuId,
      ...(m.ChildList.length ? { children: toMenuOptions(m.ChildList, without) } : {}),
    }));
}

/** The ids from the top level down to `id` (a cascader's value), or [] when it is not in the tree. */
export function menuPath(menus: readonly MenuDto[], id: number): number[] {
  for (const menu of menus) {
    if (menu.MenuId === id) return [id];
    const below = menuPath(menu.ChildList, id);
    if (below.length) return [menu.MenuId, ...below];
  }
  return [];
}
