import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Popconfirm, Space, Tag } from 'antd';
import { ElectionPhase, type MyElectionDto } from '@portal/shared';
import { electionsApi } from '../../api/elections';
import { closeRefusals } from '../../components/toast';
import { Ballot } from './Ballot';
import { NomineeSearch } from './NomineeSearch';
import { Receipt } from './Receipt';
import styles from './myElections.module.css';

const myElectionsKey = ['myElections'];
const minutes = (time: string) => time.slice(0, 16);

/**
 * The nomination step: 提名本人, or another member found by company name; within the nomination
 * window, once per election; the server says 提名成功 or why not.
 */
function Nomination({ election: e, onDone }: { election: MyElectionDto; onDone: () => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (e.Nominated) return <Tag color="blue">您已提名</Tag>;
  if (!e.CanNominate) return null;
  const nominate = () => {
    setBusy(true);
    return electionsApi
      .nominate(e.Id)
      .then(
        ({ message: text }) => {
          closeRefusals();
          void message.success(text);
          onDone();
        },
        () => undefined,
      )
      .finally(() => setBusy(false));
  };
  return (
    <section className={styles.nominate} aria-label="提名候选人">
      <Popconfirm title="提名本人为候选人？" description="每位会员在本次选举中限提名一次，由协会审核后列入选票。" okText="提名" onConfirm={nominate}>
        <Button type="primary" loading={busy}>
          提名本人为候选人
        </Button>
      </Popconfirm>
      <NomineeSearch electionId={e.Id} onDone={onDone} />
    </section>
  );
}

/** Where the member stands in the election, in a line. */
function standing(e: MyElectionDto): string {
  if (e.Voted) return '您已投票。';
  if (e.CanVote) return `请在 ${minutes(e.VotingEnd)} 前投票。`;
  if (e.OnRoll && e.Phase < ElectionPhase.Voting) return `您在选民名单中，投票将于 ${minutes(e.VotingStart)} 开始。`;
  if (e.Phase === ElectionPhase.Nominating) return `提名截止于 ${minutes(e.NominationEnd)}。`;
  return '';
}

function ElectionCard({
  election: e,
  receipt,
  onVoted,
  onChanged,
}: {
  election: MyElectionDto;
  receipt?: string;
  onVoted: (receipt: string) => void;
  onChanged: () => void;
}) {
  return (
    <Card
      className={styles.card}
      title={
        <Space wrap size={8}>
          <span className={styles.title}>{e.Title}</span>
          <Tag color={e.Phase === ElectionPhase.Voting ? 'green' : 'blue'}>{e.PhaseName}</Tag>
        </Space>
      }
    >
      {e.Description && <p className={styles.description}>{e.Description}</p>}
      <dl className={styles.facts}>
        <dt>应选名额</dt>
        <dd>
          {e.Seats}名，每票最多选{e.MaxChoices}人
        </dd>
        <dt>提名时间</dt>
        <dd>
          {minutes(e.NominationStart)} 至 {minutes(e.NominationEnd)}
        </dd>
        <dt>投票时间</dt>
        <dd>
          {minutes(e.VotingStart)} 至 {minutes(e.VotingEnd)}
        </dd>
      </dl>
      {receipt ? (
        <Receipt electionId={e.Id} receipt={receipt} />
      ) : (
        <>
          <p className={styles.standing}>{standing(e)}</p>
          <Nomination election={e} onDone={onChanged} />
          {e.CanVote && <Ballot election={e} onVoted={onVoted} />}
          {!e.CanVote && e.Candidates.length > 0 && <Ballot election={e} readOnly />}
        </>
      )}
    </Card>
  );
}

/**
 * 换届选举 in the member area (GetMyElections): each open election the member may nominate in or
 * is on the roll of; 提名本人 or another member within the nomination window, the ballot within the voting window,
 * and after voting the receipt code with how to check it.
 */
export function MyElections() {
  const queryClient = useQueryClient();
  const elections = useQuery({ queryKey: myElectionsKey, queryFn: electionsApi.mine });
  // A receipt is answered once and stored nowhere with the voter: kept here until the page is left.
  const [receipts, setReceipts] = useState<Record<number, string>>({});
  const reload = () => void queryClient.invalidateQueries({ queryKey: myElectionsKey });
  if (elections.isPending) return <Card loading className={styles.card} />;
  const list = elections.data ?? [];
  if (list.length === 0) return <Empty description="暂无您可参加的选举" />;
  return (
    <>
      <p className={styles.hint}>投票为无记名投票：系统只记录您是否已投票，不记录您投给了谁。</p>
      {list.map((e) => (
        <ElectionCard
          key={e.Id}
          election={e}
          receipt={receipts[e.Id]}
          onChanged={reload}
          onVoted={(receipt) => {
            setReceipts((kept) => ({ ...kept, [e.Id]: receipt }));
            reload();
          }}
        />
      ))}
    </>
  );
}
