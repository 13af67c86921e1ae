import type { Kysely } from 'kysely';
import { ApplyState, MemberStatus } from '@portal/shared';
import type { DB } from '../../db/schema.js';

/**
 * Who an election's rules admit: approved, enabled members of the roll's levels (none named:
 * every level) whose stored standing (members.membership_state, kept current by the daily job)
 * is one the roll admits. The freeze copies these into election_voters; a nomination asks it
 * afresh of the nominator and the nominee.
 */
export interface RollRules {
  /** Level ids; empty: every level. */
  levels: readonly number[];
  /** MembershipState values; empty: any. */
  standings: readonly number[];
}

export const eligibleMembers = (db: Kysely<DB>, rules: RollRules) =>
  db
    .selectFrom('members as m')
    .select(['m.id', 'm.account', 'm.member_name', 'm.member_level_id', 'm.membership_state'])
    .where('m.apply_state', '=', ApplyState.Approved)
    .where('m.status', '=', MemberStatus.Enabled)
    .$if(rules.levels.length > 0, (q) => q.where('m.member_level_id', 'in', rules.levels))
    .$if(rules.standings.length > 0, (q) => q.where('m.membership_state', 'in', rules.standings));

/** Whether the member is admitted by the rules now. */
export async function isEligible(db: Kysely<DB>, rules: RollRules, memberId: number): Promise<boolean> {
  const row = await eligibleMembers(db, rules).where('m.id', '=', memberId).executeTakeFirst();
  return row !== undefined;
}
