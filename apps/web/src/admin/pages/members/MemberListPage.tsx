import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ApplyState, MemberStatus, messages, type MemberListItemDto } from '@portal/shared';
import { membersAdminApi, type MemberQuery } from '../../../api/members-admin';
import { DataTable, usePagedList } from '../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { Auth } from '../../access/AdminSession';
import { Panel } from '../../layout/Panel';
import { useAction } from '../../shared/useAction';
import { ApplyStateTag, MemberStatusTag, applyStateOptions, memberStatusOptions } from './applyState';
import { membersKey } from './keys';
import { MemberDialog } from './MemberDialog';
import { ReviewDialog } from './ReviewDialog';

type Filters = Omit<MemberQuery, 'pageindex' | 'pagesize'>;

const searchFields: SearchField<Filters>[] = [
  { kind: 'input', name: 'key', label: '关键字', placeholder: '公司名称或账号' },
  { kind: 'select', name: 'applystate', label: '审核状态', options: applyStateOptions },
  { kind: 'select', name: 'status', label: '状态', options: memberStatusOptions },
  { kind: 'companyType', name: 'companytype', label: '单位归类' },
  { kind: 'memberLevel', name: 'memberlevel', label: '会员等级' },
  { kind: 'dateRange', name: 'applied', label: '申请日期', names: ['start', 'end'] },
];

const dash = (text: string) => text || '-';

/** 会员列表 / 入会审核 (component member/list/index): members and applications; add, edit, review, enable or disable. */
export default function MemberListPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = usePagedList<MemberListItemDto, Filters>(membersKey, membersAdminApi.members, {});
  const [editing, setEditing] = useState<number | null>(null);
  const [reviewing, setReviewing] = useState<number | null>(null);

  // Also drops the cached records and histories, so a dialog opened next shows the change.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: membersKey });
  const toggle = useAction((m: MemberListItemDto) => membersAdminApi.setStatus(m.MemberId, m.Status === MemberStatus.Enabled ? 0 : 1), refresh);

  const columns: TableColumnsType<MemberListItemDto> = [
    { title: '账号', dataIndex: 'Account' },
    { title: '公司名称', dataIndex: 'MemberName', ellipsis: { showTitle: true }, width: 220 },
    { title: '单位归类', dataIndex: 'CompanyTypeName', render: dash },
    { title: '会员等级', dataIndex: 'MemberLevelName', render: dash },
    { title: '联络人', dataIndex: 'DailyOperator', render: dash },
    { title: '手机号码', dataIndex: 'OperatorPhone', render: dash },
    { title: '审核状态', dataIndex: 'ApplyState', width: 100, render: (state: ApplyState) => <ApplyStateTag state={state} /> },
    { title: '状态', dataIndex: 'Status', width: 80, render: (status: number) => <MemberStatusTag status={status} /> },
    { title: '申请时间', dataIndex: 'ApplyTime', width: 170, render: dash },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, m) => {
        const disabling = m.Status === MemberStatus.Enabled;
        return (
          <Space size={4}>
            {m.ApplyState === ApplyState.UnderReview ? (
              <Auth perm="member:audit">
                <Button type="link" size="small" onClick={() => setReviewing(m.MemberId)}>
                  审核
                </Button>
              </Auth>
            ) : (
              <Button type="link" size="small" onClick={() => setReviewing(m.MemberId)}>
                审核记录
              </Button>
            )}
            <Auth perm="member:edit">
              <Button type="link" size="small" onClick={() => setEditing(m.MemberId)}>
                编辑
              </Button>
            </Auth>
            <Auth perm="member:status">
              <Popconfirm
                title={disabling ? `确定停用会员“${m.Account}”吗？停用后该会员将无法登录。` : `确定启用会员“${m.Account}”吗？`}
                onConfirm={() => toggle(m)}
                okText={disabling ? '停用' : '启用'}
                okButtonProps={{ danger: disabling }}
              >
                <Button type="link" size="small" danger={disabling}>
                  {disabling ? '停用' : '启用'}
                </Button>
              </Popconfirm>
            </Auth>
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <SearchForm<Filters> fields={searchFields} onSearch={list.search} loading={list.query.isFetching} />
      <Panel
        actions={
          <Auth perm="member:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)}>
              新增会员
            </Button>
          </Auth>
        }
      >
        <DataTable<MemberListItemDto> rowKey="MemberId" numbered columns={columns} {...list.tableProps} />
      </Panel>
      <MemberDialog
        memberId={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(editing === 0 ? messages.ok : messages.saved);
          setEditing(null);
          refresh();
        }}
      />
      <ReviewDialog
        memberId={reviewing}
        onClose={() => setReviewing(null)}
        onReviewed={() => {
          setReviewing(null);
          refresh();
        }}
      />
    </>
  );
}
