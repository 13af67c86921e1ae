import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import type { MenuDto } from '@portal/shared';
import { Icon } from '../../components/Icon';
import { shownMenus, useMenuTree } from './menus';
import { MenuLink } from './MenuLink';
import { menubarMove, ownersOf } from './menubarKeys';
import { useActiveMenus } from './useActiveMenus';
import styles from './nav.module.css';

/** The navigation shows up to three levels (spec §2 "Header"), and only menus with Status 1. */
const MAX_DEPTH = 3;

interface Active {
  topId: number | null;
  currentId: number | null;
}

/** The menu bar's state, for the bar's lists (the phone's panel has none). */
interface Bar {
  /** The menus whose submenus are open from the keyboard. */
  open: readonly number[];
  /** The top entry that is the bar's one tab stop. */
  tabStop: number;
}

/**
 * Menus as nested lists of links. A menu with children links where it lands (its first child or
 * grandchild, menuHref) and carries its children as a nested list: on a desktop a popup shown
 * under the pointer or opened from the keyboard, in the phone's panel always open. The current
 * page's link is marked aria-current="page", its top entry aria-current="true". With `bar` the
 * lists are a menu bar (menubar, menu, menuitem): one tab stop, the rest reached by arrow keys.
 */
function MenuItems({ menus, depth, active, bar, label }: { menus: readonly MenuDto[]; depth: number; active: Active; bar?: Bar; label?: string }) {
  const role = bar ? (depth === 1 ? 'menubar' : 'menu') : undefined;
  return (
    <ul className={depth === 1 ? styles.level1 : styles.popup} role={role} aria-label={bar ? label : undefined}>
      {shownMenus(menus).map((menu) => {
        const children = depth < MAX_DEPTH ? shownMenus(menu.ChildList) : [];
        const current =
          menu.MenuId === active.currentId || (depth === 1 && active.currentId === null && menu.MenuId === active.topId)
            ? 'page'
            : depth === 1 && menu.MenuId === active.topId
              ? 'true'
              : undefined;
        const item = bar && {
          role: 'menuitem',
          tabIndex: depth === 1 && menu.MenuId === bar.tabStop ? 0 : -1,
          'aria-haspopup': children.length > 0 ? ('menu' as const) : undefined,
          'aria-expanded': children.length > 0 ? bar.open.includes(menu.MenuId) : undefined,
          'data-menu-id': menu.MenuId,
        };
        return (
          <li key={menu.MenuId} className={children.length > 0 ? styles.parent : undefined} role={bar ? 'none' : undefined}>
            <MenuLink menu={menu} current={current} {...item} />
            {children.length > 0 && <MenuItems menus={children} depth={depth + 1} active={active} bar={bar} label={menu.Name} />}
          </li>
        );
      })}
    </ul>
  );
}

/** The menu's id a menu bar item carries. */
const menuIdOf = (item: HTMLElement) => Number(item.dataset.menuId);

/**
 * The top navigation: the menu bar on desktops; on phones a 栏目导航 disclosure opening the same
 * menus as a panel under the bar (closed by a link, the button again or Escape). The disclosure
 * keeps its own open state: closing is done on the element, so it never waits for a state that
 * has not yet heard of the opening (an Escape right after Enter left it open).
 *
 * The desktop bar is a menu bar (docs/decisions.md, "The navigation is a menu bar") once the
 * script that answers its keys runs: one tab stop, ←/→ along the top entries, ↓/Enter/Space into
 * a submenu, ↑/↓ inside it, → and ← into and out of a third level, Escape back to the entry that
 * opened it, Tab out of the bar. As the server draws it (and without scripts) it is plain lists
 * of links, each a tab stop, a submenu shown under the focus.
 */
