import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { messages, type RoleDto } from '@portal/shared';
import { systemApi } from '../../../../api/system';
import { DataTable, usePagedList } from '../../../../components/DataTable';
import { roleOptionsKey } from '../../../../components/SearchForm';
import { Auth } from '../../../access/AdminSession';
import { Panel } from '../../../layout/Panel';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
import { StatusTag } from '../status';
import { RoleDialog } from './RoleDialog';

const listKey = [...adminQueryKeys.all, 'roles'];

/** 角色管理 (component system/role/index): roles, paged; add and edit in a dialog with the grant tree. */
export default function RolePage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = usePagedList(listKey, systemApi.roles, {});
  const [editing, setEditing] = useState<number | null>(null);

  // A role change can change the signed-in administrator's own grants: their menus and buttons reload too.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: listKey });
    void queryClient.invalidateQueries({ queryKey: roleOptionsKey });
    void queryClient.invalidateQueries({ queryKey: adminQueryKeys.session });
  };
  const remove = useAction((role: RoleDto) => systemApi.deleteRole(role.RoleId), refresh);

  const columns: TableColumnsType<RoleDto> = [
    {
      title: '角色名称',
      dataIndex: 'RoleName',
      render: (name: string, role) => (
        <>
          {name}
          {role.IsSuper && <Tag color="gold" style={{ marginLeft: 8 }}>超级管理员</Tag>}
        </>
      ),
    },
    { title: '备注', dataIndex: 'Remark', render: (remark: string) => remark || '-' },
    { title: '状态', dataIndex: 'Status', width: 90, render: (status: number) => <StatusTag status={status} /> },
    { title: '创建时间', dataIndex: 'CreateTime', width: 180 },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_, role) => (
        <Space size={4}>
          <Auth perm="system:role:edit">
            <Button type="link" size="small" onClick={() => setEditing(role.RoleId)}>
              修改
            </Button>
          </Auth>
          {!role.IsSuper && (
            <Auth perm="system:role:delete">
              <Popconfirm title={`确定删除角色“${role.RoleName}”吗？`} onConfirm={() => remove(role)} okText="删除" okButtonProps={{ danger: true }}>
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
    <Panel
      actions={
        <Auth perm="system:role:add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)}>
            新增角色
          </Button>
        </Auth>
      }
    >
      <DataTable<RoleDto> rowKey="RoleId" numbered columns={columns} {...list.tableProps} />
      <RoleDialog
        roleId={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(editing ? messages.saved : messages.ok);
          setEditing(null);
          refresh();
        }}
      />
    </Panel>
  );
}
