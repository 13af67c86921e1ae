import type { AnchorHTMLAttributes } from 'react';
import { PageLink } from './PageLink';
import type { MenuDto } from '@portal/shared';
import { menuHref, opensInNewTab } from './menus';

type MenuLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'aria-current'> & {
  menu: MenuDto;
  current?: 'page' | 'true';
};

/**
 * A menu's name linking where the menu leads; a menu with a WebUrl (an address elsewhere or a
 * page of the site such as /certsearch) opens in a new tab, as its menuList page does. Other
 * attributes (the menu bar's role and tab stop) go to the link.
 */
export function MenuLink({ menu, current, ...anchor }: MenuLinkProps) {
  const href = menuHref(menu);
  return opensInNewTab(menu) ? (
    <a {...anchor} href={href} target="_blank" rel="noopener noreferrer" aria-current={current}>
      {menu.Name}
    </a>
  ) : (
    <PageLink {...anchor} to={href} aria-current={current}>
      {menu.Name}
    </PageLink>
  );
}
