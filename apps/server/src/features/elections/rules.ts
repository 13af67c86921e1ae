import { ElectionPhase, QuorumType } from '@portal/shared';

/**
 * The arithmetic of an election, apart from the database: where it stands on the clock, the
 * quorum, the votes a candidate needs and who is elected (docs/elections.md says it in words).
 */

export interface ElectionDates {
  nominationStart: string;
  nominationEnd: string;
  votingStart: string;
  votingEnd: string;
  closedAt: string;
}

/** The phase at `now` (CST text): each window includes its start and excludes its end. */
export function phaseAt(e: ElectionDates, now: string): ElectionPhase {
  if (e.closedAt !== '') return ElectionPhase.Closed;
  if (now < e.nominationStart) return ElectionPhase.Preparing;
  if (now < e.nominationEnd) return ElectionPhase.Nominating;
  if (now < e.votingStart) return ElectionPhase.AwaitingVote;
  if (now < e.votingEnd) return ElectionPhase.Voting;
  return ElectionPhase.Counting;
}

/** Ballots needed for the count to stand: a number, or a percentage of the roll rounded up. */
export function quorumBallots(type: number, value: number, rollSize: number): number {
  return type === QuorumType.Percent ? Math.ceil((value * rollSize) / 100) : value;
}

/** The fewest votes that are more than `thresholdPercent` % of the ballots cast (integers only: no rounding question). */
export const votesNeeded = (thresholdPercent: number, ballots: number): number => Math.floor((thresholdPercent * ballots) / 100) + 1;

export interface Standing {
  candidateId: number;
  votes: number;
}

export interface Outcome {
  elected: Set<number>;
  quorumMet: boolean;
  unfilled: number;
  /** Why seats stay empty, for the 计票单; '' when every seat is filled. */
  note: string;
}

/**
 * Who is elected: with the quorum met, the candidates over the threshold, most votes first, up to
 * the seats. Candidates tied for the last seat(s) that cannot all take one are none of them
 * elected: the seat is left for a further round, as the association's rules decide, rather than
 * given by lot or by order of entry.
 */
export function decide(standings: readonly Standing[], seats: number, ballots: number, quorum: number, thresholdPercent: number): Outcome {
  const quorumMet = ballots >= quorum;
  if (!quorumMet) return { elected: new Set(), quorumMet, unfilled: seats, note: `投票人数未达到法定人数（${quorum}票），选举无效` };
  const needed = votesNeeded(thresholdPercent, ballots);
  const over = standings.filter((s) => s.votes >= needed).sort((a, b) => b.votes - a.votes);
  let taken = over.slice(0, seats);
  let tied = false;
  if (over.length > seats && over[seats]!.votes === over[seats - 1]!.votes) {
    const tieVotes = over[seats - 1]!.votes;
    taken = taken.filter((s) => s.votes > tieVotes);
    tied = true;
  }
  const unfilled = seats - taken.length;
  const reasons = [
    ...(tied ? ['末位候选人得票相同'] : []),
    ...(over.length < seats ? [`得票超过投票总数${thresholdPercent}%（至少${needed}票）的候选人不足`] : []),
  ];
  return {
    elected: new Set(taken.map((s) => s.candidateId)),
    quorumMet,
    unfilled,
    note: unfilled > 0 ? `${reasons.join('，')}，${unfilled}个名额空缺，需另行选举` : '',
  };
}

/** A share as a percentage with one decimal (0 of 0 is 0). */
export const percent = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);
