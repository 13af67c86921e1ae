import { useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Grid, Popconfirm, Skeleton, Space, Tabs } from 'antd';
import {
  ElectionPhase,
  electionPublicationPath,
  membershipStateNames,
  QuorumType,
  typeKinds,
  type ElectionDetailDto,
  type MembershipState,
} from '@portal/shared';
import { electionsAdminApi } from '../../../../api/elections';
import { useTypeOptions } from '../../../../components/SearchForm';
import { Auth } from '../../../access/AdminSession';
import { useAction } from '../../../shared/useAction';
import { Candidates } from './Candidates';
import { electionKey, electionsKey, PhaseTag, windowText } from './keys';
import { ElectionResult } from './ElectionResult';
import { Roll } from './Roll';
import styles from './election.module.css';

interface DrawerProps {
  electionId: number | null;
  onClose: () => void;
  /** A step was taken: the list's row changes too. */
  onChanged: () => void;
}

/** One election's steps: its rules, candidates and nominations, the roll, the count. */
export function ElectionDrawer({ electionId, onClose, onChanged }: DrawerProps) {
  const wide = Grid.useBreakpoint().xl;
  // The election last opened stays drawn while the drawer slides shut.
  const shown = useRef(electionId);
  if (electionId !== null) shown.current = electionId;
  const id = shown.current;
  const election = useQuery({ queryKey: electionKey(id ?? 0), queryFn: () => electionsAdminApi.detail(id ?? 0), enabled: id !== null });
  const e = election.data;
  return (
    <Drawer
      title={
        e ? (
          <Space wrap>
            {e.Title}
            <PhaseTag election={e} />
          </Space>
        ) : (
          '换届选举'
        )
      }
      open={electionId !== null}
      onClose={onClose}
      size={wide ? 1100 : '100%'}
      destroyOnHidden
    >
      {e ? <Election election={e} onChanged={onChanged} /> : <Skeleton active paragraph={{ rows: 8 }} />}
    </Drawer>
  );
}

