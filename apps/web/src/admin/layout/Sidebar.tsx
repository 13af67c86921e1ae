import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfigProvider, Layout, Menu, type MenuProps } from 'antd';
import { SystemMenuKind, type SystemMenuDto } from '@portal/shared';
import { colors } from '../../theme';
import { useAdminSession } from '../access/AdminSession';
import { ancestorKeys, directoryKey, homePath, pagePath, sidebarMenus, systemTitle } from '../routes/menuTree';
import { MenuIcon } from './icons';
import styles from './shell.module.css';

type Item = Required<MenuProps>['items'][number];

function toItem(menu: SystemMenuDto): Item {
  const icon = <MenuIcon name={menu.icon} />;
  if (menu.MenuType === SystemMenuKind.Page) return { key: pagePath(menu), icon, label: menu.menuname };
  return { key: directoryKey(menu), icon, label: menu.menuname, children: menu.children.map(toItem) };
}

/** The sidebar's colours: the association's deep blue, the active page in its brighter blue. */
const menuTheme = {
  components: {
    Menu: {
      darkItemBg: colors.primaryDeep,
      darkSubMenuItemBg: '#041f3b',
      darkPopupBg: colors.primaryDeep,
      darkItemSelectedBg: colors.primary,
      darkItemColor: 'rgba(255, 255, 255, 0.75)',
    },
  },
};

interface SidebarProps {
  collapsed: boolean;
  activePath: string;
  /** A page was chosen (the drawer of a narrow screen closes). */
  onNavigate?: () => void;
}

/** The navigation of spec §2: visible, enabled directories and pages; collapsible to icons. */
export function Sidebar({ collapsed, activePath, onNavigate }: SidebarProps) {
  const { menus } = useAdminSession();
  const navigate = useNavigate();
  const tree = useMemo(() => sidebarMenus(menus), [menus]);
  const items = useMemo(() => tree.map(toItem), [tree]);

  // The directories above the open page unfold; the administrator may open or fold others.
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorKeys(tree, activePath) ?? []);
  useEffect(() => {
    const above = ancestorKeys(tree, activePath);
    if (above?.length) setOpenKeys((keys) => [...new Set([...keys, ...above])]);
  }, [tree, activePath]);

  return (
    <Layout.Sider className={styles.sider} collapsed={collapsed} trigger={null} width={220} collapsedWidth={64}>
      <Link className={styles.logo} to={homePath} title={systemTitle} onClick={onNavigate}>
        <img src="/emblem.svg" alt="协会会徽" width={32} height={32} />
        {!collapsed && <span className={styles.logoText}>{systemTitle}</span>}
      </Link>
      <ConfigProvider theme={menuTheme}>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={[activePath]}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          onClick={({ key }) => {
            onNavigate?.();
            void navigate(key);
          }}
          aria-label="后台导航"
        />
      </ConfigProvider>
    </Layout.Sider>
  );
}
