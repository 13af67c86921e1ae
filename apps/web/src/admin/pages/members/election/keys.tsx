import { Tag } from 'antd';
import { ElectionPhase, electionPhaseNames, type ElectionDto } from '@portal/shared';
import { adminQueryKeys } from '../../../session/queries';

/** Query keys of 换届选举, under the back-office session's prefix: a step taken reloads all of them. */
export const electionsKey = [...adminQueryKeys.all, 'elections'];
export const electionKey = (id: number) => [...electionsKey, 'one', id];
export const rollKey = (id: number) => [...electionsKey, 'roll', id];
export const resultKey = (id: number) => [...electionsKey, 'result', id];

const phaseColors: Record<ElectionPhase, string> = {
  [ElectionPhase.Preparing]: 'default',
  [ElectionPhase.Nominating]: 'blue',
  [ElectionPhase.AwaitingVote]: 'gold',
  [ElectionPhase.Voting]: 'green',
  [ElectionPhase.Counting]: 'orange',
  [ElectionPhase.Closed]: 'default',
};

/** Where the election stands, as the server's clock put it (筹备中 … 已结束). */
export function PhaseTag({ election }: { election: Pick<ElectionDto, 'Phase' | 'PhaseName'> }) {
  return <Tag color={phaseColors[election.Phase as ElectionPhase]}>{election.PhaseName || electionPhaseNames[election.Phase as ElectionPhase]}</Tag>;
}

/** A window to the minute: 2026-12-01 09:00 至 2026-12-08 17:00. */
export const windowText = (start: string, end: string) => `${start.slice(0, 16)} 至 ${end.slice(0, 16)}`;
