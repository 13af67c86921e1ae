import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Tabs, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { messages, typeKinds, type AdminTypeItemDto, type SaveTypeBody } from '@portal/shared';
import { contentAdminApi, type TypeQuery } from '../../../../api/content-admin';
import { DataTable, usePagedList, type PageState } from '../../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../../components/SearchForm';
import { Auth } from '../../../access/AdminSession';
import { Panel } from '../../../layout/Panel';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
import { StatusTag, statusOptions } from '../../system/status';
import { TypeDialog } from './TypeDialog';

type Kind = SaveTypeBody['Type'];
type Filters = Omit<TypeQuery, keyof PageState | 'type'>;

/** The three lists (spec §3): 1 单位归类, 2 会员等级, 3 其他. */
const kinds: { kind: Kind; label: string }[] = [
  { kind: typeKinds.companyType, label: '单位归类' },
  { kind: typeKinds.memberLevel, label: '会员等级' },
  { kind: typeKinds.third, label: '其他类型' },
];

const listKey = [...adminQueryKeys.all, 'types'];
const searchFields: SearchField<Filters>[] = [
  { kind: 'input', name: 'key', label: '名称' },
  { kind: 'select', name: 'status', label: '状态', options: statusOptions },
];

/** One list's items: search, add, edit, delete. */
function TypeList({ kind, label }: { kind: Kind; label: string }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = usePagedList<AdminTypeItemDto, Filters>([...listKey, kind], (query) => contentAdminApi.types({ ...query, type: kind }), {});
  const [editing, setEditing] = useState<AdminTypeItemDto | 'new' | null>(null);

  // The member forms' selects read these lists from the session cache.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: [...listKey, kind] });
    void queryClient.invalidateQueries({ queryKey: ['lookup', 'typeList', kind] });
  };
  const remove = useAction((item: AdminTypeItemDto) => contentAdminApi.deleteType(item.Id), refresh);

  const columns: TableColumnsType<AdminTypeItemDto> = [
    { title: '名称', dataIndex: 'Name' },
    { title: '排序号', dataIndex: 'SortNumber', width: 90 },
    { title: '状态', dataIndex: 'Status', width: 90, render: (status: number) => <StatusTag status={status} /> },
    { title: '创建时间', dataIndex: 'CreateTime', width: 180 },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, item) => (
        <Space size={4}>
          <Auth perm="content:type:edit">
            <Button type="link" size="small" onClick={() => setEditing(item)}>
              修改
            </Button>
          </Auth>
          <Auth perm="content:type:delete">
            <Popconfirm title={`确定删除“${item.Name}”吗？`} onConfirm={() => remove(item)} okText="删除" okButtonProps={{ danger: true }}>
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
    <>
      <SearchForm<Filters> fields={searchFields} onSearch={list.search} loading={list.query.isFetching} />
      <Panel
        actions={
          <Auth perm="content:type:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增{label}
            </Button>
          </Auth>
        }
      >
        <DataTable<AdminTypeItemDto> rowKey="Id" numbered columns={columns} {...list.tableProps} />
      </Panel>
      <TypeDialog
        type={kind}
        typeLabel={label}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(editing === 'new' ? messages.ok : messages.saved);
          setEditing(null);
          refresh();
        }}
      />
    </>
  );
}

/** 类型管理 (component content/type/index): a tab per lookup list. */
export default function TypePage() {
  return <Tabs items={kinds.map(({ kind, label }) => ({ key: String(kind), label, children: <TypeList kind={kind} label={label} /> }))} destroyOnHidden />;
}
