import { Suspense, useEffect, useMemo, useState } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Drawer, Layout, Spin } from 'antd';
import { useAdminSession } from '../access/AdminSession';
import { buildRoutes, shellRelative, type RouteHandle } from '../routes/buildRoutes';
import { HeaderBar } from './HeaderBar';
import { Sidebar } from './Sidebar';
import { TagsBar } from './TagsBar';
import { useVisitedTags } from './useVisitedTags';
import { useNarrowScreen } from './useNarrowScreen';
import { tagPathOf } from './tags';
import { systemTitle } from '../routes/menuTree';
import { adminQueryKeys } from '../session/queries';
import styles from './shell.module.css';

const collapsedKey = 'adminSiderCollapsed';

/** The signed-in administrator and their menus: a page refresh leaves them be. */
const isSessionQuery = (key: QueryKey) => adminQueryKeys.session.every((part, i) => key[i] === part);

/**
 * The back-office frame (spec §2): sidebar, header with breadcrumb and account actions, tabs
 * of visited pages, and the page the server's routes resolve the address to.
 */
export function ShellLayout() {
  const { menus } = useAdminSession();
  const routes = useMemo(() => buildRoutes(menus), [menus]);
  const page = useRoutes(routes);
  const { pathname } = useLocation();

  const relative = shellRelative(pathname);
  const activePath = tagPathOf(pathname);
  const handles = (matchRoutes(routes, relative) ?? []).map((m) => m.route.handle as RouteHandle | undefined).filter((h) => h !== undefined);
  const leaf = handles.at(-1);
  const { tags, close, closeMany } = useVisitedTags(leaf?.page ? { path: activePath, title: leaf.title } : null);

  // The browser tab names the page (`<page> · 后台管理系统`), so several open back-office tabs
  // can be told apart; leaving the shell (logout) puts the previous title back.
  const pageTitle = leaf?.title;
  useEffect(() => {
    if (!pageTitle) return;
    const before = document.title;
    document.title = `${pageTitle} · ${systemTitle}`;
    return () => {
      document.title = before;
    };
  }, [pageTitle]);

  // 刷新 (tab menu): everything but the session is marked stale, and the page is mounted anew
  // so its queries load again and its forms and dialogs start over.
  const queryClient = useQueryClient();
  const [generation, setGeneration] = useState(0);
  const refresh = () => {
    void queryClient.invalidateQueries({ predicate: (q) => !isSessionQuery(q.queryKey), refetchType: 'none' });
    setGeneration((g) => g + 1);
  };

  // A wide window keeps the sidebar beside the page, folded to icons when chosen so (remembered).
  // Narrower than antd's md (a phone, a narrowed window) it is a drawer over the page, closed
  // until asked for and again once a page is chosen, and never remembered open: beside the page
  // it left a phone's page a third of the screen.
  const narrow = useNarrowScreen();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(collapsedKey) === '1');
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setDrawerOpen(false), [activePath, narrow]);
  const toggle = () => {
    if (narrow) return setDrawerOpen(!drawerOpen);
    localStorage.setItem(collapsedKey, collapsed ? '0' : '1');
    setCollapsed(!collapsed);
  };
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <Layout className={styles.shell}>
      {narrow ? (
        <Drawer open={drawerOpen} onClose={closeDrawer} placement="left" size={220} closable={false} classNames={{ body: styles.drawerBody }} aria-label="导航">
          <Sidebar collapsed={false} activePath={activePath} onNavigate={closeDrawer} />
        </Drawer>
      ) : (
        <Sidebar collapsed={collapsed} activePath={activePath} />
      )}
      <Layout className={styles.main}>
        <HeaderBar collapsed={narrow ? !drawerOpen : collapsed} onToggle={toggle} crumbs={handles.map((h) => h.title)} />
        <TagsBar tags={tags} activePath={activePath} onClose={close} onCloseMany={closeMany} onRefresh={refresh} />
        <Layout.Content className={styles.content}>
          <Suspense key={generation} fallback={<Spin className={styles.pageLoading} />}>
            {page}
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
