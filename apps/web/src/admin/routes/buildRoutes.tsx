import { Navigate, Outlet, type RouteObject } from 'react-router';
import { isPermission, SystemMenuKind, type SystemMenuDto } from '@portal/shared';
import { useAuth } from '../access/AdminSession';
import { Forbidden, NotFound, UnderConstruction } from '../access/ShellResults';
import { homePath, notFoundTitle, routableMenus, routePath, shellBase } from './menuTree';
import { viewKey, views } from './views';

/** What the shell reads from a matched route: its title (tabs, breadcrumb). */
export interface RouteHandle {
  title: string;
  /** Set on pages only: the route a tab is opened for. */
  page?: true;
}

/** One page (loaded lazily; the shell's Suspense shows the wait): its view when the administrator holds the page's permission, else 无权限. */
function PageView({ component, perms }: { component: string; perms: string }) {
  const can = useAuth();
  if (perms && (!isPermission(perms) || !can(perms))) return <Forbidden />;
  const key = viewKey(component);
  const View = views[key];
  if (!View) return <UnderConstruction componentKey={key} />;
  return <View />;
}

function toRoute(menu: SystemMenuDto): RouteObject | null {
  const handle: RouteHandle = { title: menu.menuname };
  if (menu.MenuType === SystemMenuKind.Page) {
    return {
      path: routePath(menu),
      element: <PageView component={menu.component} perms={menu.perms} />,
      handle: { ...handle, page: true },
    };
  }
  const children = menu.children.map(toRoute).filter((r) => r !== null);
  // A directory is a layout group: it adds its title to the breadcrumb and renders its page.
  return children.length ? { element: <Outlet />, handle, children } : null;
}

/**
 * The shell's routes from the server's menu tree (spec §2): directories become layout groups,
 * pages lazily loaded views, buttons are dropped. /System lands on 工作台; any other address
 * is not one of this administrator's pages and shows 页面不存在 (whether a page exists that
 * they may not open is not theirs to learn).
 */
export function buildRoutes(tree: readonly SystemMenuDto[]): RouteObject[] {
  return [
    { index: true, element: <Navigate to={homePath} replace /> },
    ...routableMenus(tree)
      .map(toRoute)
      .filter((r) => r !== null),
    { path: '*', element: <NotFound />, handle: { title: notFoundTitle } satisfies RouteHandle },
  ];
}

/** The part of an address the shell's routes match (they are relative to /System). */
export const shellRelative = (pathname: string) => pathname.slice(shellBase.length) || '/';
