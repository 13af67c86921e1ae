import { useMemo, useState, type Key } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Table, Tag, type TableColumnsType } from 'antd';
import { NodeCollapseOutlined, NodeExpandOutlined } from '@ant-design/icons';
import { messages, SystemMenuKind, type SystemMenuDto } from '@portal/shared';
import { systemApi } from '../../../../api/system';
import { MenuIcon } from '../../../layout/icons';
import { Panel } from '../../../layout/Panel';
import { actionsColumn, AddButton, deleteAction, editAction, useEditing, useRefresh } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
import { menuTypeLabels } from '../menuTreeData';
import { StatusTag } from '../status';
import { MenuDialog, type MenuEdit } from './MenuDialog';
import styles from './menu.module.css';

/** A table row: leaves carry no `children`, so the table draws no expander for them. */
type MenuRow = Omit<SystemMenuDto, 'children'> & { children?: MenuRow[] };
const toRows = (menus: readonly SystemMenuDto[]): MenuRow[] =>
  menus.map(({ children, ...menu }) => (children.length ? { ...menu, children: toRows(children) } : menu));

const withChildren = (rows: readonly MenuRow[]): number[] => rows.flatMap((r) => (r.children ? [r.MenuId, ...withChildren(r.children)] : []));

const typeColors: Record<number, string> = { [SystemMenuKind.Directory]: 'blue', [SystemMenuKind.Page]: 'green', [SystemMenuKind.Button]: 'default' };
/** The type a new child gets by default: a page in a directory, a button on a page. */
const childType = (menu: MenuRow) => (menu.MenuType === SystemMenuKind.Directory ? SystemMenuKind.Page : SystemMenuKind.Button);

/** 菜单管理 (component system/menu/index): the whole back-office menu tree with add, edit and delete. */
export default function MenuPage() {
  const tree = useQuery({ queryKey: adminQueryKeys.menuTree, queryFn: () => systemApi.menus(true) });
  const rows = useMemo(() => toRows(tree.data ?? []), [tree.data]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  // The sidebar and routes come from the same menus: reload them with the tree.
  const refresh = useRefresh([adminQueryKeys.menuTree, adminQueryKeys.session]);
  const dialog = useEditing<MenuEdit>(refresh, (edited) => ('menu' in edited ? messages.saved : messages.ok));
  const remove = useAction((menu: MenuRow) => systemApi.deleteMenu(menu.MenuId), refresh);

  const columns: TableColumnsType<MenuRow> = [
    {
      title: '菜单名称',
      dataIndex: 'menuname',
      width: 240,
      render: (name: string, menu) => (
        <span className={styles.name}>
          <MenuIcon name={menu.icon} />
          {name}
        </span>
      ),
    },
    { title: '类型', dataIndex: 'MenuType', width: 80, render: (type: number) => <Tag color={typeColors[type]}>{menuTypeLabels[type]}</Tag> },
    { title: '排序', dataIndex: 'SortNumber', width: 70 },
    { title: '权限标识', dataIndex: 'perms', render: (perms: string) => perms || '-' },
    { title: '路由地址', dataIndex: 'path', render: (path: string) => path || '-' },
    { title: '组件路径', dataIndex: 'component', render: (component: string) => component || '-' },
    {
      title: '显示',
      dataIndex: 'visible',
      width: 80,
      render: (visible: number, menu) => (menu.MenuType === SystemMenuKind.Button ? '-' : visible === 1 ? <Tag color="processing">显示</Tag> : <Tag>隐藏</Tag>),
    },
    { title: '状态', dataIndex: 'status', width: 80, render: (status: number) => <StatusTag status={status} /> },
    actionsColumn<MenuRow>(
      [
        {
          label: '新增',
          perm: 'system:menu:add',
          when: (menu) => menu.MenuType !== SystemMenuKind.Button,
          run: (menu) => dialog.edit({ parentId: menu.MenuId, menuType: childType(menu) }),
        },
        editAction('system:menu:edit', (menu) => dialog.edit({ menu: { ...menu, children: [] } })),
        deleteAction('system:menu:delete', (menu) => `确定删除菜单“${menu.menuname}”吗？`, remove),
      ],
      190,
      'right',
    ),
  ];

  const allExpanded = expanded.length > 0;
  return (
    <Panel
      actions={
        <>
          <AddButton perm="system:menu:add" label="新增" onClick={() => dialog.edit({ parentId: 0, menuType: SystemMenuKind.Directory })} />
          <Button icon={allExpanded ? <NodeCollapseOutlined /> : <NodeExpandOutlined />} onClick={() => setExpanded(allExpanded ? [] : withChildren(rows))}>
            {allExpanded ? '全部折叠' : '全部展开'}
          </Button>
        </>
      }
    >
      <Table<MenuRow>
        rowKey="MenuId"
        columns={columns}
        dataSource={rows}
        loading={tree.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: setExpanded }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={messages.empty} /> }}
      />
      <MenuDialog edit={dialog.editing} tree={tree.data ?? []} onClose={dialog.close} onSaved={dialog.saved} />
    </Panel>
  );
}
