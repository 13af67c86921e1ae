import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MenuShowType, messages, paging, type MenuDto } from '@portal/shared';
import { portalQueries } from '../queries';
import { isPositiveId, listPageOf, read, type PageData } from '../pageData';
import { shownMenus, useMenuTree } from '../layout';
import { SkeletonRows } from '../../components/Skeleton';
import { ContentPage, Panel } from '../content/ContentPage';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { NewsList } from '../content/NewsList';
import { ListPagination } from '../content/ListPagination';
import { ArticleBody } from '../content/ArticleBody';
import { EmptyState } from '../content/EmptyState';
import { findMenuPath } from '../content/menuPath';
import { usePageParam } from '../content/usePageParam';
import { SectionSelect } from '../content/SectionSelect';
import { SideMenu } from '../content/SideMenu';
import styles from '../content/content.module.css';
import { usePageTitle } from '../content/usePageTitle';

/** The menus of a section: the children of its top-level menu (the top menu itself when it has none). */
const sectionMenus = (top: MenuDto) => (shownMenus(top.ChildList).length > 0 ? top.ChildList : [top]);

/** A single-page menu (ShowType 1): its body is the first list entry's NewContent. */
function SinglePage({ menuId }: { menuId: number }) {
  const entry = useQuery(portalQueries.singlePage(menuId));
  if (entry.isPending) return <SkeletonRows rows={8} />;
  const html = entry.data?.List[0]?.NewContent;
  return html ? <ArticleBody html={html} /> : <EmptyState />;
}

/** A list menu: title and date, 5 per page (spec §9), page number kept in the address. */
function MenuNews({ menuId }: { menuId: number }) {
  const [page] = usePageParam();
  const list = useQuery({ ...portalQueries.menuNews(menuId, page), placeholderData: keepPreviousData });
  if (list.isPending) return <SkeletonRows rows={6} />;
  if (!list.data?.List.length) return <EmptyState />;
  return (
    <>
      <NewsList items={list.data.List} />
      <ListPagination pageSize={paging.menuNews} total={list.data.TotalCount} />
    </>
  );
}

/**
 * A menu that links elsewhere (its detail has a WebUrl) opens that address in a new window and
 * this page steps back (spec §2 menuList); in a tab with nothing to step back to, it goes home.
 */
function useLeaveForWebUrl(menu: MenuDto | undefined) {
  const navigate = useNavigate();
  // Once per menu: StrictMode runs effects twice, and a second window would be a bug.
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (!menu?.WebUrl || opened.current === menu.MenuId) return;
    opened.current = menu.MenuId;
    window.open(menu.WebUrl, '_blank', 'noopener');
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/home', { replace: true });
  }, [menu, navigate]);
}

export function MenuListPage() {
  const [params] = useSearchParams();
  const menuId = Number(params.get('MenuId'));
  const validId = isPositiveId(menuId);
  const tree = useMenuTree();
  const menu = useQuery({ ...portalQueries.menu(menuId), enabled: validId });
  useLeaveForWebUrl(menu.data);

  const path = findMenuPath(tree.data ?? [], menuId);
  const current = path.at(-1) ?? menu.data;
  const top = path[0] ?? menu.data;
  usePageTitle(current?.Name);

  if (!validId || (menu.isError && !current)) {
    return (
      <ContentPage>
        <Panel title={messages.menuNotFound} crumbs={<MenuCrumbs path={[]} />}>
          <EmptyState />
        </Panel>
      </ContentPage>
    );
  }

  // The tree already knows the menu's ShowType: the body need not wait for the detail.
  const shown = menu.data ?? current;
  let body;
  if (menu.isError) body = <EmptyState />;
  else if (!shown) body = <SkeletonRows rows={6} />;
  else if (shown.ShowType === MenuShowType.SinglePage) body = <SinglePage key={menuId} menuId={menuId} />;
  else body = <MenuNews key={menuId} menuId={menuId} />;

  return (
    <ContentPage>
      <div className={styles.columns}>
        {/* Remounted per section, so its submenus start open. */}
        <SideMenu key={top?.MenuId} title={top?.Name} menus={top ? sectionMenus(top) : []} currentId={current?.MenuId ?? menuId} />
        <div className={styles.main}>
          <Panel title={current?.Name ?? '\u00a0'} crumbs={<MenuCrumbs path={path.length > 0 ? path : current ? [current] : []} />}>
            {top && <SectionSelect menus={sectionMenus(top)} currentId={menuId} />}
            {body}
          </Panel>
        </div>
      </div>
    </ContentPage>
  );
}

/** /menuList: the menu, then its body: a single-page menu's entry or a page of its list, as its ShowType says (from its detail, else the tree). */
export const menuListData: PageData = ({ params }) => {
  const menuId = Number(params.get('MenuId'));
  if (!isPositiveId(menuId)) return { queries: [] };
  const menu = portalQueries.menu(menuId);
  return {
    queries: [read(menu)],
    following: (client) => {
      if (client.getQueryState(menu.queryKey)?.status === 'error') return [];
      const shown = client.getQueryData(menu.queryKey) ?? findMenuPath(client.getQueryData(portalQueries.menuTree().queryKey) ?? [], menuId).at(-1);
      if (!shown) return [];
      return [shown.ShowType === MenuShowType.SinglePage ? read(portalQueries.singlePage(menuId)) : read(portalQueries.menuNews(menuId, listPageOf(params)))];
    },
  };
};
