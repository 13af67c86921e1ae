import { useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { MenuDto } from '@portal/shared';
import { portalQueries } from '../queries';
import { activeMenuOf } from '../pageData';
import { isHomeMenu } from './menus';

/**
 * Which navigation entries are active (spec §2 "Header"): the home item on /home; on
 * menuList and info the top-level ancestor of MenuId, as GetMenuTreeModel answers it,
 * plus the menu itself so open submenus show where the visitor is.
 */
export function useActiveMenus(tree: readonly MenuDto[]): { topId: number | null; currentId: number | null } {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const menuId = activeMenuOf(pathname, params);
  const root = useQuery({ ...portalQueries.menuRoot(menuId ?? 0), enabled: menuId !== undefined });

  if (pathname.toLowerCase() === '/home') return { topId: tree.find(isHomeMenu)?.MenuId ?? null, currentId: null };
  if (menuId === undefined) return { topId: null, currentId: null };
  return { topId: root.data?.MenuId ?? null, currentId: menuId };
}
