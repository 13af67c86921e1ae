import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Switch, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { messages, type AdminUserDto } from '@portal/shared';
import { systemApi, type AdminUserQuery } from '../../../../api/system';
import { DataTable, usePagedList } from '../../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../../components/SearchForm';
import { Auth, useAdminSession, useAuth } from '../../../access/AdminSession';
import { Panel } from '../../../layout/Panel';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
import { StatusTag } from '../status';
import { AdminUserDialog } from './AdminUserDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';

type Filters = Pick<AdminUserQuery, 'key'>;
const listKey = [...adminQueryKeys.all, 'adminUsers'];
const searchFields: SearchField<Filters>[] = [{ kind: 'input', name: 'key', label: '关键字', placeholder: '账号或姓名' }];

/** 管理员 (component system/admin/index): search, add, edit, reset password, enable or disable, delete. */
export default function AdminUserPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { user: me } = useAdminSession();
  const can = useAuth();
  const list = usePagedList<AdminUserDto, Filters>(listKey, systemApi.adminUsers, {});
  const [editing, setEditing] = useState<AdminUserDto | 'new' | null>(null);
  const [resetting, setResetting] = useState<AdminUserDto | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: listKey });

  const saveStatus = useAction(
    ({ AdminId, Account, FullName, Phone, RoleId, Status }: AdminUserDto) =>
      systemApi.saveAdminUser({ AdminId, Account, FullName, Phone, RoleId, Status, Password: '' }),
    refresh,
  );
  const setStatus = (user: AdminUserDto, enabled: boolean) => {
    setToggling(user.AdminId);
    void saveStatus({ ...user, Status: enabled ? 1 : 0 }).finally(() => setToggling(null));
  };

  const remove = useAction((user: AdminUserDto) => systemApi.deleteAdminUser(user.AdminId), refresh);

  const columns: TableColumnsType<AdminUserDto> = [
    { title: '账号', dataIndex: 'Account' },
    { title: '姓名', dataIndex: 'FullName' },
    { title: '联系电话', dataIndex: 'Phone', render: (phone: string) => phone || '-' },
    { title: '角色', dataIndex: 'RoleName' },
    {
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
    },
    { title: '最后登录', dataIndex: 'LastLoginTime', width: 180, render: (time: string) => time || '-' },
    { title: '创建时间', dataIndex: 'CreateTime', width: 180 },
    {
      title: '操作',
      key: 'actions',
      width: 210,
      fixed: 'right',
      render: (_, user) => (
        <Space size={4}>
          <Auth perm="system:admin:edit">
            <Button type="link" size="small" onClick={() => setEditing(user)}>
              修改
            </Button>
          </Auth>
          <Auth perm="system:admin:resetPwd">
            <Button type="link" size="small" onClick={() => setResetting(user)}>
              重置密码
            </Button>
          </Auth>
          {user.AdminId !== me.AdminId && (
            <Auth perm="system:admin:delete">
              <Popconfirm title={`确定删除管理员“${user.Account}”吗？`} onConfirm={() => remove(user)} okText="删除" okButtonProps={{ danger: true }}>
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            </Auth>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <SearchForm<Filters> fields={searchFields} onSearch={list.search} loading={list.query.isFetching} />
      <Panel
        actions={
          <Auth perm="system:admin:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增管理员
            </Button>
          </Auth>
        }
      >
        <DataTable<AdminUserDto> rowKey="AdminId" numbered columns={columns} {...list.tableProps} />
      </Panel>
      <AdminUserDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(editing === 'new' ? messages.ok : messages.saved);
          setEditing(null);
          refresh();
        }}
      />
      <ResetPasswordDialog
        user={resetting}
        onClose={() => setResetting(null)}
        onSaved={() => {
          void message.success(messages.saved);
          setResetting(null);
        }}
      />
    </>
  );
}
