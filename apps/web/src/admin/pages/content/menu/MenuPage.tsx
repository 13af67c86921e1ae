import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { MenuShowType, messages, type MenuDto } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { Auth } from '../../../access/AdminSession';
import { Panel } from '../../../layout/Panel';
import { useAction } from '../../../shared/useAction';
import { contentMenusKey, useContentMenus } from '../menuTree';
import { MenuDialog, type MenuEditing } from './MenuDialog';

/** A menu as a tree-table row: `children` only where there are some, so leaves show no expander. */
interface MenuRow extends MenuDto {
  level: number;
  children?: MenuRow[];
}

const toRows = (menus: readonly MenuDto[], level = 1): MenuRow[] =>
  menus.map((m) => ({ ...m, level, ...(m.ChildList.length ? { children: toRows(m.ChildList, level + 1) } : {}) }));

/** Menus go three levels deep. */
const maxLevel = 3;

/** 栏目管理 (component content/menu/index): the site's menu tree; add a top menu or a child, edit, delete. */
export default function MenuPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const menus = useContentMenus();
  const rows = useMemo(() => toRows(menus.data ?? []), [menus.data]);
  const [editing, setEditing] = useState<MenuEditing | null>(null);

  // The public navigation and the article forms read menus too.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: contentMenusKey });
    void queryClient.invalidateQueries({ queryKey: ['lookup', 'publicMenus'] });
  };
  const remove = useAction((menu: MenuDto) => contentAdminApi.deleteMenu(menu.MenuId), refresh);

  const columns: TableColumnsType<MenuRow> = [
    { title: '栏目名称', dataIndex: 'Name', width: 260 },
    { title: '排序号', dataIndex: 'SortNumber', width: 90 },
    { title: '状态', dataIndex: 'Status', width: 90, render: (status: number) => (status === 1 ? <Tag color="success">显示</Tag> : <Tag>隐藏</Tag>) },
    { title: '展示方式', dataIndex: 'ShowType', width: 100, render: (showType: number) => (showType === MenuShowType.SinglePage ? '单页' : '列表') },
    { title: '栏目类型', dataIndex: 'Type', width: 120, render: (type: number) => (type === 2 ? '子菜单内栏目' : '顶部栏目') },
    { title: '外部链接', dataIndex: 'WebUrl', ellipsis: true, render: (url: string) => url || '-' },
    { title: '标识', dataIndex: 'CurValue', width: 100, render: (value: string) => value || '-' },
    {
      title: '操作',
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_, menu) => (
        <Space size={4}>
          {menu.level < maxLevel && (
            <Auth perm="content:menu:add">
              <Button type="link" size="small" onClick={() => setEditing({ parentId: menu.MenuId })}>
                添加下级
              </Button>
            </Auth>
          )}
          <Auth perm="content:menu:edit">
            <Button type="link" size="small" onClick={() => setEditing({ menu })}>
              修改
            </Button>
          </Auth>
          <Auth perm="content:menu:delete">
            <Popconfirm title={`确定删除栏目“${menu.Name}”吗？`} onConfirm={() => remove(menu)} okText="删除" okButtonProps={{ danger: true }}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <Panel
      actions={
        <Auth perm="content:menu:add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: 0 })}>
            新增栏目
          </Button>
        </Auth>
      }
    >
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
      <MenuDialog
        editing={editing}
        menus={menus.data ?? []}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(editing && 'menu' in editing ? messages.saved : messages.ok);
          setEditing(null);
          refresh();
        }}
      />
    </Panel>
  );
}
