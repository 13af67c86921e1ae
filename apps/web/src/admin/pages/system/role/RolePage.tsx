import { Tag } from 'antd';
import type { RoleDto } from '@portal/shared';
import { systemApi } from '../../../../api/system';
import { roleOptionsKey } from '../../../../components/SearchForm';
import { deleteAction, editAction, editingId, ListPage, listResource, useListPage } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
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
          {role.IsSuper && <Tag color="gold" style={{ marginLeft: 8 }}>超级管理员</Tag>}
        </>
      ),
    },
    { title: '备注', dataIndex: 'Remark', render: (remark: string) => remark || '-' },
    ...statusAndCreatedColumns<RoleDto>(),
  ],
  add: { perm: 'system:role:add', label: '新增角色' },
  actionsWidth: 160,
});

/** 角色管理 (component system/role/index): roles, paged; add and edit in a dialog with the grant tree. */
export default function RolePage() {
  const page = useListPage(roles);
  const remove = useAction((role: RoleDto) => systemApi.deleteRole(role.RoleId), page.refresh);
  return (
    <ListPage
      resource={roles}
      page={page}
      rowActions={[
        editAction('system:role:edit', page.edit),
        { ...deleteAction('system:role:delete', (role: RoleDto) => `确定删除角色“${role.RoleName}”吗？`, remove), when: (role) => !role.IsSuper },
      ]}
    >
      <RoleDialog roleId={editingId(page.editing, (role) => role.RoleId)} onClose={page.close} onSaved={page.saved} />
    </ListPage>
  );
}
