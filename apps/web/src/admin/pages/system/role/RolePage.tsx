import { Tag } from 'antd';
import type { RoleDto } from '@portal/shared';
import { systemApi } from '../../../../api/system';
import { roleOptionsKey } from '../../../../components/SearchForm';
import { ListPage, listResource } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { statusAndCreatedColumns } from '../status';
import { RoleDialog } from './RoleDialog';

const roles = listResource<RoleDto>({
  key: [...adminQueryKeys.all, 'roles'],
  // A role change can change the signed-in administrator's own grants: their menus and buttons reload too.
  refreshes: [roleOptionsKey, adminQueryKeys.session],
  fetch: systemApi.roles,
  rowKey: 'RoleId',
  columns: [
    {
      title: '角色名称',
      dataIndex: 'RoleName',
      render: (name: string, role) => (
        <>
          {name}
          {role.IsSuper && (
            <Tag color="gold" style={{ marginLeft: 8 }}>
              超级管理员
            </Tag>
          )}
        </>
      ),
    },
    { title: '备注', dataIndex: 'Remark', render: (remark: string) => remark || '-' },
    ...statusAndCreatedColumns<RoleDto>(),
  ],
  dialog: RoleDialog,
  add: { perm: 'system:role:add', label: '新增角色' },
  edit: { perm: 'system:role:edit' },
  remove: {
    perm: 'system:role:delete',
    when: (role) => !role.IsSuper,
    question: (role) => `确定删除角色“${role.RoleName}”吗？`,
    run: (role) => systemApi.deleteRole(role.RoleId),
  },
  actionsWidth: 160,
});

/** 角色管理 (component system/role/index): roles, paged; add and edit in a dialog with the grant tree. */
export default function RolePage() {
  return <ListPage resource={roles} />;
}
