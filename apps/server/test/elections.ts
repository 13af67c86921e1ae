import { formatCst, QuorumType } from '@portal/shared';
import { closeElection } from '../src/features/elections/count.js';
import type { TestApp } from './harness.js';

/**
 * Elections for the contract walk, one at each stage, written straight into the tables with
 * windows far in the past or future of the app's clock, so no call has to move the clock (which
 * would end the walk's sessions): one taking nominations, one voting (the member on its roll), one
 * ready to confirm its candidates, one ready to close, one closed (with a ballot), and a draft.
 */
export interface ElectionStages {
  nominating: number;
  voting: number;
  votingCandidate: number;
  confirmable: number;
  closable: number;
  closed: number;
  receipt: string;
  draft: number;
}

const PAST = '2000-01-01 00:00:00';
const PAST_END = '2000-01-02 00:00:00';
const LATER = '2999-01-01 00:00:00';
const LATER_END = '2999-01-02 00:00:00';

const stagesOf = new WeakMap<TestApp, Promise<ElectionStages>>();

/** The walk's elections, made once per app. */
export function electionStages(t: TestApp, memberId: number): Promise<ElectionStages> {
  let stages = stagesOf.get(t);
  if (!stages) {
    stages = makeStages(t, memberId);
    stagesOf.set(t, stages);
  }
  return stages;
}

async function makeStages(t: TestApp, memberId: number): Promise<ElectionStages> {
  const { db } = t.app.services.database;
  const at = formatCst(t.app.services.now());
  const member = await db
    .selectFrom('members')
    .select(['account', 'member_name', 'member_level_id', 'membership_state'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  const election = async (title: string, windows: [string, string, string, string], progress: { confirmed?: boolean; frozen?: boolean } = {}) => {
    const { id } = await db
      .insertInto('elections')
      .values({
        title,
        seats: 1,
        max_choices: 1,
        nomination_start: windows[0],
        nomination_end: windows[1],
        voting_start: windows[2],
        voting_end: windows[3],
        quorum_type: QuorumType.Count,
        quorum_value: 0,
        threshold_percent: 0,
        roll_standings: '1,2',
        candidates_confirmed_at: progress.confirmed ? at : '',
        roll_frozen_at: progress.frozen ? at : '',
        roll_size: progress.frozen ? 1 : 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const candidate = await db
      .insertInto('election_candidates')
      .values({ election_id: id, name: '合同测试候选人', included: 1, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (progress.frozen) {
      await db
        .insertInto('election_voters')
        .values({
          election_id: id,
          member_id: memberId,
          member_name: member.member_name,
          account: member.account,
          level_id: member.member_level_id,
          membership_state: member.membership_state,
        })
        .execute();
    }
    return { id, candidate: candidate.id };
  };
  const nominating = await election('合同测试：提名中', [PAST, LATER, LATER, LATER_END]);
  const voting = await election('合同测试：投票中', [PAST, PAST_END, PAST_END, LATER], { confirmed: true, frozen: true });
  const confirmable = await election('合同测试：待确认候选人', [PAST, PAST_END, LATER, LATER_END]);
  const closable = await election('合同测试：待计票', [PAST, PAST_END, PAST_END, PAST_END.replace('00:00:00', '12:00:00')], { confirmed: true, frozen: true });
  const closed = await election('合同测试：已结束', [PAST, PAST_END, PAST_END, PAST_END.replace('00:00:00', '12:00:00')], { confirmed: true, frozen: true });
  const receipt = 'c0ffee'.padEnd(32, '0');
  await db
    .insertInto('election_ballots')
    .values({ election_id: closed.id, id: receipt, choices: String(closed.candidate) })
    .execute();
  await db.updateTable('election_voters').set({ voted: 1 }).where('election_id', '=', closed.id).execute();
  await closeElection(t.app.services.database, closed.id, t.app.services.now());
  const draft = await election('合同测试：草稿', [LATER, LATER_END, LATER_END, LATER_END.replace('00:00:00', '12:00:00')]);
  return {
    nominating: nominating.id,
    voting: voting.id,
    votingCandidate: voting.candidate,
    confirmable: confirmable.id,
    closable: closable.id,
    closed: closed.id,
    receipt,
    draft: draft.id,
  };
}
