import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { messages, type AdminFriendLinkDto } from '@portal/shared';
import { contentAdminApi, type LinkQuery } from '../../../../api/content-admin';
import { DataTable, usePagedList, type PageState } from '../../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../../components/SearchForm';
import { Auth } from '../../../access/AdminSession';
import { Panel } from '../../../layout/Panel';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
import { StatusTag, statusOptions } from '../../system/status';
import { LinkDialog } from './LinkDialog';

type Filters = Omit<LinkQuery, keyof PageState>;
const listKey = [...adminQueryKeys.all, 'links'];
const searchFields: SearchField<Filters>[] = [
  { kind: 'input', name: 'key', label: '链接名称' },
  { kind: 'select', name: 'status', label: '状态', options: statusOptions },
];

/** 友情链接 (component content/link/index): the footer's links. */
export default function LinkPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = usePagedList<AdminFriendLinkDto, Filters>(listKey, contentAdminApi.links, {});
  const [editing, setEditing] = useState<AdminFriendLinkDto | 'new' | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: listKey });
  const remove = useAction((link: AdminFriendLinkDto) => contentAdminApi.deleteLink(link.Id), refresh);

  const columns: TableColumnsType<AdminFriendLinkDto> = [
    { title: '链接名称', dataIndex: 'Title' },
    {
      title: '链接地址',
      dataIndex: 'Friendlinks',
      ellipsis: true,
      render: (url: string) => (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {url}
        </a>
      ),
    },
    { title: '排序号', dataIndex: 'SortNumber', width: 90 },
    { title: '状态', dataIndex: 'Status', width: 90, render: (status: number) => <StatusTag status={status} /> },
    { title: '创建时间', dataIndex: 'CreateTime', width: 180 },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, link) => (
        <Space size={4}>
          <Auth perm="content:link:edit">
            <Button type="link" size="small" onClick={() => setEditing(link)}>
              修改
            </Button>
          </Auth>
          <Auth perm="content:link:delete">
            <Popconfirm title={`确定删除友情链接“${link.Title}”吗？`} onConfirm={() => remove(link)} okText="删除" okButtonProps={{ danger: true }}>
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
          <Auth perm="content:link:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增友情链接
            </Button>
          </Auth>
        }
      >
        <DataTable<AdminFriendLinkDto> rowKey="Id" numbered columns={columns} {...list.tableProps} />
      </Panel>
      <LinkDialog
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
