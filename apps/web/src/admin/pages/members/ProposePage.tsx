import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import type { ProposeDto } from '@portal/shared';
import { membersAdminApi, type ProposeQuery } from '../../../api/members-admin';
import { DataTable, usePagedList } from '../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { Auth } from '../../access/AdminSession';
import { Panel } from '../../layout/Panel';
import { useAction } from '../../shared/useAction';
import { proposalsKey } from './keys';
import styles from './members.module.css';

type Filters = Omit<ProposeQuery, 'pageindex' | 'pagesize'>;

const readOptions = [
  { label: '未读', value: 0 },
  { label: '已读', value: 1 },
];

const searchFields: SearchField<Filters>[] = [
  { kind: 'input', name: 'key', label: '关键字', placeholder: '手机号码或留言内容' },
  { kind: 'select', name: 'isread', label: '阅读状态', options: readOptions },
  { kind: 'dateRange', name: 'created', label: '留言日期', names: ['start', 'end'] },
];

/** 建议留言 (component member/propose/index): the suggestion box; mark read, delete one or many. */
export default function ProposePage() {
  const queryClient = useQueryClient();
  const list = usePagedList<ProposeDto, Filters>(proposalsKey, membersAdminApi.proposals, {});
  const [selected, setSelected] = useState<number[]>([]);

  const refresh = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: proposalsKey });
  };
  const markRead = useAction(membersAdminApi.markRead, refresh);
  const remove = useAction(membersAdminApi.deleteProposals, refresh);

  const columns: TableColumnsType<ProposeDto> = [
    { title: '手机号码', dataIndex: 'Mobile', width: 130 },
    {
      title: '留言内容',
      dataIndex: 'ProposeContent',
      render: (text: string) => (
        <Typography.Paragraph className={styles.proposeText} ellipsis={{ rows: 2, expandable: 'collapsible', symbol: (expanded) => (expanded ? '收起' : '展开') }}>
          {text}
        </Typography.Paragraph>
      ),
    },
    { title: '留言时间', dataIndex: 'CreateTime', width: 170 },
    {
      title: '阅读状态',
      dataIndex: 'IsRead',
      width: 100,
      render: (read: boolean, p) =>
        read ? (
          <Tooltip title={p.ReadTime && `阅读时间：${p.ReadTime}`}>
            <Tag>已读</Tag>
          </Tooltip>
        ) : (
          <Tag color="warning">未读</Tag>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, p) => (
        <Space size={4}>
          {!p.IsRead && (
            <Button type="link" size="small" onClick={() => void markRead([p.ProposeId])}>
              标记已读
            </Button>
          )}
          <Auth perm="member:propose:delete">
            <Popconfirm title="确定删除这条建议留言吗？" onConfirm={() => remove([p.ProposeId])} okText="删除" okButtonProps={{ danger: true }}>
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
            <Button icon={<CheckOutlined />} disabled={selected.length === 0} onClick={() => void markRead(selected)}>
              标记已读
            </Button>
            <Auth perm="member:propose:delete">
              <Popconfirm title={`确定删除选中的 ${selected.length} 条建议留言吗？`} onConfirm={() => remove(selected)} okText="删除" okButtonProps={{ danger: true }} disabled={selected.length === 0}>
                <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0}>
                  批量删除
                </Button>
              </Popconfirm>
            </Auth>
          </>
        }
      >
        <DataTable<ProposeDto>
          rowKey="ProposeId"
          numbered
          columns={columns}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
          {...list.tableProps}
        />
      </Panel>
    </>
  );
}
