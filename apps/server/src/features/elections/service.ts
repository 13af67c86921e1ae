import type { Kysely, Selectable } from 'kysely';
import {
  electionMessages,
  electionPhaseNames,
  formatCst,
  typeKinds,
  type ElectionCandidateDto,
  type ElectionDto,
  type ElectionListQuery,
  type PagingQuery,
  type SaveCandidateBody,
  type SaveElectionBody,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB, ElectionsTable } from '../../db/schema.js';
import { containing } from '../../db/like.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { withKeyLocked } from '../../db/key-lock.js';
import { phaseAt } from './rules.js';
import { isEligible, type RollRules } from './eligibility.js';

/**
 * 换届选举 in the back office: an election's rules and its candidates. Every write that depends
 * on where the election stands runs under the election's key (electionLocked), so a freeze, a
 * confirmation, a ballot and the close take turns on every instance.
 */

type Db = Kysely<DB>;
export type ElectionRow = Selectable<ElectionsTable>;

/** Runs `work` in a transaction holding the election's key (db/key-lock.ts). */
export const electionLocked = <T>(database: Database, electionId: number, work: (trx: Kysely<DB>) => Promise<T>) =>
  withKeyLocked(database, `election:${electionId}`, work);

export const idList = (text: string): number[] => (text === '' ? [] : text.split(',').map(Number));

/** The roll's rules of an election (eligibility.ts). */
export const rollRulesOf = (e: ElectionRow): RollRules => ({ levels: idList(e.roll_levels), standings: idList(e.roll_standings) });

/** The nomination a member made in an election, if any. */
export const nominationBy = (db: Db, electionId: number, memberId: number) =>
  db.selectFrom('election_nominations').select('candidate_id').where('election_id', '=', electionId).where('nominator_id', '=', memberId).executeTakeFirst();

/** The candidate a member is in an election, if any. */
export const candidateFor = (db: Db, electionId: number, memberId: number) =>
  db.selectFrom('election_candidates').select('id').where('election_id', '=', electionId).where('member_id', '=', memberId).executeTakeFirst();

export async function findElection(db: Db, id: number): Promise<ElectionRow> {
  const row = await db.selectFrom('elections').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(electionMessages.notFound);
  return row;
}

const dates = (e: ElectionRow) => ({
  nominationStart: e.nomination_start,
  nominationEnd: e.nomination_end,
  votingStart: e.voting_start,
  votingEnd: e.voting_end,
  closedAt: e.closed_at,
});

export const phaseOf = (e: ElectionRow, now: number) => phaseAt(dates(e), formatCst(now));

