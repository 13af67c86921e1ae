import type { Kysely } from 'kysely';
import { ElectionPhase, electionMessages, NOMINEE_SEARCH_LIMIT, type NomineeDto, type NomineeSearchQuery } from '@portal/shared';
import { containing } from '../../db/like.js';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/envelope.js';
import { eligibleMembers, isEligible, type RollRules } from './eligibility.js';
import { findElection, nominationBy, phaseOf, rollRulesOf, type ElectionRow } from './service.js';

/**
 * The election a member may nominate in now, with its rules: within the nomination window and
 * before the list is confirmed, a member the rules admit who has not nominated yet. Both
 * NominateCandidate and SearchElectionNominees ask it, so the search refuses exactly as the
 * nomination would.
 */
export async function nominatingElection(db: Kysely<DB>, electionId: number, memberId: number, now: number): Promise<{ e: ElectionRow; rules: RollRules }> {
  const e = await findElection(db, electionId);
  if (phaseOf(e, now) !== ElectionPhase.Nominating || e.candidates_confirmed_at !== '') throw badRequest(electionMessages.nominationClosed);
  const rules = rollRulesOf(e);
  if (!(await isEligible(db, rules, memberId))) throw badRequest(electionMessages.nominatorNotEligible);
  if (await nominationBy(db, e.id, memberId)) throw badRequest(electionMessages.alreadyNominated);
  return { e, rules };
}

/**
 * SearchElectionNominees: the members NominateCandidate would accept as the nominee (the same
 * eligibleMembers the nomination checks), by part of the company name, in member order. The
 * searcher is left out: 提名本人 is their own button.
 */
export async function searchNominees(db: Kysely<DB>, memberId: number, query: NomineeSearchQuery, now: number): Promise<NomineeDto[]> {
  const { rules } = await nominatingElection(db, query.electionid, memberId, now);
  const rows = await eligibleMembers(db, rules)
    .where('m.id', '!=', memberId)
    .where(containing('m.member_name', query.key))
    .orderBy('m.id')
    .limit(NOMINEE_SEARCH_LIMIT)
    .execute();
  return rows.map((r) => ({ MemberId: r.id, CompanyName: r.member_name }));
}
