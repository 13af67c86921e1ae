/** A row of the menus table, camelCase. */
export interface Menu {
  id: number;
  parentId: number;
  name: string;
  status: number;
  showType: number;
  type: number;
  webUrl: string;
  curValue: string;
  sortNumber: number;
  /** Members may contribute articles here (栏目管理 setting). */
  acceptsContributions: boolean;
}

/** A menu in the public tree, with its shown children. */
export interface MenuNode extends Menu {
  children: MenuNode[];
}

/** The site's navigation goes three levels deep (spec §2 "Header"); deeper menus are not shown. */
export const MAX_DEPTH = 3;
const SHOWN = 1;

/**
 * Every menu, indexed for the public calls. The public tree holds the shown menus (Status 1)
 * reachable from the root through shown parents, so hiding a menu hides its descendants too.
 */
export interface MenuIndex {
  byId: ReadonlyMap<number, Menu>;
  /** Every menu's children, hidden ones included, in display order (0: the top level). */
  byParent: ReadonlyMap<number, readonly Menu[]>;
  roots: readonly MenuNode[];
  /** Nodes of the public tree by id. */
  shown: ReadonlyMap<number, MenuNode>;
  /**
   * Ids of the menus whose articles the public may list, search and open: those reachable from
   * the root through shown menus, as in the public tree but at any depth (the navigation stops
   * at three levels; an older, deeper menu still holds public articles). A menu whose own or any
   * ancestor's Status is 0, or whose parent is missing, is not among them.
   */
  readable: ReadonlySet<number>;
}

const displayOrder = (a: Menu, b: Menu) => a.sortNumber - b.sortNumber || a.id - b.id;

export function indexMenus(menus: readonly Menu[]): MenuIndex {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const byParent = new Map<number, Menu[]>();
  for (const menu of [...menus].sort(displayOrder)) {
    const siblings = byParent.get(menu.parentId);
    if (siblings) siblings.push(menu);
    else byParent.set(menu.parentId, [menu]);
  }
  const shown = new Map<number, MenuNode>();
  const grow = (parentId: number, depth: number): MenuNode[] =>
    (byParent.get(parentId) ?? [])
      .filter((m) => m.status === SHOWN)
      .map((m) => {
        const node: MenuNode = { ...m, children: depth < MAX_DEPTH ? grow(m.id, depth + 1) : [] };
        shown.set(m.id, node);
        return node;
      });
  return { byId, byParent, roots: grow(0, 1), shown, readable: readableIds(byParent) };
}

function readableIds(byParent: ReadonlyMap<number, readonly Menu[]>): Set<number> {
  const readable = new Set<number>();
  // Walking down from the root reaches no parent cycle: a menu in a cycle has no chain to the root.
  const visit = (parentId: number) => {
    for (const menu of byParent.get(parentId) ?? []) {
      if (menu.status !== SHOWN) continue;
      readable.add(menu.id);
      visit(menu.id);
    }
  };
  visit(0);
  return readable;
}

/** A menu with every menu below it, hidden ones included: the back office's view. */
export function fullSubtree(index: MenuIndex, menu: Menu): MenuNode {
  const seen = new Set<number>();
  const grow = (m: Menu): MenuNode => {
    seen.add(m.id);
    // A parent cycle left in old data must not recurse forever.
    return { ...m, children: (index.byParent.get(m.id) ?? []).filter((c) => !seen.has(c.id)).map(grow) };
  };
  return grow(menu);
}

/** How many levels a menu's subtree spans, itself included (1 for a menu without children). */
export function subtreeHeight(node: MenuNode): number {
  return 1 + Math.max(0, ...node.children.map(subtreeHeight));
}

/** Ids of every menu below a node of a tree. */
const idsBelow = (node: MenuNode): number[] => node.children.flatMap((c) => [c.id, ...idsBelow(c)]);

/** Ids of every menu below `id`, hidden ones included. */
export function descendantIds(index: MenuIndex, id: number): number[] {
  const menu = index.byId.get(id);
  return menu ? idsBelow(fullSubtree(index, menu)) : [];
}

/** The chain from the top-level menu down to `id` (empty for an unknown id). */
export function ancestry(index: MenuIndex, id: number): Menu[] {
  const chain: Menu[] = [];
  // Bounded by the number of menus, so a parent cycle left by a bad edit cannot loop forever.
  for (let menu = index.byId.get(id); menu && chain.length <= index.byId.size; menu = index.byId.get(menu.parentId)) {
    chain.unshift(menu);
  }
  return chain;
}

/**
 * The menu a label names (home tiles look menus up by their label): a shown one before a
 * hidden one, then the one nearest the top, then the first in display order.
 */
export function findByLabel(index: MenuIndex, label: string): Menu | undefined {
  const rank = (m: Menu) => [m.status === SHOWN ? 0 : 1, ancestry(index, m.id).length, m.sortNumber, m.id];
  const candidates = [...index.byId.values()].filter((m) => m.name === label);
  return candidates.sort((a, b) => compareTuples(rank(a), rank(b)))[0];
}

function compareTuples(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Ids of the shown menus below `id` in the public tree. */
export function shownDescendantIds(index: MenuIndex, id: number): number[] {
  const node = index.shown.get(id);
  return node ? idsBelow(node) : [];
}
