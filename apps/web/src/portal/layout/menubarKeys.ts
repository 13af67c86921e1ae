/**
 * The keys of the navigation's menu bar (WAI-ARIA APG menubar pattern), read from the drawn
 * lists: each item is an <a role="menuitem" data-menu-id> whose submenu, if any, is the <ul>
 * right after it. What a key does is answered as a move (the submenus open after it, outermost
 * first, and the item to focus) for TopNav to draw; the keys it does not use are left to the
 * browser (Tab leaves the bar, Enter with a modifier opens a link elsewhere).
 */
export interface MenubarMove {
  /** The items whose submenus are open, outermost first. */
  open: HTMLElement[];
  /** The item to focus. */
  focus: HTMLElement;
  /** Follow the focused item's link (Enter or Space on an item without a submenu). */
  follow?: boolean;
}

const itemsOf = (list: Element) => [...list.querySelectorAll<HTMLElement>(':scope > li > [role="menuitem"]')];
const submenuOf = (item: Element) => (item.nextElementSibling?.matches('ul') ? item.nextElementSibling : null);
/** The item that opens a submenu; none for the bar itself. */
const ownerOf = (list: Element | null) => (list?.previousElementSibling?.matches('[role="menuitem"]') ? (list.previousElementSibling as HTMLElement) : null);

/** The items whose submenus hold this one, outermost (a top item) first. */
export function ownersOf(item: HTMLElement): HTMLElement[] {
  const owners: HTMLElement[] = [];
  for (let owner = ownerOf(item.closest('ul')); owner; owner = ownerOf(owner.closest('ul'))) owners.unshift(owner);
  return owners;
}

const step = <T>(list: readonly T[], from: number, by: number): T => list[(from + by + list.length) % list.length]!;

/** The move a key makes from a focused item of the bar `bar`; undefined for keys the bar leaves alone. */
export function menubarMove(bar: HTMLElement, item: HTMLElement, key: string, anyOpen: boolean): MenubarMove | undefined {
  const list = item.closest('ul')!;
  const siblings = itemsOf(list);
  const at = siblings.indexOf(item);
  const inBar = list === bar;
  const submenu = submenuOf(item);
  const owners = ownersOf(item);
  const tops = itemsOf(bar);
  const top = owners[0] ?? item;
  /** The top item `by` places on, its submenu open if `opening` (and it has one). */
  const nextTop = (by: number, opening: boolean): MenubarMove => {
    const next = step(tops, tops.indexOf(top), by);
    return { open: opening && submenuOf(next) ? [next] : [], focus: next };
  };
  const into = (first: boolean): MenubarMove | undefined => {
    if (!submenu) return undefined;
    const inside = itemsOf(submenu);
    return { open: [...owners, item], focus: first ? inside[0]! : inside[inside.length - 1]! };
  };
  switch (key) {
    case 'ArrowRight':
      return inBar ? nextTop(1, anyOpen) : (into(true) ?? nextTop(1, true));
    case 'ArrowLeft':
      if (inBar) return nextTop(-1, anyOpen);
      return owners.length > 1 ? { open: owners.slice(0, -1), focus: owners[owners.length - 1]! } : nextTop(-1, true);
    case 'ArrowDown':
      return inBar ? into(true) : { open: owners, focus: step(siblings, at, 1) };
    case 'ArrowUp':
      return inBar ? into(false) : { open: owners, focus: step(siblings, at, -1) };
    case 'Home':
      return { open: owners, focus: siblings[0]! };
    case 'End':
      return { open: owners, focus: siblings[siblings.length - 1]! };
    case 'Enter':
    case ' ':
      // Followed, a link's page replaces this one: the bar closes onto its top item.
      return into(true) ?? { open: [], focus: top, follow: true };
    case 'Escape':
      return owners.length > 0 ? { open: owners.slice(0, -1), focus: owners[owners.length - 1]! } : { open: [], focus: item };
    default:
      return undefined;
  }
}
