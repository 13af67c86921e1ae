import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Image, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { messages, type AdminNewsItemDto } from '@portal/shared';
import { contentAdminApi, type NewsQuery } from '../../../../api/content-admin';
import { DataTable, usePagedList, type PageState } from '../../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../../components/SearchForm';
import { Auth, useAuth } from '../../../access/AdminSession';
import { Panel } from '../../../layout/Panel';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
import { articleStatusOptions, ArticleStatusTag, yesNoOptions } from '../flags';
import { NewsDialog } from './NewsDialog';

type Filters = Omit<NewsQuery, keyof PageState>;
export const newsListKey = [...adminQueryKeys.all, 'news'];

const searchFields: SearchField<Filters>[] = [
  { kind: 'input', name: 'key', label: '标题' },
  { kind: 'menu', name: 'menuid', label: '所属栏目' },
  { kind: 'select', name: 'status', label: '状态', options: articleStatusOptions },
  { kind: 'select', name: 'istop', label: '置顶', options: yesNoOptions },
  { kind: 'readStatus', name: 'ismemberread', label: '阅读权限' },
  { kind: 'dateRange', name: 'publishRange', names: ['start', 'end'], label: '发布日期' },
];

/** The public page of a saved article, where its preview opens. */
const publicPage = (news: AdminNewsItemDto) => `/info?MenuId=${news.MenuId}&NewsId=${news.NewsId}`;

/** 文章管理 (component content/news/index): search, page, write and edit in a dialog, preview, delete one or many. */
export default function NewsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const can = useAuth();
  const list = usePagedList<AdminNewsItemDto, Filters>(newsListKey, contentAdminApi.news, {});
  const [editing, setEditing] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [deleting, setDeleting] = useState(false);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: newsListKey });
  const remove = useAction((ids: number[]) => contentAdminApi.deleteNews(ids), () => {
    setSelected([]);
    refresh();
  });
  const removeSelected = () => {
    setDeleting(true);
    void remove(selected).finally(() => setDeleting(false));
  };

  const columns: TableColumnsType<AdminNewsItemDto> = [
    {
      title: '标题',
      dataIndex: 'Title',
      width: 280,
      render: (title: string, news) => (
        <>
          {news.IsTop && <Tag color="red">置顶</Tag>}
          {news.IsMemberRead && <Tag color="gold">会员</Tag>}
          {title}
        </>
      ),
    },
    { title: '所属栏目', dataIndex: 'MenuName', width: 120 },
    {
      title: '封面',
      dataIndex: 'ImageUrl',
      width: 80,
      render: (url: string) => (url ? <Image src={url} alt="" width={60} height={40} style={{ objectFit: 'cover' }} /> : '-'),
    },
    { title: '状态', dataIndex: 'Status', width: 80, render: (status: number) => <ArticleStatusTag status={status} /> },
    { title: '作者', dataIndex: 'Author', width: 100, ellipsis: true, render: (author: string) => author || '-' },
    { title: '阅读量', dataIndex: 'Views', width: 80 },
    { title: '发布时间', dataIndex: 'NewsCreateTime', width: 165 },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, news) => (
        <Space size={4}>
          <Auth perm="content:news:edit">
            <Button type="link" size="small" onClick={() => setEditing(news.NewsId)}>
              修改
            </Button>
          </Auth>
          <Button type="link" size="small" href={publicPage(news)} target="_blank" rel="noopener">
            预览
          </Button>
          <Auth perm="content:news:delete">
            <Popconfirm title={`确定删除文章“${news.Title}”吗？`} onConfirm={() => remove([news.NewsId])} okText="删除" okButtonProps={{ danger: true }}>
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
          <>
            <Auth perm="content:news:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)}>
                新增文章
              </Button>
            </Auth>
            <Auth perm="content:news:delete">
              <Popconfirm title={`确定删除选中的${selected.length}篇文章吗？`} onConfirm={removeSelected} okText="删除" okButtonProps={{ danger: true }} disabled={!selected.length}>
                <Button danger icon={<DeleteOutlined />} disabled={!selected.length} loading={deleting}>
                  批量删除
                </Button>
              </Popconfirm>
            </Auth>
          </>
        }
      >
        <DataTable<AdminNewsItemDto>
          rowKey="NewsId"
          numbered
          columns={columns}
          rowSelection={can('content:news:delete') ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), preserveSelectedRowKeys: true } : undefined}
          {...list.tableProps}
        />
      </Panel>
      <NewsDialog
        newsId={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(editing ? messages.saved : messages.ok);
          setEditing(null);
          refresh();
        }}
      />
    </>
  );
}