/** The rules as the election holds them. */
function Rules({ election: e }: { election: ElectionDetailDto }) {
  const levels = useTypeOptions(typeKinds.memberLevel, e.RollLevels.length > 0);
  const levelNames = e.RollLevels.map((id) => levels.data?.find((l) => l.value === id)?.label ?? `#${id}`);
  const quorum = e.QuorumType === QuorumType.Percent ? `选民名单的${e.QuorumValue}%` : `${e.QuorumValue}票`;
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered className={styles.rules}>
      <Descriptions.Item label="应选名额">
        {e.Seats}名（每票最多选{e.MaxChoices}人）
      </Descriptions.Item>
      <Descriptions.Item label="法定人数与当选">
        至少{quorum}；得票超过投票总数的{e.ThresholdPercent}%
      </Descriptions.Item>
      <Descriptions.Item label="提名时间">{windowText(e.NominationStart, e.NominationEnd)}</Descriptions.Item>
      <Descriptions.Item label="投票时间">{windowText(e.VotingStart, e.VotingEnd)}</Descriptions.Item>
      <Descriptions.Item label="选民范围">
        {e.RollLevels.length ? levelNames.join('、') : '全部等级'}；{e.RollStandings.map((s) => membershipStateNames[s as MembershipState]).join('、')}
      </Descriptions.Item>
      <Descriptions.Item label="选民名单">
        {e.RollFrozenTime ? `${e.RollSize}人，冻结于${e.RollFrozenTime}；已投票${e.BallotCount}人` : '未冻结'}
      </Descriptions.Item>
      {e.Description && (
        <Descriptions.Item label="选举说明" span={2}>
          {e.Description}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** What staff do next, in words: the step the clock and the progress allow. */
function nextStep(e: ElectionDetailDto): { type: 'info' | 'warning' | 'success'; text: string } {
  const confirmed = Boolean(e.CandidatesConfirmedTime);
  const frozen = Boolean(e.RollFrozenTime);
  switch (e.Phase) {
    case ElectionPhase.Preparing:
      return { type: 'info', text: `提名将于 ${e.NominationStart.slice(0, 16)} 开始。可先添加候选人；投票开始前须冻结选民名单。` };
    case ElectionPhase.Nominating:
      return { type: 'info', text: '提名中：会员的提名列在“会员提名”中，采纳后列入选票。提名截止后确认候选人名单。' };
    case ElectionPhase.AwaitingVote:
      if (!confirmed) return { type: 'warning', text: '提名已截止：请核对候选人并确认候选人名单。' };
      return frozen
        ? { type: 'success', text: `准备就绪：投票将于 ${e.VotingStart.slice(0, 16)} 开始。` }
        : { type: 'warning', text: '请在投票开始前冻结选民名单。' };
    case ElectionPhase.Voting:
      return confirmed && frozen
        ? { type: 'info', text: `投票中：已投票 ${e.BallotCount} / ${e.RollSize} 人。` }
        : { type: 'warning', text: '投票时间已到，但候选人名单未确认或选民名单未冻结，会员无法投票。' };
    case ElectionPhase.Counting:
      return { type: 'warning', text: '投票已截止：请关闭选举并计票。' };
    default:
      return { type: 'success', text: `已于 ${e.ClosedTime} 结束并计票，结果已公布。` };
  }
}

/** The step buttons, each shown only while the server would take it. */
function StepButtons({ election: e, onChanged }: { election: ElectionDetailDto; onChanged: () => void }) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: electionsKey });
    onChanged();
  };
  const confirm = useAction(electionsAdminApi.confirmCandidates, refresh);
  const freeze = useAction(electionsAdminApi.freezeRoll, refresh);
  const close = useAction(electionsAdminApi.close, refresh);
  const open = !e.ClosedTime;
  const nominationsOver = e.Phase >= ElectionPhase.AwaitingVote;
  return (
    <Space wrap>
      {open && !e.CandidatesConfirmedTime && nominationsOver && (
        <Auth perm="member:election:candidates">
          <Popconfirm title="确认后候选人不能再修改，确定确认候选人名单？" okText="确认名单" onConfirm={() => confirm(e.Id)}>
            <Button type="primary">确认候选人名单</Button>
          </Popconfirm>
        </Auth>
      )}
      {open && !e.RollFrozenTime && e.Phase < ElectionPhase.Voting && (
        <Auth perm="member:election:roll">
          <Popconfirm
            title="按当前会员等级与会籍状态冻结选民名单？"
            description="冻结后名单不再变化，选举规则也不能再修改。"
            okText="冻结名单"
            onConfirm={() => freeze(e.Id)}
          >
            <Button>冻结选民名单</Button>
          </Popconfirm>
        </Auth>
      )}
      {e.Phase === ElectionPhase.Counting && (
        <Auth perm="member:election:close">
          <Popconfirm title="关闭后不能再投票或改票，确定关闭选举并计票？" okText="关闭并计票" okButtonProps={{ danger: true }} onConfirm={() => close(e.Id)}>
            <Button type="primary" danger>
              关闭选举并计票
            </Button>
          </Popconfirm>
        </Auth>
      )}
      {e.ClosedTime && (
        <Button href={electionPublicationPath(e.Id)} target="_blank" rel="noopener">
          查看公布页
        </Button>
      )}
    </Space>
  );
}

function Election({ election: e, onChanged }: { election: ElectionDetailDto; onChanged: () => void }) {
  const step = nextStep(e);
  const tabs = [
    { key: 'candidates', label: `候选人（${e.Candidates.filter((c) => c.Included).length}）`, children: <Candidates election={e} onChanged={onChanged} /> },
    ...(e.RollFrozenTime ? [{ key: 'roll', label: `选民名单（${e.RollSize}）`, children: <Roll election={e} /> }] : []),
    ...(e.ClosedTime ? [{ key: 'result', label: '计票结果', children: <ElectionResult election={e} /> }] : []),
  ];
  return (
    <>
      <Rules election={e} />
      <Alert className={styles.next} type={step.type} showIcon title={step.text} action={<StepButtons election={e} onChanged={onChanged} />} />
      <Tabs key={e.ClosedTime ? 'closed' : 'open'} items={tabs} defaultActiveKey={e.ClosedTime ? 'result' : 'candidates'} />
    </>
  );
}