export function TopNav() {
  const tree = useMenuTree();
  const panel = useRef<HTMLDetailsElement>(null);
  const panelButton = useRef<HTMLElement>(null);
  const menus = tree.data ?? [];
  const active = useActiveMenus(menus);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const [open, setOpen] = useState<readonly number[]>([]);
  const [tabStop, setTabStop] = useState<number | null>(null);
  const tops = shownMenus(menus);
  const bar: Bar | undefined = enhanced ? { open, tabStop: tops.some((m) => m.MenuId === tabStop) ? tabStop! : (tops[0]?.MenuId ?? 0) } : undefined;
  // Escape hides the open submenus until the pointer leaves or enters the bar or the focus moves on
  // (WCAG 1.4.13: content shown on hover or focus can be dismissed), and brings the focus back
  // to what opened them: in the bar the entry above; in the phone's panel its 栏目导航 button,
  // since the panel's own entries go with it (the focus on a hidden link falls to the page's body).
  const [dismissed, setDismissed] = useState(false);
  const returningFocus = useRef(false);
  const focusQuietly = (element: HTMLElement | null | undefined) => {
    returningFocus.current = true;
    element?.focus();
    returningFocus.current = false;
  };
  const closePanel = () => {
    if (panel.current) panel.current.open = false;
  };
  const closeOnEscape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    closePanel();
    setDismissed(true);
    const from = e.target as HTMLElement;
    focusQuietly(from.closest(`.${styles.panelDisclosure}`) ? panelButton.current : from.closest(`.${styles.level1} > li`)?.querySelector('a'));
  };

  const onBarKey = (e: KeyboardEvent<HTMLElement>) => {
    const item = (e.target as HTMLElement).closest<HTMLElement>('[role="menuitem"]');
    const menubar = e.currentTarget.querySelector<HTMLElement>('[role="menubar"]');
    if (!item || !menubar || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Tab') {
      // Tab leaves the bar as from its tab stop (the browser moves on from there), every submenu closed.
      setOpen([]);
      focusQuietly(ownersOf(item)[0]);
      return;
    }
    const move = menubarMove(menubar, item, e.key, open.length > 0);
    if (!move) return;
    e.preventDefault();
    // Escape also hides what the pointer shows; anything else the keyboard opens shows over it.
    setDismissed(e.key === 'Escape');
    if (move.follow) item.click();
    flushSync(() => setOpen(move.open.map(menuIdOf)));
    focusQuietly(move.focus);
  };
  const onBarFocus = (e: FocusEvent) => {
    const item = (e.target as HTMLElement).closest<HTMLElement>('[role="menuitem"]');
    if (item) setTabStop(menuIdOf(ownersOf(item)[0] ?? item));
  };
  // Focus gone elsewhere, a link followed by the pointer, or the pointer on another top entry:
  // what the keyboard opened closes.
  const onBarBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) setOpen([]);
  };
  const onBarPointerOver = (e: { target: EventTarget }) => {
    const entry = (e.target as HTMLElement).closest('[role="menubar"] > li')?.firstElementChild;
    if (open.length > 0 && entry instanceof HTMLElement && menuIdOf(entry) !== open[0]) setOpen([]);
  };

  return (
    <nav
      className={styles.bar}
      aria-label="网站导航"
      onKeyDown={closeOnEscape}
      onFocus={() => {
        if (!returningFocus.current) setDismissed(false);
      }}
      onPointerEnter={() => setDismissed(false)}
      onPointerLeave={() => setDismissed(false)}
    >
      <div className={styles.inner}>
        {tree.isPending ? (
          <span className={styles.loading} />
        ) : (
          <>
            <div
              className={`${styles.menu} ${dismissed ? styles.dismissed : ''}`}
              onKeyDown={bar && onBarKey}
              onFocus={bar && onBarFocus}
              onBlur={bar && onBarBlur}
              onPointerOver={bar && onBarPointerOver}
              onClick={bar && ((e) => (e.target as HTMLElement).closest('a') && setOpen([]))}
            >
              <MenuItems menus={menus} depth={1} active={active} bar={bar} label="栏目" />
            </div>
            {/* A disclosure the browser opens by itself, so a phone without JavaScript has the menus too. */}
            <details ref={panel} className={styles.panelDisclosure}>
              <summary ref={panelButton} className={styles.panelButton}>
                <Icon icon={MenuOutlined} /> 栏目导航
              </summary>
              {/* A followed link closes the panel (the page changes under it). */}
              <div className={styles.panel} onClick={(e) => (e.target as HTMLElement).closest('a') && closePanel()}>
                <MenuItems menus={menus} depth={1} active={active} />
              </div>
            </details>
          </>
        )}
      </div>
    </nav>
  );
}
