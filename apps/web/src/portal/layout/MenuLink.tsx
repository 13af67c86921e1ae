import { PageLink } from './PageLink';
import type { MenuDto } from '@portal/shared';
import { menuHref, opensInNewTab } from './menus';

/**
 * A menu's name linking where the menu leads; a menu with a WebUrl (an address elsewhere or a
 * page of the site such as /certsearch) opens in a new tab, as its menuList page does.
 */
export function MenuLink({ menu, current }: { menu: MenuDto; current?: 'page' | 'true' }) {
  const href = menuHref(menu);
  return opensInNewTab(menu) ? (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-current={current}>
      {menu.Name}
    </a>
  ) : (
    <PageLink to={href} aria-current={current}>
      {menu.Name}
    </PageLink>
  );
}
