import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Empty, Grid, Image, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { messages, type ElectionCandidateDto, type ElectionDetailDto } from '@portal/shared';
import { electionsAdminApi } from '../../../../api/elections';
import { useAuth } from '../../../access/AdminSession';
import { actionsColumn, AddButton, deleteAction, editAction, type RowAction } from '../../../list';
import { useAction } from '../../../shared/useAction';
import { CandidateDialog } from './CandidateDialog';
import { electionsKey } from './keys';
import styles from './election.module.css';

type Candidate = ElectionCandidateDto;

const photo: TableColumnsType<Candidate>[number] = {
  title: '照片',
  key: 'photo',
  width: 72,
  render: (_, c) =>
    c.Photo ? <Image src={c.Photo} width={48} height={60} className={styles.photo} alt={c.Name} /> : <span className={styles.secondary}>无</span>,
};
const name: TableColumnsType<Candidate>[number] = {
  title: '姓名',
  key: 'name',
  width: 160,
  render: (_, c) => (
    <>
      {c.Name}
      {c.MemberId === 0 && <div className={styles.secondary}>非会员账号</div>}
    </>
  ),
};
const bio: TableColumnsType<Candidate>[number] = {
  title: '简介',
  dataIndex: 'Bio',
  render: (text: string) => (
    <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} className={styles.bio}>
      {text || '-'}
    </Typography.Paragraph>
  ),
};
const nominations: TableColumnsType<Candidate>[number] = { title: '提名数', dataIndex: 'Nominations', width: 80 };
const counted: TableColumnsType<Candidate> = [
  { title: '得票', dataIndex: 'Votes', width: 70 },
  { title: '结果', key: 'elected', width: 80, render: (_, c) => (c.Elected ? <Tag color="red">当选</Tag> : <Tag>未当选</Tag>) },
];

/** A table of candidates, with the row actions its holder may take. */
function CandidateTable({
  rows,
  columns,
  actions,
  empty,
}: {
  rows: Candidate[];
  columns: TableColumnsType<Candidate>;
  actions: RowAction<Candidate>[];
  empty: string;
}) {
  const can = useAuth();
  const pinned = Grid.useBreakpoint().md ? ('right' as const) : undefined;
  const shown = actions.filter((a) => !a.perm || can(a.perm));
  return (
    <Table<Candidate>
      rowKey="Id"
      size="small"
      dataSource={rows}
      columns={shown.length ? [...columns, actionsColumn(shown, 150, pinned)] : columns}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
    />
  );
}

/**
 * 候选人 of one election: those on the ballot (in ballot order), and the members' nominations
 * awaiting staff, 采纳 puts one on the ballot. While the list is open staff add, change and remove
 * candidates; after the close each carries its votes.
 */
export function Candidates({ election: e, onChanged }: { election: ElectionDetailDto; onChanged: () => void }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Candidate | 'new' | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: electionsKey });
    onChanged();
  };
  const accept = useAction((c: Candidate) => electionsAdminApi.saveCandidate({ Id: c.Id, ElectionId: e.Id, Included: 1 }), refresh);
  const remove = useAction((c: Candidate) => electionsAdminApi.removeCandidate(c.Id), refresh);
  const listOpen = !e.CandidatesConfirmedTime && !e.ClosedTime;
  const onBallot = e.Candidates.filter((c) => c.Included === 1);
  const nominated = e.Candidates.filter((c) => c.Included === 0);

  const removal = deleteAction<Candidate>('member:election:candidates', (c) => `删除候选人“${c.Name}”及提名他的提名记录？`, remove);
  const ballotActions = listOpen ? [editAction<Candidate>('member:election:candidates', setEditing), removal] : [];
  const nominationActions: RowAction<Candidate>[] = listOpen
    ? [
        { label: '采纳', perm: 'member:election:candidates', confirm: (c) => `将“${c.Name}”列入选票？`, run: accept },
        { ...removal, label: '不予采纳' },
      ]
    : [];

  return (
    <>
      <div className={styles.sectionHead}>
        <h3>选票上的候选人</h3>
        {listOpen && <AddButton perm="member:election:candidates" label="新增候选人" onClick={() => setEditing('new')} />}
        {e.CandidatesConfirmedTime && <span className={styles.secondary}>名单已于 {e.CandidatesConfirmedTime} 确认</span>}
      </div>
      <CandidateTable
        rows={onBallot}
        columns={[photo, name, bio, nominations, ...(e.ClosedTime ? counted : [])]}
        actions={ballotActions}
        empty={messages.empty}
      />
      {(nominated.length > 0 || listOpen) && (
        <>
          <div className={styles.sectionHead}>
            <h3>会员提名（未列入选票）</h3>
          </div>
          <CandidateTable rows={nominated} columns={[name, nominations]} actions={nominationActions} empty="暂无待采纳的提名" />
        </>
      )}
      <CandidateDialog
        electionId={e.Id}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </>
  );
}
