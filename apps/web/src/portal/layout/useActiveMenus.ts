import { useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { MenuDto } from '@portal/shared';
import { contentApi } from '../../api/content';
import { isHomeMenu } from './menus';

/** Pages whose MenuId query parameter decides the highlighted navigation item. */
const menuPages = new Set(['/menulist', '/info']);

/**
 * Which navigation entries are active (spec §2 "Header"): the home item on /home; on
 * menuList and info the top-level ancestor of MenuId, as GetMenuTreeModel answers it,
 * plus the menu itself so open submenus show where the visitor is.
 */
export function useActiveMenus(tree: readonly MenuDto[]): { topId: number | null; currentId: number | null } {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const path = pathname.toLowerCase();
  const menuId = Number(params.get('MenuId'));
  const onMenuPage = menuPages.has(path) && Number.isInteger(menuId) && menuId > 0;
  const root = useQuery({
    queryKey: ['menuRoot', menuId],
    queryFn: () => contentApi.menuRoot(menuId),
    enabled: onMenuPage,
    staleTime: Infinity,
    retry: false,
  });

  if (path === '/home') return { topId: tree.find(isHomeMenu)?.MenuId ?? null, currentId: null };
  if (!onMenuPage) return { topId: null, currentId: null };
  return { topId: root.data?.MenuId ?? null, currentId: menuId };
}
