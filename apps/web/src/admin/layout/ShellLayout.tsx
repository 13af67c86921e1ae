import { Suspense, useMemo, useState } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router';
import { Layout, Spin } from 'antd';
import { useAdminSession } from '../access/AdminSession';
import { buildRoutes, shellRelative, type RouteHandle } from '../routes/buildRoutes';
import { HeaderBar } from './HeaderBar';
import { Sidebar } from './Sidebar';
import { TagsBar } from './TagsBar';
import { useVisitedTags } from './useVisitedTags';
import { tagPathOf } from './tags';
import styles from './shell.module.css';

const collapsedKey = 'adminSiderCollapsed';

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
  const { tags, close } = useVisitedTags(leaf?.page ? { path: activePath, title: leaf.title } : null);

  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(collapsedKey) === '1');
  const toggle = () => {
    localStorage.setItem(collapsedKey, collapsed ? '0' : '1');
    setCollapsed(!collapsed);
  };

  return (
    <Layout className={styles.shell}>
      <Sidebar collapsed={collapsed} activePath={activePath} />
      <Layout className={styles.main}>
        <HeaderBar collapsed={collapsed} onToggle={toggle} crumbs={handles.map((h) => h.title)} />
        <TagsBar tags={tags} activePath={activePath} onClose={close} />
        <Layout.Content className={styles.content}>
          <Suspense fallback={<Spin className={styles.pageLoading} />}>{page}</Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
