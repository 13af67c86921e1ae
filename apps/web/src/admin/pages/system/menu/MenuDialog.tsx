import { useEffect, useMemo } from 'react';
import { Col, Form, Input, Radio, Row, Select, TreeSelect } from 'antd';
import {
  allPermissions,
  dialogWidth,
  permissions,
  SystemMenuKind,
  systemMessages,
  type SaveSystemMenuBody,
  type SystemMenuDto,
  type SystemMenuType,
} from '@portal/shared';
import { systemApi } from '../../../../api/system';
import { menuTypeLabels } from '../menuTreeData';
import { statusOptions } from '../status';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { IconPicker } from './IconPicker';
import { trimmed } from '../../../shared/normalize';
import { FormDialog } from '../../../shared/FormDialog';
import { WholeNumberInput } from '../../../shared/WholeNumberInput';

/** What the dialog edits: an existing menu, or a new one under `parentId` (0 = top level). */
export type MenuEdit = { menu: SystemMenuDto } | { parentId: number; menuType: SystemMenuType };

type MenuForm = Omit<SaveSystemMenuBody, 'MenuId'>;

interface ParentNode {
  value: number;
  title: string;
  children: ParentNode[];
}

/** Where a menu may move: directories and pages (buttons hold nothing), never into itself or below itself. */
const parentNodes = (menus: readonly SystemMenuDto[], self: number): ParentNode[] =>
  menus
    .filter((m) => m.MenuType !== SystemMenuKind.Button && m.MenuId !== self)
    .map((m) => ({ value: m.MenuId, title: m.menuname, children: parentNodes(m.children, self) }));

const menuTypeOptions = Object.entries(menuTypeLabels).map(([value, label]) => ({ value: Number(value), label }));
const visibleOptions = [
  { label: '显示', value: 1 },
  { label: '隐藏', value: 0 },
];
const permissionOptions = allPermissions.map((value) => ({ value, label: `${permissions[value]}（${value}）` }));

/**
 * 新增/修改菜单. The fields follow the type: directories have a path and icon, pages also a
 * component and their permission, buttons only a permission.
 */
export function MenuDialog({ edit, tree, onClose, onSaved }: { edit: MenuEdit | null; tree: SystemMenuDto[]; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<MenuForm>();
  const menuType = Form.useWatch('MenuType', form);
  const self = edit && 'menu' in edit ? edit.menu.MenuId : 0;
  const parents = useMemo(() => [{ value: 0, title: '主类目', children: parentNodes(tree, self) }], [tree, self]);

  useEffect(() => {
    if (!edit) return;
    if ('menu' in edit) {
      const { MenuId: _id, children: _children, ...menu } = edit.menu;
      form.setFieldsValue(menu);
    } else {
      form.setFieldsValue({
        ParentId: edit.parentId,
        MenuType: edit.menuType,
        SortNumber: 0,
        visible: 1,
        status: 1,
        icon: '',
        path: '',
        component: '',
        perms: '',
      });
    }
  }, [edit, form]);

  // Fields the type does not show are not in the form: they are sent empty.
  const { submit, saving } = useFormSubmit(
    form,
    ({ path = '', component = '', perms = '', icon = '', ...values }) => systemApi.saveMenu({ ...values, path, component, perms, icon, MenuId: self }),
    onSaved,
  );

  const isButton = menuType === SystemMenuKind.Button;
  const isPage = menuType === SystemMenuKind.Page;
  return (
    <FormDialog
      title={edit && 'menu' in edit ? '修改菜单' : '新增菜单'}
      open={edit !== null}
      width={dialogWidth.medium}
      onOk={submit}
      onCancel={onClose}
      saving={saving}
    >
      <Form form={form} labelCol={{ flex: '90px' }} preserve={false}>
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="ParentId" label="上级菜单">
              <TreeSelect treeData={parents} treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} placeholder="请选择上级菜单" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="MenuType" label="菜单类型" rules={[{ required: true, message: systemMessages.menuTypeInvalid }]}>
              <Radio.Group options={menuTypeOptions} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="menuname"
              label="菜单名称"
              normalize={trimmed}
              rules={[{ required: true, whitespace: true, message: systemMessages.menuNameRequired }, { max: 50 }]}
            >
              <Input placeholder="请输入菜单名称" maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="SortNumber" label="显示排序">
              <WholeNumberInput style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {!isButton && (
            <>
              <Col span={12}>
                <Form.Item name="icon" label="菜单图标">
                  <IconPicker />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="path"
                  label="路由地址"
                  normalize={trimmed}
                  tooltip="/System 之后的地址，如 system/role"
                  rules={[{ required: isPage, message: systemMessages.menuPathRequired }, { max: 200 }]}
                >
                  <Input placeholder="如 system/role" maxLength={200} />
                </Form.Item>
              </Col>
            </>
          )}
          {isPage && (
            <Col span={12}>
              <Form.Item
                name="component"
                label="组件路径"
                normalize={trimmed}
                tooltip="页面组件的键，如 system/role/index"
                rules={[{ required: true, message: systemMessages.menuComponentRequired }, { max: 200 }]}
              >
                <Input placeholder="如 system/role/index" maxLength={200} />
              </Form.Item>
            </Col>
          )}
          {(isPage || isButton) && (
            <Col span={12}>
              <Form.Item name="perms" label="权限标识" rules={[{ required: isButton, message: systemMessages.menuPermsRequired }]}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  options={permissionOptions}
                  placeholder="请选择权限标识"
                  popupMatchSelectWidth={360}
                />
              </Form.Item>
            </Col>
          )}
          {!isButton && (
            <Col span={12}>
              <Form.Item name="visible" label="显示状态" tooltip="隐藏的菜单不出现在侧边栏，但地址仍可访问">
                <Radio.Group options={visibleOptions} />
              </Form.Item>
            </Col>
          )}
          <Col span={12}>
            <Form.Item name="status" label="菜单状态" tooltip="停用的菜单及其下级不再生成路由和权限">
              <Radio.Group options={statusOptions} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormDialog>
  );
}
