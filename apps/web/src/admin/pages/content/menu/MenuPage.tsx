import { useMemo } from 'react';
import { Table, Tag, type TableColumnsType } from 'antd';
import { MenuShowType, messages, type MenuDto } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { Panel } from '../../../layout/Panel';
import { actionsColumn, AddButton, deleteAction, editAction, useEditing, useRefresh } from '../../../list';
import { useAction } from '../../../shared/useAction';
import { contentMenusKey, useContentMenus } from '../menuTree';
import { reviewKeys } from '../review/keys';
import { MenuDialog, type MenuEditing } from './MenuDialog';
import { ReviewFlowDialog } from './ReviewFlowDialog';

/** A menu as a tree-table row: `children` only where there are some, so leaves show no expander. */
interface MenuRow extends MenuDto {
  level: number;
  children?: MenuRow[];
}

const toRows = (menus: readonly MenuDto[], level = 1): MenuRow[] =>
  menus.map((m) => ({ ...m, level, ...(m.ChildList.length ? { children: toRows(m.ChildList, level + 1) } : {}) }));

/** Menus go three levels deep. */
const maxLevel = 3;

/** 栏目管理 (component content/menu/index): the site's menu tree; add a top menu or a child, edit, set its 审核流程, delete. */
export default function MenuPage() {
  const menus = useContentMenus();
  const rows = useMemo(() => toRows(menus.data ?? []), [menus.data]);
  // The public navigation and the article forms read menus too.
  const refresh = useRefresh([contentMenusKey, ['lookup', 'publicMenus']]);
  const dialog = useEditing<MenuEditing>(refresh, (edited) => ('menu' in edited ? messages.saved : messages.ok));
  const remove = useAction((menu: MenuDto) => contentAdminApi.deleteMenu(menu.MenuId), refresh);
  // A changed flow changes the workbench's blocked menus, and the flows its children inherit.
  const flow = useEditing<MenuDto>(useRefresh([reviewKeys.all]), () => messages.saved);

  const columns: TableColumnsType<MenuRow> = [
    { title: '栏目名称', dataIndex: 'Name', width: 260 },
    { title: '排序号', dataIndex: 'SortNumber', width: 90 },
    { title: '状态', dataIndex: 'Status', width: 90, render: (status: number) => (status === 1 ? <Tag color="success">显示</Tag> : <Tag>隐藏</Tag>) },
    { title: '展示方式', dataIndex: 'ShowType', width: 100, render: (showType: number) => (showType === MenuShowType.SinglePage ? '单页' : '列表') },
    { title: '栏目类型', dataIndex: 'Type', width: 120, render: (type: number) => (type === 2 ? '子菜单内栏目' : '顶部栏目') },
    { title: '外部链接', dataIndex: 'WebUrl', ellipsis: true, render: (url: string) => url || '-' },
    { title: '标识', dataIndex: 'CurValue', width: 100, render: (value: string) => value || '-' },
    actionsColumn<MenuRow>(
      [
        { label: '添加下级', perm: 'content:menu:add', when: (menu) => menu.level < maxLevel, run: (menu) => dialog.edit({ parentId: menu.MenuId }) },
        editAction('content:menu:edit', (menu) => dialog.edit({ menu })),
        { label: '审核流程', perm: 'content:menu:review', run: flow.edit },
        deleteAction('content:menu:delete', (menu) => `确定删除栏目“${menu.Name}”吗？`, remove),
      ],
      290,
      'right',
    ),
  ];

  return (
    <Panel actions={<AddButton perm="content:menu:add" label="新增栏目" onClick={() => dialog.edit({ parentId: 0 })} />}>
      {/* Remounted when the tree first arrives, so every level starts expanded. */}
      <Table<MenuRow>
        key={menus.data ? 'loaded' : 'loading'}
        rowKey="MenuId"
        columns={columns}
        dataSource={rows}
        loading={menus.isFetching}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        scroll={{ x: 'max-content' }}
      />
      <MenuDialog editing={dialog.editing} menus={menus.data ?? []} onClose={dialog.close} onSaved={dialog.saved} />
      <ReviewFlowDialog menu={flow.editing} onClose={flow.close} onSaved={flow.saved} />
    </Panel>
  );
}
