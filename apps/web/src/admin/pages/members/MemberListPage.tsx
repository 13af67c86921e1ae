import { useState } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ApplyState, MemberStatus, messages, type MemberListItemDto } from '@portal/shared';
import { membersAdminApi, type MemberQuery } from '../../../api/members-admin';
import type { PageState } from '../../../components/DataTable';
import { Auth, useAuth } from '../../access/AdminSession';
import { editAction, editingId, ListPage, listResource, useEditing, useListPage, useSelection } from '../../list';
import { useAction } from '../../shared/useAction';
import { ApplyStateTag, MemberStatusTag, applyStateOptions, memberStatusOptions } from './applyState';
import { membersKey } from './keys';
import { MemberBatchActions } from './MemberBatchActions';
import { MemberDialog } from './MemberDialog';
import { MemberImportDialog } from './MemberImportDialog';
import { MembershipStateTag, membershipStateOptions } from '../../../components/MembershipStateTag';
import { ReviewDialog } from './ReviewDialog';
import styles from './members.module.css';

type Filters = Omit<MemberQuery, keyof PageState>;

const dash = (text: string) => text || '-';

const members = listResource<MemberListItemDto, Filters>({
  // Also drops the cached records and histories, so a dialog opened next shows the change.
  key: membersKey,
  fetch: membersAdminApi.members,
  rowKey: 'MemberId',
  search: [
    { kind: 'input', name: 'key', label: '关键字', placeholder: '公司名称或账号' },
    { kind: 'select', name: 'applystate', label: '审核状态', options: applyStateOptions },
    { kind: 'select', name: 'status', label: '状态', options: memberStatusOptions },
    { kind: 'select', name: 'membershipstate', label: '会籍状态', options: membershipStateOptions },
    { kind: 'companyType', name: 'companytype', label: '单位归类' },
    { kind: 'memberLevel', name: 'memberlevel', label: '会员等级' },
    { kind: 'dateRange', name: 'applied', label: '申请日期', names: ['start', 'end'] },
  ],
  // Sized to fit beside the sidebar at 1440 px without scrolling, with the selection's checkboxes:
  // the account under the company name and the contact's phone under the name save two columns,
  // and 申请时间 shows its day (the time on hover), so no column sits under the pinned 操作 column.
  columns: [
    {
      title: '公司名称 / 账号',
      dataIndex: 'MemberName',
      width: 180,
      render: (name: string, m) => (
        <>
          <div className={styles.ellipsis} title={name}>
            {name}
          </div>
          {/* An account is one unbroken word: cut like the name, or a long one widens the column. */}
          <div className={`${styles.secondary} ${styles.ellipsis}`} title={m.Account}>
            {m.Account}
          </div>
        </>
      ),
    },
    { title: '单位归类', dataIndex: 'CompanyTypeName', width: 90, render: dash },
    { title: '会员等级', dataIndex: 'MemberLevelName', width: 90, render: dash },
    {
      title: '联络人',
      dataIndex: 'DailyOperator',
      width: 110,
      render: (name: string, m) => (
        <>
          <div>{dash(name)}</div>
          <div className={styles.secondary}>{m.OperatorPhone}</div>
        </>
      ),
    },
    { title: '审核状态', dataIndex: 'ApplyState', width: 84, render: (state: ApplyState) => <ApplyStateTag state={state} /> },
    { title: '状态', dataIndex: 'Status', width: 64, render: (status: number) => <MemberStatusTag status={status} /> },
    { title: '会籍状态', dataIndex: 'MembershipState', width: 84, render: (state: number) => <MembershipStateTag state={state} /> },
    // An approved member without an end date (a level without dues) is a member for good: 长期.
    { title: '有效期至', dataIndex: 'ExpireDate', width: 100, render: (date: string, m) => date || (m.ApplyState === ApplyState.Approved ? '长期' : '-') },
    { title: '申请日期', dataIndex: 'ApplyTime', width: 100, render: (time: string) => (time ? <span title={time}>{time.slice(0, 10)}</span> : '-') },
  ],
  numbered: false,
  add: { perm: 'member:add', label: '新增会员' },
  export: { perm: 'member:export', run: membersAdminApi.exportMembers },
  actionsWidth: 180,
});

/**
 * 会员列表 / 入会审核 (component member/list/index): members and applications with their 会籍;
 * add, edit, review, enable or disable, export and import; pass, disable, move to a level or remind
 * many at once.
 */
export default function MemberListPage() {
  const can = useAuth();
  const page = useListPage(members);
  const { selected, rowSelection, done } = useSelection(page.refresh);
  const [importing, setImporting] = useState(false);
  const batching = can('member:audit') || can('member:status') || can('member:edit') || can('member:remind');
  // The member whose application 审核 shows; a decision is 操作成功, then the list reloads.
  const reviewing = useEditing<number>(page.refresh, () => messages.ok);
  const toggle = useAction((m: MemberListItemDto) => membersAdminApi.setStatus(m.MemberId, m.Status === MemberStatus.Enabled ? 0 : 1), page.refresh);
  const disabling = (m: MemberListItemDto) => m.Status === MemberStatus.Enabled;
  const review = (m: MemberListItemDto) => reviewing.edit(m.MemberId);
  const underReview = (m: MemberListItemDto) => m.ApplyState === ApplyState.UnderReview;

  return (
    <ListPage
      resource={members}
      page={page}
      rowActions={[
        { label: '审核', perm: 'member:audit', when: underReview, run: review },
        { label: '审核记录', when: (m) => !underReview(m), run: review },
        editAction('member:edit', page.edit, '编辑'),
        {
          label: (m) => (disabling(m) ? '停用' : '启用'),
          perm: 'member:status',
          danger: disabling,
          confirm: (m) => (disabling(m) ? `确定停用会员“${m.Account}”吗？停用后该会员将无法登录。` : `确定启用会员“${m.Account}”吗？`),
          run: toggle,
        },
      ]}
      toolbar={
        <>
          <MemberBatchActions selected={selected} onDone={done} />
          <Auth perm="member:import">
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              导入
            </Button>
          </Auth>
        </>
      }
      table={{ rowSelection: batching ? rowSelection : undefined }}
    >
      <MemberDialog memberId={editingId(page.editing, (m) => m.MemberId)} onClose={page.close} onSaved={page.saved} />
      <ReviewDialog memberId={reviewing.editing} onClose={reviewing.close} onReviewed={reviewing.saved} />
      <MemberImportDialog open={importing} onClose={() => setImporting(false)} onImported={page.refresh} />
    </ListPage>
  );
}
