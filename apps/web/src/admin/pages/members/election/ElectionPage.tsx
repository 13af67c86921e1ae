import { useState } from 'react';
import { Space } from 'antd';
import type { ElectionDto } from '@portal/shared';
import { electionsAdminApi, type ElectionQuery } from '../../../../api/elections';
import type { PageState } from '../../../../components/DataTable';
import { editAction, ListPage, listResource, useListPage } from '../../../list';
import { ElectionDialog } from './ElectionDialog';
import { ElectionDrawer } from './ElectionDrawer';
import { electionsKey, PhaseTag, windowText } from './keys';
import styles from './election.module.css';

type Filters = Omit<ElectionQuery, keyof PageState>;

const elections = listResource<ElectionDto, Filters>({
  key: electionsKey,
  fetch: electionsAdminApi.list,
  rowKey: 'Id',
  search: [{ kind: 'input', name: 'title', label: '选举名称' }],
  columns: [
    { title: '选举名称', dataIndex: 'Title', width: 240 },
    { title: '阶段', key: 'phase', width: 90, render: (_, e) => <PhaseTag election={e} /> },
    { title: '名额/每票', key: 'seats', width: 100, render: (_, e) => `${e.Seats} / ${e.MaxChoices}` },
    {
      title: '时间',
      key: 'windows',
      width: 290,
      render: (_, e) => (
        <Space size={2} vertical>
          <span>提名 {windowText(e.NominationStart, e.NominationEnd)}</span>
          <span>投票 {windowText(e.VotingStart, e.VotingEnd)}</span>
        </Space>
      ),
    },
    {
      title: '已投票/选民',
      key: 'turnout',
      width: 110,
      render: (_, e) => (e.RollFrozenTime ? `${e.BallotCount}/${e.RollSize}` : <span className={styles.secondary}>名单未冻结</span>),
    },
  ],
  numbered: false,
  dialog: ElectionDialog,
  add: { perm: 'member:election:add', label: '新增选举' },
  remove: {
    perm: 'member:election:delete',
    // The server deletes only before the freeze: afterwards the election has voters to answer to.
    when: (e) => !e.RollFrozenTime,
    question: (e) => `删除“${e.Title}”及其候选人与提名记录？`,
    run: (e) => electionsAdminApi.remove(e.Id),
  },
  actionsWidth: 200,
});

/** 换届选举 (component member/election/index): the elections, their rules, and each one's steps in its drawer. */
export default function ElectionPage() {
  const page = useListPage(elections);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ListPage
      resource={elections}
      page={page}
      rowActions={[
        { label: '管理', run: (e) => setOpen(e.Id) },
        // After 管理, the row's main action; the server takes no rule once the election is closed.
        { ...editAction('member:election:edit', page.edit), when: (e) => !e.ClosedTime },
      ]}
    >
      <ElectionDrawer electionId={open} onClose={() => setOpen(null)} onChanged={page.refresh} />
    </ListPage>
  );
}
