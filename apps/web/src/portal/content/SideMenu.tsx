import { useState, type CSSProperties } from 'react';
import type { MenuDto } from '@portal/shared';
import { MenuLink, shownMenus } from '../layout';
import { SkeletonRows } from '../../components/Skeleton';
import styles from './sideMenu.module.css';

/** Rows are indented 24 px per level. */
const indent = (depth: number) => ({ '--indent': `${24 * depth}px` }) as CSSProperties;

/** A menu with children: its name toggles them (open at first, as the section's map). */
function Submenu({ menu, currentId, depth }: { menu: MenuDto; currentId: number | undefined; depth: number }) {
  const [open, setOpen] = useState(true);
  return (
    <li style={indent(depth)}>
      <button type="button" className={styles.entry} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {menu.Name}
        <span className={styles.chevron} aria-hidden="true" />
      </button>
      {open && <Entries menus={menu.ChildList} currentId={currentId} depth={depth + 1} />}
    </li>
  );
}

function Entries({ menus, currentId, depth }: { menus: readonly MenuDto[]; currentId: number | undefined; depth: number }) {
  return (
    <ul className={depth > 1 ? styles.nested : styles.entries}>
      {shownMenus(menus).map((menu) =>
        shownMenus(menu.ChildList).length > 0 ? (
          <Submenu key={menu.MenuId} menu={menu} currentId={currentId} depth={depth} />
        ) : (
          <li key={menu.MenuId} className={styles.link} style={indent(depth)}>
            <MenuLink menu={menu} current={menu.MenuId === currentId ? 'page' : undefined} />
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * The left column of a menu list: the section's name over its menus, full-width rows with the
 * current one tinted (as antd's inline Menu did). Hidden on phones, where SectionSelect stands in.
 */
export function SideMenu({ title, menus, currentId }: { title: string | undefined; menus: readonly MenuDto[]; currentId: number | undefined }) {
  return (
    <aside className={styles.side}>
      <h2 className={styles.heading}>{title ?? '\u00a0'}</h2>
      {title === undefined ? (
        <SkeletonRows rows={4} className={styles.loading} />
      ) : (
        <nav aria-label={`${title}栏目`}>
          <Entries menus={menus} currentId={currentId} depth={1} />
        </nav>
      )}
    </aside>
  );
}
