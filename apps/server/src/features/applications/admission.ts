import type { Kysely } from 'kysely';
import { cstDate } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { refreshMemberState } from '../members/states.js';
import { termsOf } from '../members/level-terms.js';

/**
 * What admission (an approved application, or one for a level that needs no approval) sets of
 * the membership, in the caller's transaction: 入会日期 today unless set, and for a level with
 * dues an 有效期至 of today unless one is set, so the grace period is the time to pay the first
 * dues (the first payment then runs a full term from its day). A level without dues has no end.
 */
export async function admit(trx: Kysely<DB>, memberId: number, now: number): Promise<void> {
  const today = cstDate(now);
  const member = await trx.selectFrom('members').select(['member_level_id', 'join_date', 'expire_date']).where('id', '=', memberId).executeTakeFirstOrThrow();
  const terms = await termsOf(trx, member.member_level_id);
  await trx
    .updateTable('members')
    .set({ join_date: member.join_date || today, expire_date: member.expire_date || (terms.annualFeeFen > 0 ? today : '') })
    .where('id', '=', memberId)
    .execute();
  await refreshMemberState(trx, memberId, today);
}

/** Whether an application for this level is admitted without review (a level's NeedsApproval off). */
export async function admittedWithoutReview(trx: Kysely<DB>, levelId: number): Promise<boolean> {
  return !(await termsOf(trx, levelId)).needsApproval;
}
