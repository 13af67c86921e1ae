import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import type { MenuDto } from '@portal/shared';
import { MenuLink } from '../layout';

/** 首页 > menus of the path > tail (spec §2 info: 首页 > top menu > menu > 正文). The last entry is not a link. */
export function MenuCrumbs({ path, tail }: { path: readonly MenuDto[]; tail?: string }) {
  const last = tail ? path.length : path.length - 1;
  return (
    <Breadcrumb
      aria-label="面包屑导航"
      items={[
        { key: 'home', title: last < 0 ? '首页' : <Link to="/home">首页</Link> },
        ...path.map((menu, i) => ({ key: menu.MenuId, title: i === last ? menu.Name : <MenuLink menu={menu} /> })),
        ...(tail ? [{ key: 'tail', title: tail }] : []),
      ]}
    />
  );
}
