import { useNavigate } from 'react-router';
import type { MenuDto } from '@portal/shared';
import { menuHref, opensInNewTab, shownMenus } from '../layout';
import styles from './content.module.css';

/** The visible menus of a section in reading order, each with its depth (children indented). */
function flatten(menus: readonly MenuDto[], depth = 0): { menu: MenuDto; depth: number }[] {
  return shownMenus(menus).flatMap((menu) => [{ menu, depth }, ...flatten(menu.ChildList, depth + 1)]);
}

/**
 * The side menu on a phone: one compact native select above the list (shown by CSS below
 * 900 px, where the side column would push the content a screen down). Choosing a menu opens
 * it as the side menu's link would.
 */
export function SectionSelect({ menus, currentId }: { menus: readonly MenuDto[]; currentId: number }) {
  const navigate = useNavigate();
  const entries = flatten(menus);
  if (entries.length < 2) return null;
  const open = (id: number) => {
    const menu = entries.find((e) => e.menu.MenuId === id)?.menu;
    if (!menu) return;
    const href = menuHref(menu);
    if (opensInNewTab(menu)) window.open(href, '_blank', 'noopener');
    else void navigate(href);
  };
  return (
    <select
      className={styles.sectionSelect}
      aria-label="本栏目导航"
      value={entries.some((e) => e.menu.MenuId === currentId) ? currentId : undefined}
      onChange={(e) => open(Number(e.target.value))}
    >
      {entries.map(({ menu, depth }) => (
        <option key={menu.MenuId} value={menu.MenuId}>
          {'\u3000'.repeat(depth)}
          {menu.Name}
        </option>
      ))}
    </select>
  );
}
