import { matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router';
import { HOME_PATH, sitePages } from '@portal/shared';
import { PortalLayout } from './portal/PortalLayout';
import { shellData, type PageData, type PageHandle } from './portal/pageData';

/**
 * The back office sits under a route that draws antd's providers (AntdScope) around it, outside
 * the portal's shell: its module loads with the shell's, so antd stays out of the public pages
 * and the sign-in page. Public pages draw their antd parts (member dialogs, the member area's
 * lists) with AntdPart (components/OnDemand.tsx).
 */
function backOfficeScope() {
  return import('./AntdScope').then(({ AntdScope }) => ({
    element: (
      <AntdScope standalone>
        <Outlet />
      </AntdScope>
    ),
  }));
}

/** A route's declared data (portal/pageData.ts), which the server loads before drawing its page. */
const declares = (data: PageData): PageHandle => ({ data });

/**
 * Routes of spec §2, shared by the browser (main.tsx) and the server renderer (entry-server.tsx).
 * The back office lives under /System; its pages come from the server's menus.
 *
 * Every page is its own chunk (React Router's `lazy`), so a visitor downloads the page they open
 * and not the whole site: the back office's sign-in and shell never reach the public pages, and
 * the portal's shell never reaches /login. The public shell (PortalLayout) stays in the entry:
 * every public page needs it, and loading it with the entry saves a round trip.
 *
 * A public route's `handle` declares the data its page draws from: the shell's on the layout,
 * each page's own set by its route's `lazy` from the page's module, so that a page's declaration
 * and the API modules it names load with that page and not in the entry (the server's handler and
 * loadRoutesFor resolve a matched route's `lazy` before the server reads its `handle`). A page that
 * declares none draws from the shell's alone. The paths are the page table's (@portal/shared
 * pages.ts), from which the server answers each page's status and head and lists the sitemap
 * (router.test.ts keeps the two in step).
 */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={HOME_PATH} replace /> },
  {
    element: <PortalLayout />,
    handle: declares(shellData),
    children: [
      { path: sitePages.home.path, lazy: () => import('./portal/pages/HomePage').then((m) => ({ Component: m.HomePage, handle: declares(m.homeData) })) },
      {
        path: sitePages.menuList.path,
        lazy: () => import('./portal/pages/MenuListPage').then((m) => ({ Component: m.MenuListPage, handle: declares(m.menuListData) })),
      },
      { path: sitePages.info.path, lazy: () => import('./portal/pages/InfoPage').then((m) => ({ Component: m.InfoPage, handle: declares(m.infoData) })) },
      {
        path: sitePages.search.path,
        lazy: () => import('./portal/pages/SearchPage').then((m) => ({ Component: m.SearchPage, handle: declares(m.searchData) })),
      },
      { path: sitePages.certificates.path, lazy: () => import('./portal/pages/CertSearchPage').then((m) => ({ Component: m.CertSearchPage })) },
      { path: sitePages.accessibility.path, lazy: () => import('./portal/pages/AccessibilityPage').then((m) => ({ Component: m.AccessibilityPage })) },
      {
        path: sitePages.privacy.path,
        lazy: () => import('./portal/pages/PrivacyPage').then((m) => ({ Component: m.PrivacyPage, handle: declares(m.privacyData) })),
      },
      {
        path: sitePages.electionResult.path,
        lazy: () => import('./portal/elections/ElectionResultPage').then((m) => ({ Component: m.ElectionResultPage, handle: declares(m.electionResultData) })),
      },
      {
        path: sitePages.directory.path,
        lazy: () => import('./portal/directory/DirectoryPage').then((m) => ({ Component: m.DirectoryPage, handle: declares(m.directoryData) })),
      },
      { path: sitePages.form.path, lazy: () => import('./portal/forms/FormPage').then((m) => ({ Component: m.FormPage, handle: declares(m.formData) })) },
      {
        path: sitePages.messages.path,
        lazy: () => import('./portal/messages/MessagesPage').then((m) => ({ Component: m.MessagesPage, handle: declares(m.messagesData) })),
      },
      {
        path: sitePages.messageAnswer.path,
        lazy: () => import('./portal/messages/MessageAnswerPage').then((m) => ({ Component: m.MessageAnswerPage, handle: declares(m.messageAnswerData) })),
      },
      { path: sitePages.contribute.path, lazy: () => import('./portal/pages/ContributePage').then((m) => ({ Component: m.ContributePage })) },
      { path: sitePages.activities.path, lazy: () => import('./portal/activity/ActivityPages').then((m) => ({ Component: m.MyActivitiesPage })) },
      { path: sitePages.membership.path, lazy: () => import('./portal/membership/MembershipPage').then((m) => ({ Component: m.MembershipPage })) },
      { path: sitePages.memberCard.path, lazy: () => import('./portal/member-card/MemberCardPage').then((m) => ({ Component: m.MemberCardPage })) },
      { path: sitePages.myForms.path, lazy: () => import('./portal/forms/MyFormsPage').then((m) => ({ Component: m.MyFormsPage })) },
      { path: sitePages.elections.path, lazy: () => import('./portal/elections/MyElectionsPage').then((m) => ({ Component: m.MyElectionsPage })) },
      { path: sitePages.inbox.path, lazy: () => import('./portal/inbox/InboxPage').then((m) => ({ Component: m.InboxPage })) },
      { path: sitePages.consents.path, lazy: () => import('./portal/privacy/ConsentsPage').then((m) => ({ Component: m.ConsentsPage })) },
      { path: sitePages.myData.path, lazy: () => import('./portal/privacy/MyDataPage').then((m) => ({ Component: m.MyDataPage })) },
      { path: sitePages.holderRights.path, lazy: () => import('./portal/privacy/HolderRightsPage').then((m) => ({ Component: m.HolderRightsPage })) },
      {
        path: sitePages.mailPreferences.path,
        lazy: () => import('./portal/mailings/MailPreferencesPage').then((m) => ({ Component: m.MailPreferencesPage })),
      },
      { path: sitePages.activity.path, lazy: () => import('./portal/activity/ActivityPages').then((m) => ({ Component: m.MyActivityPage })) },
      { path: sitePages.checkIn.path, lazy: () => import('./portal/activity/ActivityPages').then((m) => ({ Component: m.SelfCheckInPage })) },
      {
        path: sitePages.unsubscribe.path,
        lazy: () => import('./portal/mailings/UnsubscribePage').then((m) => ({ Component: m.UnsubscribePage, handle: declares(m.unsubscribeData) })),
      },
    ],
  },
  { path: sitePages.login.path, lazy: () => import('./admin/AdminLoginPage').then((m) => ({ Component: m.AdminLoginPage })) },
  {
    lazy: backOfficeScope,
    children: [{ path: sitePages.backOffice.path, lazy: () => import('./admin/AdminShell').then((m) => ({ Component: m.AdminShell })) }],
  },
  { path: '/404', lazy: notFound },
  { path: '*', lazy: notFound },
];

function notFound() {
  return import('./portal/pages/NotFoundPage').then((m) => ({ Component: m.NotFoundPage }));
}

/**
 * Loads the page modules an address needs before its first render. Hydration must draw exactly
 * what the server drew: a route still loading would render nothing (a flash, and a hydration
 * mismatch). The server calls it before rendering, the browser before hydrating; later
 * navigations load their pages through the router as usual.
 */
export async function loadRoutesFor(location: string | URL | Location): Promise<void> {
  const { pathname } = typeof location === 'string' ? new URL(location, 'http://localhost') : location;
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