/** Ballots cast so far: the voters flagged (never the ballots read). */
async function votedCount(db: Db, e: ElectionRow): Promise<number> {
  if (e.closed_at !== '') return e.ballot_count;
  const { n } = await db
    .selectFrom('election_voters')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('election_id', '=', e.id)
    .where('voted', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The fields staff and members both see, as the answers name them. */
export function basicsOf(e: ElectionRow, now: number) {
  const phase = phaseOf(e, now);
  return {
    Id: e.id,
    Title: e.title,
    Description: e.description,
    Seats: e.seats,
    MaxChoices: e.max_choices,
    NominationStart: e.nomination_start,
    NominationEnd: e.nomination_end,
    VotingStart: e.voting_start,
    VotingEnd: e.voting_end,
    Phase: phase,
    PhaseName: electionPhaseNames[phase],
  };
}

/** The rules beyond the basics, as SaveElection names them. */
const rulesOf = (e: ElectionRow) => ({
  QuorumType: e.quorum_type,
  QuorumValue: e.quorum_value,
  ThresholdPercent: e.threshold_percent,
  RollLevels: idList(e.roll_levels),
  RollStandings: idList(e.roll_standings),
});

export async function toElectionDto(db: Db, e: ElectionRow, now: number): Promise<ElectionDto> {
  return {
    ...basicsOf(e, now),
    ...rulesOf(e),
    RollFrozenTime: e.roll_frozen_at,
    RollSize: e.roll_size,
    CandidatesConfirmedTime: e.candidates_confirmed_at,
    ClosedTime: e.closed_at,
    BallotCount: await votedCount(db, e),
    CreateTime: e.created_at,
    UpdateTime: e.updated_at,
  };
}

export async function listElections(db: Db, query: ElectionListQuery & PagingQuery, now: number): Promise<{ items: ElectionDto[]; total: number }> {
  const matching = db.selectFrom('elections').$if(!!query.title, (q) => q.where(containing('title', query.title ?? '')));
  const { limit, offset } = pageWindow(query);
  const [rows, { total }] = await Promise.all([
    matching.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: await Promise.all(rows.map((r) => toElectionDto(db, r, now))), total: Number(total) };
}

/** The rules an edit may not change once the roll is frozen or the candidates confirmed. */
const ruleColumns = (b: SaveElectionBody) => ({
  seats: b.Seats,
  max_choices: b.MaxChoices,
  nomination_start: b.NominationStart,
  nomination_end: b.NominationEnd,
  voting_start: b.VotingStart,
  voting_end: b.VotingEnd,
  quorum_type: b.QuorumType,
  quorum_value: b.QuorumValue,
  threshold_percent: b.ThresholdPercent,
  roll_levels: [...new Set(b.RollLevels)].sort((x, y) => x - y).join(','),
  roll_standings: [...new Set(b.RollStandings)].sort((x, y) => x - y).join(','),
});

async function checkLevels(db: Db, levels: readonly number[]): Promise<void> {
  if (levels.length === 0) return;
  const found = await db.selectFrom('type_items').select('id').where('type', '=', typeKinds.memberLevel).where('id', 'in', levels).execute();
  if (found.length !== new Set(levels).size) throw badRequest(electionMessages.levelUnknown);
}

/** SaveElection: creates, or edits within what the election's progress still allows. */
export async function saveElection(database: Database, body: SaveElectionBody, now: number): Promise<ElectionRow> {
  const at = formatCst(now);
  const rules = ruleColumns(body);
  await checkLevels(database.db, body.RollLevels);
  if (!body.Id) {
    return database.db
      .insertInto('elections')
      .values({ title: body.Title, description: body.Description, ...rules, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return electionLocked(database, body.Id, async (trx) => {
    const stored = await findElection(trx, body.Id);
    if (stored.closed_at !== '') throw badRequest(electionMessages.closed);
    const changed = (Object.keys(rules) as (keyof typeof rules)[]).filter((column) => stored[column] !== rules[column]);
    // The frozen roll was drawn, and is voted on, under these rules; the confirmed ballot offers
    // its candidates for these seats. Before the freeze the windows may still move, so an
    // election confirmed but not frozen in time can be given a later voting window.
    if (stored.roll_frozen_at !== '' && changed.length > 0) throw badRequest(electionMessages.rulesLocked);
    if (stored.candidates_confirmed_at !== '' && changed.some((column) => column === 'seats' || column === 'max_choices'))
      throw badRequest(electionMessages.seatsLocked);
    return trx
      .updateTable('elections')
      .set({ title: body.Title, description: body.Description, ...rules, updated_at: at })
      .where('id', '=', body.Id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** The stored election as SaveElection's body, for the fields an edit leaves out. */
export async function storedElectionBody(db: Db, id: number, now: number): Promise<Record<string, unknown>> {
  const e = await findElection(db, id);
  return { ...basicsOf(e, now), ...rulesOf(e) };
}

/** DelElection: only before the roll is frozen (afterwards the election has voters to answer to). */
export function deleteElection(database: Database, id: number): Promise<ElectionRow> {
  return electionLocked(database, id, async (trx) => {
    const e = await findElection(trx, id);
    if (e.roll_frozen_at !== '') throw badRequest(electionMessages.deleteAfterFreeze);
    await trx.deleteFrom('election_nominations').where('election_id', '=', id).execute();
    await trx.deleteFrom('election_candidates').where('election_id', '=', id).execute();
    await trx.deleteFrom('elections').where('id', '=', id).execute();
    return e;
  });
}

/** The election's candidates in ballot order, with their nominations. */
export async function candidatesOf(db: Db, electionId: number): Promise<ElectionCandidateDto[]> {
  const rows = await db
    .selectFrom('election_candidates as c')
    .selectAll('c')
    .select((eb) =>
      eb.selectFrom('election_nominations as n').select(eb.fn.countAll<number>().as('n')).whereRef('n.candidate_id', '=', 'c.id').as('nominations'),
    )
    .where('c.election_id', '=', electionId)
    .orderBy('c.sort_number')
    .orderBy('c.id')
    .execute();
  return rows.map((c) => ({
    Id: c.id,
    ElectionId: c.election_id,
    MemberId: c.member_id,
    Name: c.name,
    Bio: c.bio,
    Photo: c.photo,
    Included: c.included,
    SortNumber: c.sort_number,
    Nominations: Number(c.nominations ?? 0),
    Votes: c.votes,
    Elected: c.elected,
  }));
}

/** Candidates change only while the list is open: before confirmation, never after close. */
export function assertCandidatesOpen(e: ElectionRow): void {
  if (e.closed_at !== '') throw badRequest(electionMessages.closed);
  if (e.candidates_confirmed_at !== '') throw badRequest(electionMessages.candidatesLocked);
}

async function checkCandidate(db: Db, body: SaveCandidateBody): Promise<void> {
  if (body.MemberId > 0) {
    if (!(await isEligible(db, { levels: [], standings: [] }, body.MemberId))) throw badRequest(electionMessages.candidateMemberUnknown);
    const existing = await candidateFor(db, body.ElectionId, body.MemberId);
    if (existing && existing.id !== body.Id) throw badRequest(electionMessages.candidateDuplicate);
  }
  if (body.Photo !== '') {
    const upload = await db.selectFrom('uploads').select('id').where('path', '=', body.Photo).executeTakeFirst();
    if (!upload) throw badRequest(electionMessages.photoMissing);
  }
}

export async function findCandidate(db: Db, id: number) {
  const row = await db.selectFrom('election_candidates').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(electionMessages.candidateNotFound);
  return row;
}

/** SaveElectionCandidate: adds or edits a candidate while the list is open. */
export function saveCandidate(database: Database, body: SaveCandidateBody, now: number) {
  return electionLocked(database, body.ElectionId, async (trx) => {
    assertCandidatesOpen(await findElection(trx, body.ElectionId));
    if (body.Id) {
      const stored = await findCandidate(trx, body.Id);
      if (stored.election_id !== body.ElectionId) throw notFound(electionMessages.candidateNotFound);
    }
    await checkCandidate(trx, body);
    const at = formatCst(now);
    const values = {
      member_id: body.MemberId,
      name: body.Name,
      bio: body.Bio,
      photo: body.Photo,
      included: body.Included,
      sort_number: body.SortNumber,
      updated_at: at,
    };
    if (body.Id) return trx.updateTable('election_candidates').set(values).where('id', '=', body.Id).returningAll().executeTakeFirstOrThrow();
    return trx
      .insertInto('election_candidates')
      .values({ ...values, election_id: body.ElectionId, created_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** The stored candidate as SaveElectionCandidate's body. */
export async function storedCandidateBody(db: Db, id: number): Promise<Record<string, unknown>> {
  const c = await findCandidate(db, id);
  return { ElectionId: c.election_id, MemberId: c.member_id, Name: c.name, Bio: c.bio, Photo: c.photo, Included: c.included, SortNumber: c.sort_number };
}

/** DelElectionCandidate: with the nominations that named them. */
export async function deleteCandidate(database: Database, id: number) {
  const candidate = await findCandidate(database.db, id);
  return electionLocked(database, candidate.election_id, async (trx) => {
    assertCandidatesOpen(await findElection(trx, candidate.election_id));
    await trx.deleteFrom('election_nominations').where('candidate_id', '=', id).execute();
    await trx.deleteFrom('election_candidates').where('id', '=', id).execute();
    return candidate;
  });
}

/** ConfirmElectionCandidates: after the nominations, with at least one candidate on the ballot. */
export function confirmCandidates(database: Database, id: number, now: number): Promise<ElectionRow> {
  return electionLocked(database, id, async (trx) => {
    const e = await findElection(trx, id);
    if (e.closed_at !== '') throw badRequest(electionMessages.closed);
    if (e.candidates_confirmed_at !== '') throw badRequest(electionMessages.alreadyConfirmed);
    if (formatCst(now) < e.nomination_end) throw badRequest(electionMessages.nominationNotEnded);
    const included = await trx.selectFrom('election_candidates').select('id').where('election_id', '=', id).where('included', '=', 1).executeTakeFirst();
    if (!included) throw badRequest(electionMessages.noCandidates);
    return trx
      .updateTable('elections')
      .set({ candidates_confirmed_at: formatCst(now), updated_at: formatCst(now) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
