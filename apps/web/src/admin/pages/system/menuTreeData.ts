import { SystemMenuKind, type SystemMenuDto } from '@portal/shared';

/** Ids of the menus at the bottom of the tree (no children): what a checkable tree is given as checked. */
export function leafIds(tree: readonly SystemMenuDto[]): Set<number> {
  const ids = new Set<number>();
  const walk = (nodes: readonly SystemMenuDto[]) =>
    nodes.forEach((m) => (m.children.length ? walk(m.children) : ids.add(m.MenuId)));
  walk(tree);
  return ids;
}

export const menuTypeLabels: Record<number, string> = {
  [SystemMenuKind.Directory]: '目录',
  [SystemMenuKind.Page]: '菜单',
  [SystemMenuKind.Button]: '按钮',
};


/**
 * The ids to grant for the checked entries: each one and every menu above it. A page whose
 * buttons are only partly checked is half-checked in the tree, yet its own permission (the
 * page's) must be granted for it to open.
 */
export function withAncestors(tree: readonly SystemMenuDto[], checked: readonly number[]): number[] {
  const parents = new Map<number, number>();
  const walk = (nodes: readonly SystemMenuDto[]) =>
    nodes.forEach((m) => {
      m.children.forEach((c) => parents.set(c.MenuId, m.MenuId));
      walk(m.children);
    });
  walk(tree);
  const ids = new Set<number>();
  for (const id of checked) {
    for (let at: number | undefined = id; at !== undefined && !ids.has(at); at = parents.get(at)) ids.add(at);
  }
  return [...ids];
}
