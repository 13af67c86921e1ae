import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Form, Input, InputNumber, Radio, Switch, Tag, Tree, type TreeDataNode } from 'antd';
import { dialogWidth, saveRoleBody, SystemMenuKind, systemMessages, type RoleDto, type SaveRoleBody, type SystemMenuDto } from '@portal/shared';
import { systemApi } from '../../../../api/system';
import { adminQueryKeys } from '../../../session/queries';
import { branchIds, checkedGrants, grantedMenus, grantTree, isPageView, leafIds, menuTypeLabels } from '../menuTreeData';
import { useRecordForm, type EditDialogProps } from '../../../list';
import { FormDialog } from '../../../shared/FormDialog';
import { schemaRule } from '../../content/fields';
import { statusOptions } from '../status';
import styles from '../system.module.css';

type RoleForm = Pick<SaveRoleBody, 'RoleName' | 'Remark' | 'Status'> & { RequireTotp: boolean; PasswordMaxDays: number };

function toTreeNode(menu: SystemMenuDto): TreeDataNode {
  return {
    key: menu.MenuId,
    title: (
      <span>
        {menu.menuname}
        {menu.MenuType === SystemMenuKind.Button && <Tag className={styles.treeTag}>{menuTypeLabels[menu.MenuType]}</Tag>}
        {isPageView(menu.MenuId) && <Tag className={styles.treeTag}>页面</Tag>}
      </span>
    ),
    children: menu.children.map(toTreeNode),
  };
}

/**
 * 新增/修改角色: name, remark, status, whether its admins must use a second factor, and the grants as a checkable tree of every menu,
 * page and button. Everything above a checked entry is granted with it.
 */
export function RoleDialog({ editing, onClose, onSaved }: EditDialogProps<RoleDto>) {
  const [checked, setChecked] = useState<number[]>([]);
  const menus = useQuery({ queryKey: adminQueryKeys.menuTree, queryFn: () => systemApi.menus(true), enabled: editing !== null });
  const grants = useMemo(() => grantTree(menus.data ?? []), [menus.data]);
  const treeData = useMemo(() => grants.map(toTreeNode), [grants]);
  const leaves = useMemo(() => [...leafIds(grants)], [grants]);
  const branches = useMemo(() => branchIds(grants), [grants]);
  // Every branch starts open; 展开/折叠 opens or folds them all at once.
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const shown = expanded ?? branches;
  const allChecked = leaves.length > 0 && leaves.every((id) => checked.includes(id));

  // A new role starts empty and enabled with no grants; an existing one from the server, once its
  // record and the tree are there.
  const {
    form,
    id,
    open,
    record: role,
    submit,
    saving,
  } = useRecordForm<RoleDto, RoleDto, RoleForm>({
    editing,
    onSaved,
    id: (r) => r.RoleId,
    key: [...adminQueryKeys.all, 'role'],
    fetch: systemApi.role,
    blank: () => {
      setChecked([]);
      return { RoleName: '', Remark: '', Status: 1, RequireTotp: false, PasswordMaxDays: 0 };
    },
    fill: (r) => {
      // Only leaves are given as checked: the tree derives each directory's state from them.
      setChecked(checkedGrants(grants, r.MenuIds));
      return { RoleName: r.RoleName, Remark: r.Remark, Status: r.Status, RequireTotp: r.RequireTotp === 1, PasswordMaxDays: r.PasswordMaxDays };
    },
    ready: menus.data !== undefined,
    save: ({ RequireTotp, ...values }, roleId) =>
      systemApi.saveRole({ ...values, RequireTotp: RequireTotp ? 1 : 0, RoleId: roleId, MenuIds: grantedMenus(grants, checked) }),
  });
  useEffect(() => {
    if (open) setExpanded(null);
  }, [open]);

  const loading = menus.isLoading || role.isLoading;
  const isSuper = role.data?.IsSuper ?? false;
  return (
    <FormDialog title={id ? '修改角色' : '新增角色'} open={open} width={dialogWidth.medium} onOk={submit} onCancel={onClose} saving={saving} loading={loading}>
      <Form form={form} layout="horizontal" labelCol={{ flex: '96px' }} preserve={false}>
        <Form.Item name="RoleName" label="角色名称" rules={[{ required: true, whitespace: true, message: systemMessages.roleNameRequired }, { max: 50 }]}>
          <Input placeholder="请输入角色名称" maxLength={50} />
        </Form.Item>
        <Form.Item name="Remark" label="备注" rules={[{ max: 200 }]}>
          <Input.TextArea placeholder="请输入备注" rows={2} maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="Status" label="状态">
          <Radio.Group options={statusOptions} disabled={isSuper} />
        </Form.Item>
        <Form.Item
          name="RequireTotp"
          label="二次验证"
          valuePropName="checked"
          extra="开启后，该角色的管理员须绑定身份验证器，登录时输入动态验证码；未绑定者登录后只能先完成绑定"
        >
          <Switch checkedChildren="要求" unCheckedChildren="不要求" aria-label="要求二次验证" />
        </Form.Item>
        <Form.Item
          name="PasswordMaxDays"
          label="密码有效期"
          rules={[schemaRule(saveRoleBody.shape.PasswordMaxDays)]}
          extra="0为不限（默认）。设置后，该角色的管理员在密码设置满该天数后，登录须先修改密码"
        >
          <InputNumber min={0} max={3650} precision={0} addonAfter="天" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="菜单权限">
          {isSuper ? (
            <Alert type="info" showIcon title="超级管理员拥有全部菜单和按钮权限，无需分配" />
          ) : (
            menus.data && (
              <>
                <div className={styles.grantTools}>
                  <Checkbox checked={shown.length === branches.length} onChange={(e) => setExpanded(e.target.checked ? branches : [])}>
                    展开/折叠
                  </Checkbox>
                  <Checkbox checked={allChecked} indeterminate={checked.length > 0 && !allChecked} onChange={(e) => setChecked(e.target.checked ? leaves : [])}>
                    全选/全不选
                  </Checkbox>
                </div>
                <div className={styles.grantTree}>
                  <Tree
                    checkable
                    selectable={false}
                    treeData={treeData}
                    expandedKeys={shown}
                    onExpand={(keys) => setExpanded(keys.map(Number))}
                    checkedKeys={checked}
                    onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(Number))}
                    aria-label="菜单权限"
                  />
                </div>
              </>
            )
          )}
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
