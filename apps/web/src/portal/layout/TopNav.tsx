import { useRef, useState, type KeyboardEvent } from 'react';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import type { MenuDto } from '@portal/shared';
import { Icon } from '../../components/Icon';
import { shownMenus, useMenuTree } from './menus';
import { MenuLink } from './MenuLink';
import { useActiveMenus } from './useActiveMenus';
import styles from './nav.module.css';

/** The navigation shows up to three levels (spec §2 "Header"), and only menus with Status 1. */
const MAX_DEPTH = 3;

interface Active {
  topId: number | null;
  currentId: number | null;
}

/**
 * Menus as nested lists of links. A menu with children links where it lands (its first child or
 * grandchild, menuHref) and carries its children as a nested list: on a desktop a popup shown
 * under the pointer or the keyboard focus, in the phone's panel always open. The current page's
 * link is marked aria-current="page", its top entry aria-current="true".
 */
function MenuItems({ menus, depth, active }: { menus: readonly MenuDto[]; depth: number; active: Active }) {
  return (
    <ul className={depth === 1 ? styles.level1 : styles.popup}>
      {shownMenus(menus).map((menu) => {
        const children = depth < MAX_DEPTH ? shownMenus(menu.ChildList) : [];
        const current =
          menu.MenuId === active.currentId || (depth === 1 && active.currentId === null && menu.MenuId === active.topId)
            ? 'page'
            : depth === 1 && menu.MenuId === active.topId
              ? 'true'
              : undefined;
        return (
          <li key={menu.MenuId} className={children.length > 0 ? styles.parent : undefined}>
            <MenuLink menu={menu} current={current} />
            {children.length > 0 && <MenuItems menus={children} depth={depth + 1} active={active} />}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The top navigation: the menu bar on desktops; on phones a 栏目导航 disclosure opening the same
 * menus as a panel under the bar (closed by a link, the button again or Escape). The disclosure
 * keeps its own open state: closing is done on the element, so it never waits for a state that
 * has not yet heard of the opening (an Escape right after Enter left it open).
 */
export function TopNav() {
  const tree = useMenuTree();
  const panel = useRef<HTMLDetailsElement>(null);
  const panelButton = useRef<HTMLElement>(null);
  const menus = tree.data ?? [];
  const active = useActiveMenus(menus);
  // Escape hides the open submenus until the pointer leaves the bar or the focus moves on
  // (WCAG 1.4.13: content shown on hover or focus can be dismissed), and brings the focus back
  // to what opened them, as the disclosure pattern does: in the bar the top entry; in the
  // phone's panel its 栏目导航 button, since the panel's own entries go with it (the focus on a
  // hidden link falls to the page's body).
  const [dismissed, setDismissed] = useState(false);
  const returningFocus = useRef(false);
  const closePanel = () => {
    if (panel.current) panel.current.open = false;
  };
  const closeOnEscape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    closePanel();
    setDismissed(true);
    const from = e.target as HTMLElement;
    const opener = from.closest(`.${styles.panelDisclosure}`) ? panelButton.current : from.closest(`.${styles.level1} > li`)?.querySelector('a');
    returningFocus.current = true;
    opener?.focus();
    returningFocus.current = false;
  };

  return (
    <nav
      className={styles.bar}
      aria-label="网站导航"
      onKeyDown={closeOnEscape}
      onFocus={() => {
        if (!returningFocus.current) setDismissed(false);
      }}
      onPointerLeave={() => setDismissed(false)}
    >
      <div className={styles.inner}>
        {tree.isPending ? (
          <span className={styles.loading} />
        ) : (
          <>
            <div className={`${styles.menu} ${dismissed ? styles.dismissed : ''}`}>
              <MenuItems menus={menus} depth={1} active={active} />
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
