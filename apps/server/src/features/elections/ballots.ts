import { ElectionPhase, electionMessages, formatCst, type CastBallotBody, type NominateBody } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { badRequest } from '../../http/envelope.js';
import { choicesText, newBallotId } from './chain.js';
import { isEligible } from './eligibility.js';
import { nominatingElection } from './nominees.js';
import { candidateFor, electionLocked, findElection, phaseOf } from './service.js';

/**
 * What members do in an election: nominate within the nomination window, and vote once within
 * the voting window. A vote writes two rows in one transaction and nothing that joins them:
 * the voter's flag (election_voters) and the ballot under a random id, with no time
 * (election_ballots; docs/decisions.md, "Elections: the secret ballot").
 */

/**
 * NominateCandidate: a member the rules admit now (level and standing) nominates themselves or
 * another admitted member (SearchElectionNominees finds them), once per election. The nominee becomes a candidate awaiting staff
 * (Included 0), or gains a nomination if already one.
 */
export function nominate(database: Database, memberId: number, body: NominateBody, now: number): Promise<void> {
  return electionLocked(database, body.ElectionId, async (trx) => {
    const { e, rules } = await nominatingElection(trx, body.ElectionId, memberId, now);
    const nomineeId = body.NomineeId || memberId;
    if (nomineeId !== memberId && !(await isEligible(trx, rules, nomineeId))) throw badRequest(electionMessages.nomineeNotEligible);
    const at = formatCst(now);
    let candidate = await candidateFor(trx, e.id, nomineeId);
    if (!candidate) {
      const { member_name } = await trx.selectFrom('members').select('member_name').where('id', '=', nomineeId).executeTakeFirstOrThrow();
      candidate = await trx
        .insertInto('election_candidates')
        .values({ election_id: e.id, member_id: nomineeId, name: member_name, included: 0, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    await trx.insertInto('election_nominations').values({ election_id: e.id, nominator_id: memberId, candidate_id: candidate.id, created_at: at }).execute();
  });
}

/**
 * CastBallot: within the voting window, by a member of the frozen roll who has not voted, for
 * at most MaxChoices of the candidates on the ballot (none: a blank ballot). The flag is set
 * only where it was clear, so of two submissions at once only one changes a row; the other
 * finds it set and rolls back, leaving no ballot. Answers the receipt code (the ballot's id).
 */
export function castBallot(database: Database, memberId: number, body: CastBallotBody, now: number): Promise<string> {
  return electionLocked(database, body.ElectionId, async (trx) => {
    const e = await findElection(trx, body.ElectionId);
    if (phaseOf(e, now) !== ElectionPhase.Voting) throw badRequest(electionMessages.votingClosed);
    if (e.roll_frozen_at === '') throw badRequest(electionMessages.rollNotFrozen);
    if (e.candidates_confirmed_at === '') throw badRequest(electionMessages.notReady);
    const voter = await trx.selectFrom('election_voters').select('voted').where('election_id', '=', e.id).where('member_id', '=', memberId).executeTakeFirst();
    if (!voter) throw badRequest(electionMessages.notOnRoll);
    if (voter.voted) throw badRequest(electionMessages.alreadyVoted);
    if (body.Choices.length > e.max_choices) throw badRequest(electionMessages.tooManyChoices(e.max_choices));
    if (body.Choices.length > 0) {
      const offered = await trx
        .selectFrom('election_candidates')
        .select('id')
        .where('election_id', '=', e.id)
        .where('included', '=', 1)
        .where('id', 'in', body.Choices)
        .execute();
      if (offered.length !== body.Choices.length) throw badRequest(electionMessages.choiceNotOffered);
    }
    const flagged = await trx
      .updateTable('election_voters')
      .set({ voted: 1 })
      .where('election_id', '=', e.id)
      .where('member_id', '=', memberId)
      .where('voted', '=', 0)
      .executeTakeFirst();
    if (Number(flagged.numUpdatedRows) !== 1) throw badRequest(electionMessages.alreadyVoted);
    const id = newBallotId();
    await trx
      .insertInto('election_ballots')
      .values({ election_id: e.id, id, choices: choicesText(body.Choices) })
      .execute();
    return id;
  });
}
