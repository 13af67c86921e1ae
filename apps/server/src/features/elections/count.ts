import { sql, type Kysely } from 'kysely';
import {
  electionMessages,
  formatCst,
  type ElectionPublicationDto,
  type ElectionResultDto,
  type ElectionVerificationDto,
  type ReceiptCheckDto,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/envelope.js';
import { ballotHash, choicesOf, GENESIS, inChainOrder, sealChain, type Ballot } from './chain.js';
import { decide, percent, quorumBallots, votesNeeded } from './rules.js';
import { electionLocked, findElection, type ElectionRow } from './service.js';

/**
 * The close and the count (计票): sealing the ballots into their hash chain, counting them,
 * publishing the count with the chain head, and checking it all again on demand.
 */

type Db = Kysely<DB>;

interface Tally {
  votes: Map<number, number>;
  blank: number;
  /** Ballots naming a candidate not on the ballot, or more than allowed: none, unless rows were changed. */
  malformed: number;
}

function tally(ballots: readonly Ballot[], offered: ReadonlySet<number>, maxChoices: number): Tally {
  const votes = new Map([...offered].map((id) => [id, 0]));
  let blank = 0;
  let malformed = 0;
  for (const b of ballots) {
    const chosen = choicesOf(b.choices);
    if (chosen.length === 0) blank++;
    if (chosen.length > maxChoices || chosen.some((id) => !offered.has(id))) {
      malformed++;
      continue;
    }
    for (const id of chosen) votes.set(id, (votes.get(id) ?? 0) + 1);
  }
  return { votes, blank, malformed };
}

const offeredIds = async (db: Db, electionId: number) =>
  new Set((await db.selectFrom('election_candidates').select('id').where('election_id', '=', electionId).where('included', '=', 1).execute()).map((c) => c.id));

const readBallots = (db: Db, electionId: number) =>
  db.selectFrom('election_ballots').select(['id', 'choices', 'prev_hash', 'hash']).where('election_id', '=', electionId).execute();

/**
 * CloseElection: after the voting window, with the candidates confirmed and the roll frozen.
 * In one transaction: the ballots are sealed in chain order and written again in that order
 * (so neither the rows' places nor, on PostgreSQL, their transaction ids keep the order they
 * came in), the voters' rows are rewritten alike, and the count, the chain head and the number
 * of ballots are stored. Nothing changes a ballot afterwards.
 */
export function closeElection(database: Database, id: number, now: number): Promise<ElectionRow> {
  return electionLocked(database, id, async (trx) => {
    const e = await findElection(trx, id);
    if (e.closed_at !== '') throw badRequest(electionMessages.closed);
    if (e.candidates_confirmed_at === '' || e.roll_frozen_at === '') throw badRequest(electionMessages.closeNotReady);
    const at = formatCst(now);
    if (at < e.voting_end) throw badRequest(electionMessages.closeBeforeVotingEnd);
    const { sealed, head } = sealChain(await readBallots(trx, id));
    const offered = await offeredIds(trx, id);
    const count = tally(sealed, offered, e.max_choices);
    const standings = [...count.votes].map(([candidateId, votes]) => ({ candidateId, votes }));
    const outcome = decide(standings, e.seats, sealed.length, quorumBallots(e.quorum_type, e.quorum_value, e.roll_size), e.threshold_percent);

    await trx.deleteFrom('election_ballots').where('election_id', '=', id).execute();
    for (let i = 0; i < sealed.length; i += 500) {
      await trx
        .insertInto('election_ballots')
        .values(sealed.slice(i, i + 500).map((b) => ({ election_id: id, id: b.id, choices: b.choices, prev_hash: b.prevHash, hash: b.hash })))
        .execute();
    }
    await trx
      .updateTable('election_voters')
      .set((eb) => ({ voted: eb.ref('voted') }))
      .where('election_id', '=', id)
      .execute();
    for (const { candidateId, votes } of standings) {
      await trx
        .updateTable('election_candidates')
        .set({ votes, elected: outcome.elected.has(candidateId) ? 1 : 0 })
        .where('id', '=', candidateId)
        .execute();
    }
    return trx
      .updateTable('elections')
      .set({ closed_at: at, ballot_count: sealed.length, blank_count: count.blank, chain_head: head, quorum_met: outcome.quorumMet ? 1 : 0, updated_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/**
 * After a close, on PostgreSQL: the rows' earlier versions (with the transaction ids they were
 * cast in) stay in the table files until a vacuum reclaims them; VACUUM FULL rewrites both tables
 * now, so the files keep no trace of the order ballots came in. Outside the close's transaction
 * (VACUUM cannot run in one), so a failure here leaves the close standing.
 */
export async function dropBallotHistory(database: Database): Promise<void> {
  if (database.engine === 'postgres') await sql`VACUUM FULL election_ballots, election_voters`.execute(database.db);
}

async function closedElection(db: Db, id: number): Promise<ElectionRow> {
  const e = await findElection(db, id);
  if (e.closed_at === '') throw badRequest(electionMessages.notClosed);
  return e;
}

/** The published count of a closed election: what the 计票单 prints. */
export async function electionResult(db: Db, id: number): Promise<ElectionResultDto> {
  const e = await closedElection(db, id);
  const candidates = await db
    .selectFrom('election_candidates')
    .select(['id', 'name', 'votes', 'elected'])
    .where('election_id', '=', id)
    .where('included', '=', 1)
    .orderBy('votes', 'desc')
    .orderBy('sort_number')
    .orderBy('id')
    .execute();
  const quorum = quorumBallots(e.quorum_type, e.quorum_value, e.roll_size);
  const outcome = decide(
    candidates.map((c) => ({ candidateId: c.id, votes: c.votes })),
    e.seats,
    e.ballot_count,
    quorum,
    e.threshold_percent,
  );
  return {
    ElectionId: e.id,
    Title: e.title,
    Seats: e.seats,
    MaxChoices: e.max_choices,
    VotingStart: e.voting_start,
    VotingEnd: e.voting_end,
    ClosedTime: e.closed_at,
    RollSize: e.roll_size,
    BallotCount: e.ballot_count,
    BlankCount: e.blank_count,
    Turnout: percent(e.ballot_count, e.roll_size),
    QuorumBallots: quorum,
    QuorumMet: e.quorum_met === 1,
    ThresholdPercent: e.threshold_percent,
    VotesNeeded: votesNeeded(e.threshold_percent, e.ballot_count),
    Candidates: candidates.map((c) => ({
      CandidateId: c.id,
      Name: c.name,
      Votes: c.votes,
      Percent: percent(c.votes, e.ballot_count),
      Elected: c.elected === 1,
    })),
    Elected: candidates.filter((c) => c.elected === 1).map((c) => c.name),
    UnfilledSeats: e.seats - candidates.filter((c) => c.elected === 1).length,
    Note: outcome.note,
    ChainHead: e.chain_head,
  };
}

/**
 * VerifyElection: every stored ballot checked against its link of the chain, the head and the
 * number of ballots against those published at close, and the count made again from the
 * ballots against the stored count. A changed, added or removed row shows as a problem.
 */
export async function verifyElection(db: Db, id: number): Promise<ElectionVerificationDto> {
  const e = await closedElection(db, id);
  const ballots = inChainOrder(await readBallots(db, id));
  const problems: string[] = [];
  let prev = GENESIS;
  ballots.forEach((b, i) => {
    const which = `第${i + 1}张选票（回执${b.id.slice(0, 8)}…）`;
    if (b.prev_hash !== prev) problems.push(`${which}的前一哈希与链不符`);
    if (b.hash !== ballotHash(b.prev_hash, b.id, b.choices)) problems.push(`${which}的内容与其哈希不符`);
    prev = b.hash;
  });
  if (ballots.length !== e.ballot_count) problems.push(`选票数${ballots.length}与公布的${e.ballot_count}不符`);
  if (prev !== e.chain_head) problems.push('链头与公布的链头不符');
  const stored = await db.selectFrom('election_candidates').select(['id', 'name', 'votes']).where('election_id', '=', id).where('included', '=', 1).execute();
  const recount = tally(ballots, new Set(stored.map((c) => c.id)), e.max_choices);
  if (recount.malformed > 0) problems.push(`${recount.malformed}张选票所选候选人无效`);
  if (recount.blank !== e.blank_count) problems.push(`重新计票的弃权票${recount.blank}与公布的${e.blank_count}不符`);
  for (const c of stored) {
    const votes = recount.votes.get(c.id) ?? 0;
    if (votes !== c.votes) problems.push(`重新计票：${c.name}得${votes}票，与公布的${c.votes}票不符`);
  }
  return { Valid: problems.length === 0, BallotCount: ballots.length, ChainHead: prev, Problems: problems };
}

/** GetElectionPublication: the count and the ballot hashes in chain order. */
export async function electionPublication(db: Db, id: number): Promise<ElectionPublicationDto> {
  const Result = await electionResult(db, id);
  const ballots = inChainOrder(await readBallots(db, id));
  return { Result, Hashes: ballots.map((b) => b.hash) };
}

/** CheckElectionReceipt: the receipt's ballot in the published chain, without its choices. */
export async function checkReceipt(db: Db, id: number, receipt: string): Promise<ReceiptCheckDto> {
  await closedElection(db, id);
  const ballots = inChainOrder(await readBallots(db, id));
  const index = ballots.findIndex((b) => b.id === receipt);
  const found = ballots[index];
  if (!found) return { Found: false, Position: 0, Hash: '', PrevHash: '' };
  return { Found: true, Position: index + 1, Hash: found.hash, PrevHash: found.prev_hash };
}
