import { useState } from 'react';
import { Breadcrumb, Button, Dropdown, Layout } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  DownOutlined,
  GlobalOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { SizeSelector } from '../../portal/layout/SizeSelector';
import { useAdminSession } from '../access/AdminSession';
import { adminQueryKeys } from '../session/queries';
import { NoticeBell } from './NoticeBell';
import { PasswordDialog } from './PasswordDialog';
import { TwoFactorDialog } from './two-factor/TwoFactorDialog';
import { useLogout } from './useLogout';
import styles from './shell.module.css';

interface HeaderBarProps {
  collapsed: boolean;
  onToggle: () => void;
  /** Titles of the matched routes, outermost first. */
  crumbs: string[];
}

/** The shell's header (spec §2): navigation toggle, breadcrumb, size selector, notices, the account with password change, second factor and logout. */
export function HeaderBar({ collapsed, onToggle, crumbs }: HeaderBarProps) {
  const { user } = useAdminSession();
  const logout = useLogout();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const queryClient = useQueryClient();

  return (
    <Layout.Header className={styles.header}>
      <Button
        type="text"
        className={styles.toggle}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        aria-label={collapsed ? '展开导航' : '收起导航'}
        aria-expanded={!collapsed}
      />
      <Breadcrumb className={styles.breadcrumb} items={crumbs.map((title) => ({ title }))} aria-label="面包屑" />
      <div className={styles.headerActions}>
        <a className={styles.headerAction} href="/home" target="_blank" rel="noreferrer" aria-label="网站首页">
          <GlobalOutlined /> <span className={styles.siteLabel}>网站首页</span>
        </a>
        <SizeSelector className={styles.headerAction} />
        <NoticeBell />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'password', icon: <KeyOutlined />, label: '修改密码' },
              { key: 'twoFactor', icon: <SafetyOutlined />, label: user.TotpEnabled ? '二次验证（已开启）' : '开启二次验证' },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
            ],
            onClick: ({ key }) => {
              if (key === 'password') setPasswordOpen(true);
              else if (key === 'twoFactor') setTwoFactorOpen(true);
              else void logout();
            },
          }}
        >
          <button type="button" className={styles.headerAction} aria-label="账号菜单">
            <span className={styles.avatar}>
              <UserOutlined />
            </span>
            {/* Spec §2 shows the account name; the full name beside it says who that is. */}
            <span className={styles.account}>{user.Account}</span>
            {user.FullName && user.FullName !== user.Account && <span className={styles.fullName}>{user.FullName}</span>}
            <DownOutlined style={{ fontSize: 10 }} />
          </button>
        </Dropdown>
      </div>
      <PasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} account={user.Account} />
      <TwoFactorDialog
        open={twoFactorOpen}
        account={user.Account}
        enabled={user.TotpEnabled}
        required={user.TotpRequired}
        onClose={() => setTwoFactorOpen(false)}
        onChanged={() => {
          setTwoFactorOpen(false);
          void queryClient.invalidateQueries({ queryKey: adminQueryKeys.session });
        }}
      />
    </Layout.Header>
  );
}
