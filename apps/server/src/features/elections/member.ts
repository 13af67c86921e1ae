import type { Kysely } from 'kysely';
import { ElectionPhase, type MyElectionDto } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { isEligible } from './eligibility.js';
import { basicsOf, nominationBy, rollRulesOf } from './service.js';

/**
 * GetMyElections: the open elections a member takes part in: those whose frozen roll lists
 * them, and those taking nominations that the rules admit them to.
 */
export async function myElections(db: Kysely<DB>, memberId: number, now: number): Promise<MyElectionDto[]> {
  const open = await db.selectFrom('elections').selectAll().where('closed_at', '=', '').orderBy('voting_start').orderBy('id').execute();
  const answers: MyElectionDto[] = [];
  for (const e of open) {
    const basics = basicsOf(e, now);
    const phase = basics.Phase;
    const voter = await db.selectFrom('election_voters').select('voted').where('election_id', '=', e.id).where('member_id', '=', memberId).executeTakeFirst();
    const nominating = phase === ElectionPhase.Nominating && e.candidates_confirmed_at === '';
    const admitted = nominating && (await isEligible(db, rollRulesOf(e), memberId));
    if (!voter && !admitted) continue;
    const nomination = await nominationBy(db, e.id, memberId);
    const candidates =
      e.candidates_confirmed_at === ''
        ? []
        : await db
            .selectFrom('election_candidates')
            .select(['id', 'name', 'bio', 'photo'])
            .where('election_id', '=', e.id)
            .where('included', '=', 1)
            .orderBy('sort_number')
            .orderBy('id')
            .execute();
    const voted = voter?.voted === 1;
    answers.push({
      ...basics,
      OnRoll: voter !== undefined,
      CanNominate: admitted && !nomination,
      Nominated: nomination !== undefined,
      CanVote: voter !== undefined && !voted && phase === ElectionPhase.Voting && e.candidates_confirmed_at !== '',
      Voted: voted,
      Candidates: candidates.map((c) => ({ CandidateId: c.id, Name: c.name, Bio: c.bio, Photo: c.photo })),
    });
  }
  return answers;
}
