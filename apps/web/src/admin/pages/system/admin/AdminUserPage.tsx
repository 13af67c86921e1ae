import { useState } from 'react';
import { App, Switch, type TableColumnsType } from 'antd';
import { messages, type AdminUserDto } from '@portal/shared';
import { systemApi, type AdminUserQuery } from '../../../../api/system';
import { twoFactorApi } from '../../../../api/two-factor';
import { useAdminSession, useAuth } from '../../../access/AdminSession';
import { ListPage, listResource, useListPage } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
import { StatusTag } from '../status';
import { AdminUserDialog } from './AdminUserDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';

type Filters = Pick<AdminUserQuery, 'key'>;

const columns = (status: TableColumnsType<AdminUserDto>[number]): TableColumnsType<AdminUserDto> => [
  { title: '账号', dataIndex: 'Account' },
  { title: '姓名', dataIndex: 'FullName' },
  { title: '联系电话', dataIndex: 'Phone', render: (phone: string) => phone || '-' },
  { title: '角色', dataIndex: 'RoleName' },
  status,
  { title: '最后登录', dataIndex: 'LastLoginTime', width: 180, render: (time: string) => time || '-' },
  { title: '创建时间', dataIndex: 'CreateTime', width: 180 },
];

/** The list as `me` sees it, who may not delete their own account. */
const adminUsers = (me: { AdminId: number }, status: TableColumnsType<AdminUserDto>[number]) =>
  listResource<AdminUserDto, Filters>({
    key: [...adminQueryKeys.all, 'adminUsers'],
    fetch: systemApi.adminUsers,
    rowKey: 'AdminId',
    search: [{ kind: 'input', name: 'key', label: '关键字', placeholder: '账号或姓名' }],
    columns: columns(status),
    dialog: AdminUserDialog,
    add: { perm: 'system:admin:add', label: '新增管理员' },
    edit: { perm: 'system:admin:edit' },
    remove: {
      perm: 'system:admin:delete',
      when: (user) => user.AdminId !== me.AdminId,
      question: (user) => `确定删除管理员“${user.Account}”吗？`,
      run: (user) => systemApi.deleteAdminUser(user.AdminId),
    },
    actionsWidth: 300,
  });

/** 管理员 (component system/admin/index): search, add, edit, reset password or second factor, enable or disable, delete. */
export default function AdminUserPage() {
  const { message } = App.useApp();
  const { user: me } = useAdminSession();
  const can = useAuth();
  const [resetting, setResetting] = useState<AdminUserDto | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);

  // The status column switches an account on and off in place: it needs the page's state.
  const resource = adminUsers(me, {
    title: '状态',
    dataIndex: 'Status',
    width: 90,
    render: (status: number, user) =>
      can('system:admin:edit') && user.AdminId !== me.AdminId ? (
        <Switch
          checked={status === 1}
          loading={toggling === user.AdminId}
          checkedChildren="正常"
          unCheckedChildren="停用"
          onChange={(on) => setStatus(user, on)}
          aria-label={`${user.Account}状态`}
        />
      ) : (
        <StatusTag status={status} />
      ),
  });
  const page = useListPage(resource);
  const saveStatus = useAction(
    ({ AdminId, Account, FullName, Phone, RoleId, Status }: AdminUserDto) =>
      systemApi.saveAdminUser({ AdminId, Account, FullName, Phone, RoleId, Status, Password: '' }),
    page.refresh,
  );
  const resetTotp = useAction((user: AdminUserDto) => twoFactorApi.reset(user.AdminId), page.refresh);
  const setStatus = (user: AdminUserDto, enabled: boolean) => {
    setToggling(user.AdminId);
    void saveStatus({ ...user, Status: enabled ? 1 : 0 }).finally(() => setToggling(null));
  };

  return (
    <ListPage
      resource={resource}
      page={page}
      rowActions={[
        { label: '重置密码', perm: 'system:admin:resetPwd', run: setResetting },
        {
          label: '重置二次验证',
          perm: 'system:admin:edit',
          // One's own is turned off from the account menu, with password and code.
          when: (user) => user.AdminId !== me.AdminId,
          confirm: (user) => `确定重置管理员“${user.Account}”的二次验证吗？`,
          confirmDetail: '适用于手机丢失等情况。重置后其需重新绑定身份验证器。',
          run: resetTotp,
        },
      ]}
    >
      <ResetPasswordDialog
        user={resetting}
        onClose={() => setResetting(null)}
        onSaved={() => {
          void message.success(messages.saved);
          setResetting(null);
        }}
      />
    </ListPage>
  );
}
