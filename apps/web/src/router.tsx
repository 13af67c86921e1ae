import { Navigate, type RouteObject } from 'react-router';
import { PortalLayout } from './portal/PortalLayout';
import { HomePage } from './portal/pages/HomePage';
import { MenuListPage } from './portal/pages/MenuListPage';
import { InfoPage } from './portal/pages/InfoPage';
import { SearchPage } from './portal/pages/SearchPage';
import { ContributePage } from './portal/pages/ContributePage';
import { CertSearchPage } from './portal/pages/CertSearchPage';
import { NotFoundPage } from './portal/pages/NotFoundPage';
import { MyActivitiesPage, MyActivityPage } from './portal/activity/ActivityPages';
import { AdminLoginRoute, AdminShellRoute } from './admin/entry';

/**
 * Routes of spec §2, shared by the browser (main.tsx) and the server renderer (entry-server.tsx).
 * The back office lives under /System; its pages come from the server's menus.
 */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/home" replace /> },
  {
    element: <PortalLayout />,
    children: [
      { path: '/home', element: <HomePage /> },
      { path: '/menuList', element: <MenuListPage /> },
      { path: '/info', element: <InfoPage /> },
      { path: '/searchKey', element: <SearchPage /> },
      { path: '/contribute', element: <ContributePage /> },
      { path: '/certsearch', element: <CertSearchPage /> },
      { path: '/member/activity', element: <MyActivitiesPage /> },
      { path: '/member/activity/:id', element: <MyActivityPage /> },
    ],
  },
  { path: '/login', element: <AdminLoginRoute /> },
  { path: '/System/*', element: <AdminShellRoute /> },
  { path: '/404', element: <NotFoundPage /> },
  { path: '*', element: <NotFoundPage /> },
];
