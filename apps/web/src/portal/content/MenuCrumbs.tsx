import type { MenuDto } from '@portal/shared';
import { MenuLink, PageLink } from '../layout';
import styles from './menuCrumbs.module.css';

/**
 * 首页 > menus of the path > a page of ours (`via`) > tail (spec §2 info: 首页 > top menu > menu >
 * 正文). The last entry is not a link. Drawn as antd's Breadcrumb (greys of theme.ts, "/" between entries).
 */
export function MenuCrumbs({ path, via, tail }: { path: readonly MenuDto[]; via?: { title: string; to: string }; tail?: string }) {
  const last = tail ? path.length : path.length - 1;
  const entries = [
    { key: 'home', title: last < 0 ? '首页' : <PageLink to="/home">首页</PageLink> },
    ...path.map((menu, i) => ({ key: menu.MenuId, title: i === last ? menu.Name : <MenuLink menu={menu} /> })),
    ...(via ? [{ key: 'via', title: <PageLink to={via.to}>{via.title}</PageLink> }] : []),
    ...(tail ? [{ key: 'tail', title: tail }] : []),
  ];
  return (
    <nav aria-label="面包屑导航" className={styles.crumbs}>
      <ol>
        {entries.map((entry, i) => (
          <li key={entry.key}>
            {i > 0 && (
              <span className={styles.separator} aria-hidden="true">
                /
              </span>
            )}
            {entry.title}
          </li>
        ))}
      </ol>
    </nav>
  );
}
