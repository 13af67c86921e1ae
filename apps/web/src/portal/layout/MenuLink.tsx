import { Link } from 'react-router';
import type { MenuDto } from '@portal/shared';
import { isExternalHref, menuHref } from './menus';

/** A menu's name linking where the menu leads; an external address opens in a new tab. */
export function MenuLink({ menu, current }: { menu: MenuDto; current?: 'page' | 'true' }) {
  const href = menuHref(menu);
  return isExternalHref(href) ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {menu.Name}
    </a>
  ) : (
    <Link to={href} aria-current={current}>
      {menu.Name}
    </Link>
  );
}
