import { useEffect } from 'react';
import { Form, Input, Radio, Select, Switch, TreeSelect } from 'antd';
import { contentMessages, dialogWidth, MenuShowType, saveMenuBody, type MenuDto, type SaveMenuBody } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { trimmed } from '../../../shared/normalize';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { schemaRule, SortNumberItem, StatusItem } from '../fields';
import { toMenuOptions } from '../menuOptions';
import { FormDialog } from '../../../shared/FormDialog';

type MenuForm = Pick<SaveMenuBody, 'ParentId' | 'Name' | 'Status' | 'ShowType' | 'WebUrl' | 'CurValue' | 'SortNumber' | 'AcceptsContributions'> & {
  Type?: 1 | 2;
};

/** What the dialog edits: an existing menu, or a new one under `parentId` (0 at the top). */
export type MenuEditing = { menu: MenuDto } | { parentId: number };

const visibility = [
  { label: '显示', value: 1 },
  { label: '隐藏', value: 0 },
];
const showTypes = [
  { label: '列表', value: MenuShowType.List },
  { label: '单页', value: MenuShowType.SinglePage },
];
const menuTypes = [
  { label: '顶部栏目', value: 1 },
  { label: '子菜单内栏目', value: 2 },
];
/** Menus go three levels deep: only the first two may take children. */
const parentLevels = 2;

/** Menus that may be a parent: the top and second levels, the edited menu's subtree left out. */
function parentOptions(menus: readonly MenuDto[], without: number | undefined) {
  const cut = (options: ReturnType<typeof toMenuOptions>, depth: number): ReturnType<typeof toMenuOptions> =>
    options.map(({ children, ...o }) => ({ ...o, ...(children && depth < parentLevels ? { children: cut(children, depth + 1) } : {}) }));
  return [{ label: '顶级栏目', value: 0, children: cut(toMenuOptions(menus, without), 1) }];
}

interface MenuDialogProps {
  editing: MenuEditing | null;
  menus: readonly MenuDto[];
  onClose: () => void;
  onSaved: () => void;
}

/** 新增/修改栏目: parent, name, visibility, list or single page, type, external address, marker, order. */
export function MenuDialog({ editing, menus, onClose, onSaved }: MenuDialogProps) {
  const [form] = Form.useForm<MenuForm>();
  const menu = editing && 'menu' in editing ? editing.menu : null;

  useEffect(() => {
    if (!editing) return;
    form.setFieldsValue(
      menu
        ? {
            ParentId: menu.ParentId,
            Name: menu.Name,
            Status: menu.Status,
            ShowType: menu.ShowType as MenuForm['ShowType'],
            Type: menu.Type as MenuForm['Type'],
            WebUrl: menu.WebUrl,
            CurValue: menu.CurValue,
            SortNumber: menu.SortNumber,
            AcceptsContributions: menu.AcceptsContributions,
          }
        : {
            ParentId: 'parentId' in editing ? editing.parentId : 0,
            Name: '',
            Status: 1,
            ShowType: MenuShowType.List,
            Type: undefined,
            WebUrl: '',
            CurValue: '',
            SortNumber: 0,
            AcceptsContributions: false,
          },
    );
  }, [editing, menu, form]);

  // 按层级自动 (Type cleared) is sent as null: left out, an edit would keep the menu's type.
  const { submit, saving } = useFormSubmit(
    form,
    (values) => contentAdminApi.saveMenu({ ...values, Type: values.Type ?? null, MenuId: menu?.MenuId ?? 0 }),
    onSaved,
  );

  return (
    <FormDialog title={menu ? '修改栏目' : '新增栏目'} open={editing !== null} width={dialogWidth.medium} onOk={submit} onCancel={onClose} saving={saving}>
      <Form form={form} labelCol={{ flex: '110px' }} preserve={false}>
        <Form.Item name="ParentId" label="上级栏目">
          <TreeSelect
            treeData={parentOptions(menus, menu?.MenuId)}
            treeDefaultExpandAll
            fieldNames={{ label: 'label', value: 'value', children: 'children' }}
          />
        </Form.Item>
        <Form.Item name="Name" label="栏目名称" normalize={trimmed} rules={[{ required: true, message: contentMessages.menuNameRequired }, { max: 100 }]}>
          <Input placeholder="请输入栏目名称" maxLength={100} />
        </Form.Item>
        <StatusItem label="是否显示" options={visibility} />
        <Form.Item name="ShowType" label="展示方式">
          <Radio.Group options={showTypes} />
        </Form.Item>
        <Form.Item name="Type" label="栏目类型" extra="不选时：顶级为顶部栏目，下级为子菜单内栏目">
          <Select allowClear placeholder="按层级自动" options={menuTypes} />
        </Form.Item>
        <Form.Item name="WebUrl" label="外部链接" normalize={trimmed} extra="填写后点击栏目在新窗口打开此地址" rules={[schemaRule(saveMenuBody.shape.WebUrl)]}>
          <Input placeholder="http(s)://… 或 /站内路径" maxLength={500} />
        </Form.Item>
        <Form.Item name="CurValue" label="标识" normalize={trimmed} extra="首页栏目填 home" rules={[{ max: 50 }]}>
          <Input placeholder="请输入标识" maxLength={50} />
        </Form.Item>
        <SortNumberItem />
        <Form.Item name="AcceptsContributions" label="接受投稿" valuePropName="checked" extra="开启后会员可在投稿中心向此栏目投稿，稿件经审核后发布">
          <Switch />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
