import { SystemMenuKind, type SystemMenuDto } from '@portal/shared';

/** Ids of the menus at the bottom of the tree (no children): what a checkable tree is given as checked. */
export function leafIds(tree: readonly SystemMenuDto[]): Set<number> {
  const ids = new Set<number>();
  const walk = (nodes: readonly SystemMenuDto[]) => nodes.forEach((m) => (m.children.length ? walk(m.children) : ids.add(m.MenuId)));
  walk(tree);
  return ids;
}

/** Ids of the menus with children: the branches a tree can expand. */
export function branchIds(tree: readonly SystemMenuDto[]): number[] {
  return tree.flatMap((m) => (m.children.length ? [m.MenuId, ...branchIds(m.children)] : []));
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

/**
 * The tree a role's grants are chosen in: the menu tree with, first under each page that has
 * buttons, an entry for the page itself (查看). Without it, a checkable tree makes a page the
 * sum of its buttons, so a page could not be granted alone and a read-only role could not be
 * built. That entry's id is the page's, negated (menu ids are positive).
 */
export function grantTree(tree: readonly SystemMenuDto[]): SystemMenuDto[] {
  return tree.map((m) => {
    const children = grantTree(m.children);
    if (m.MenuType !== SystemMenuKind.Page || !children.length) return { ...m, children };
    const view: SystemMenuDto = { ...m, MenuId: pageViewId(m.MenuId), menuname: '查看', perms: m.perms, children: [] };
    return { ...m, children: [view, ...children] };
  });
}

/** The id of a page's own entry in the grant tree (grantTree). */
export const pageViewId = (pageId: number) => -pageId;
/** Whether a grant-tree id is a page's own entry rather than a menu. */
export const isPageView = (id: number) => id < 0;

/** The entries to check for a role's granted menus: the leaves, and each granted page's own entry. */
export function checkedGrants(grants: readonly SystemMenuDto[], menuIds: readonly number[]): number[] {
  const granted = new Set(menuIds);
  return [...leafIds(grants)].filter((id) => granted.has(isPageView(id) ? -id : id));
}

/** The menu ids a role is granted for the checked entries: each with everything above it. */
export const grantedMenus = (grants: readonly SystemMenuDto[], checked: readonly number[]): number[] =>
  withAncestors(grants, checked).filter((id) => !isPageView(id));
