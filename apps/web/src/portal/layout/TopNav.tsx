import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ConfigProvider, Drawer, Menu, Skeleton, type MenuProps } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import type { MenuDto } from '@portal/shared';
import { colors } from '../../theme';
import { isExternalHref, menuHref, shownMenus, useMenuTree } from './menus';
import { MenuLink } from './MenuLink';
import { useActiveMenus } from './useActiveMenus';
import styles from './nav.module.css';

type Items = NonNullable<MenuProps['items']>;

/** The navigation shows up to three levels (spec §2 "Header"), and only menus with Status 1. */
const MAX_DEPTH = 3;

/**
 * Menu items from the tree: menus with children become submenus. In the horizontal bar a
 * click on a submenu title goes where the menu lands (its first child or grandchild).
 */
function buildItems(menus: readonly MenuDto[], depth: number, onTitleClick: ((menu: MenuDto) => void) | null, topId: number | null): Items {
  return shownMenus(menus).map((menu) => {
    const children = depth < MAX_DEPTH ? shownMenus(menu.ChildList) : [];
    const className = depth === 1 && menu.MenuId === topId ? styles.active : undefined;
    if (children.length === 0) return { key: String(menu.MenuId), label: <MenuLink menu={menu} />, className };
    return {
      key: String(menu.MenuId),
      label: menu.Name,
      className,
      popupClassName: styles.popup,
      onTitleClick: onTitleClick ? () => onTitleClick(menu) : undefined,
      children: buildItems(children, depth + 1, onTitleClick, topId),
    };
  });
}

/** The blue navigation bar's colours; popups share the bar's blue. */
const navTheme = {
  components: {
    Menu: {
      darkItemBg: colors.primary,
      darkSubMenuItemBg: colors.primary,
      darkPopupBg: colors.primary,
      darkItemColor: 'rgba(255, 255, 255, 0.92)',
      darkItemHoverColor: '#fff',
      darkItemHoverBg: colors.primaryDark,
      darkItemSelectedBg: colors.primaryDark,
      darkItemSelectedColor: '#fff',
      horizontalLineHeight: '52px',
    },
  },
};

/** The top navigation: a horizontal menu on desktops, a drawer behind a menu button on phones. */
export function TopNav() {
  const tree = useMenuTree();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menus = tree.data ?? [];
  const { topId, currentId } = useActiveMenus(menus);
  const selectedKeys = [topId, currentId].filter((id) => id !== null).map(String);

  const go = (menu: MenuDto) => {
    const href = menuHref(menu);
    if (isExternalHref(href)) window.open(href, '_blank', 'noopener');
    else void navigate(href);
  };

  return (
    <ConfigProvider theme={navTheme}>
      <nav className={styles.bar} aria-label="网站导航">
        <div className={styles.inner}>
          {tree.isPending ? (
            <Skeleton.Input active size="small" className={styles.loading} />
          ) : (
            <>
              <Menu
                className={styles.menu}
                mode="horizontal"
                theme="dark"
                items={buildItems(menus, 1, go, topId)}
                selectedKeys={selectedKeys}
                disabledOverflow
              />
              <Button className={styles.drawerButton} type="text" icon={<MenuOutlined aria-hidden />} onClick={() => setDrawerOpen(true)}>
                栏目导航
              </Button>
            </>
          )}
        </div>
      </nav>
      <Drawer title="栏目导航" placement="left" size={280} open={drawerOpen} onClose={() => setDrawerOpen(false)} styles={{ body: { padding: 0 } }}>
        <Menu
          mode="inline"
          theme="dark"
          items={buildItems(menus, 1, null, topId)}
          selectedKeys={selectedKeys}
          onClick={() => setDrawerOpen(false)}
          className={styles.drawerMenu}
        />
      </Drawer>
    </ConfigProvider>
  );
}
