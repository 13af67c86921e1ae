import { Button, Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import type { ProposeDto } from '@portal/shared';
import { membersAdminApi, type ProposeQuery } from '../../../api/members-admin';
import type { PageState } from '../../../components/DataTable';
import { BatchDelete, ListPage, listResource, useListPage, useSelection } from '../../list';
import { useAction } from '../../shared/useAction';
import { proposalsKey } from './keys';
import styles from './members.module.css';

type Filters = Omit<ProposeQuery, keyof PageState>;

const readOptions = [
  { label: '未读', value: 0 },
  { label: '已读', value: 1 },
];

const proposals = listResource<ProposeDto, Filters>({
  key: proposalsKey,
  fetch: membersAdminApi.proposals,
  rowKey: 'ProposeId',
  search: [
    { kind: 'input', name: 'key', label: '关键字', placeholder: '手机号码或留言内容' },
    { kind: 'select', name: 'isread', label: '阅读状态', options: readOptions },
    { kind: 'dateRange', name: 'created', label: '留言日期', names: ['start', 'end'] },
  ],
  columns: [
    { title: '手机号码', dataIndex: 'Mobile', width: 130 },
    {
      title: '留言内容',
      dataIndex: 'ProposeContent',
      render: (text: string) => (
        <Typography.Paragraph
          className={styles.proposeText}
          ellipsis={{ rows: 2, expandable: 'collapsible', symbol: (expanded) => (expanded ? '收起' : '展开') }}
        >
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
  ],
  export: { perm: 'member:propose:export', run: membersAdminApi.exportProposals },
  actionsWidth: 150,
});

/** 建议留言 (component member/propose/index): the suggestion box; mark read, delete one or many, export. */
export default function ProposePage() {
  const page = useListPage(proposals);
  const { selected, rowSelection, done } = useSelection(page.refresh);
  const markRead = useAction(membersAdminApi.markRead, done);
  const remove = useAction(membersAdminApi.deleteProposals, done);

  return (
    <ListPage
      resource={proposals}
      page={page}
      rowActions={[
        { label: '标记已读', when: (p) => !p.IsRead, run: (p) => markRead([p.ProposeId]) },
        { label: '删除', perm: 'member:propose:delete', danger: true, confirm: () => '确定删除这条建议留言吗？', run: (p) => remove([p.ProposeId]) },
      ]}
      toolbar={
        <>
          <Button icon={<CheckOutlined />} disabled={selected.length === 0} onClick={() => void markRead(selected)}>
            标记已读
          </Button>
          <BatchDelete
            perm="member:propose:delete"
            count={selected.length}
            question={`确定删除选中的 ${selected.length} 条建议留言吗？`}
            onConfirm={() => remove(selected)}
          />
        </>
      }
      table={{ rowSelection }}
    />
  );
}
