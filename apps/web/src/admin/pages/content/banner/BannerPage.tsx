import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Image, Popconfirm, Space, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { messages, type AdminBannerDto } from '@portal/shared';
import { contentAdminApi, type BannerQuery } from '../../../../api/content-admin';
import { DataTable, usePagedList, type PageState } from '../../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../../components/SearchForm';
import { Auth } from '../../../access/AdminSession';
import { Panel } from '../../../layout/Panel';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
import { StatusTag, statusOptions } from '../../system/status';
import { BannerDialog } from './BannerDialog';

type Filters = Omit<BannerQuery, keyof PageState>;
const listKey = [...adminQueryKeys.all, 'banners'];
const searchFields: SearchField<Filters>[] = [
  { kind: 'input', name: 'key', label: '标题' },
  { kind: 'select', name: 'status', label: '状态', options: statusOptions },
];

/** 轮播图管理 (component content/banner/index): the home carousel's slides. */
export default function BannerPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = usePagedList<AdminBannerDto, Filters>(listKey, contentAdminApi.banners, {});
  const [editing, setEditing] = useState<AdminBannerDto | 'new' | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: listKey });
  const remove = useAction((banner: AdminBannerDto) => contentAdminApi.deleteBanner(banner.Id), refresh);

  const columns: TableColumnsType<AdminBannerDto> = [
    { title: '图片', dataIndex: 'ImageUrl', width: 140, render: (url: string) => <Image src={url} alt="" width={120} height={60} style={{ objectFit: 'cover' }} /> },
    { title: '标题', dataIndex: 'Title', render: (title: string) => title || '-' },
    { title: '类型', dataIndex: 'Type', width: 80 },
    { title: '跳转地址', dataIndex: 'JumpUrl', ellipsis: true, render: (url: string) => url || '-' },
    { title: '排序号', dataIndex: 'SortNumber', width: 90 },
    { title: '状态', dataIndex: 'Status', width: 90, render: (status: number) => <StatusTag status={status} /> },
    { title: '创建时间', dataIndex: 'CreateTime', width: 180 },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, banner) => (
        <Space size={4}>
          <Auth perm="content:banner:edit">
            <Button type="link" size="small" onClick={() => setEditing(banner)}>
              修改
            </Button>
          </Auth>
          <Auth perm="content:banner:delete">
            <Popconfirm title={`确定删除轮播图“${banner.Title || banner.Id}”吗？`} onConfirm={() => remove(banner)} okText="删除" okButtonProps={{ danger: true }}>
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
          <Auth perm="content:banner:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增轮播图
            </Button>
          </Auth>
        }
      >
        <DataTable<AdminBannerDto> rowKey="Id" numbered columns={columns} {...list.tableProps} />
      </Panel>
      <BannerDialog
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
