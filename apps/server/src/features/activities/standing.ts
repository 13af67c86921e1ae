import { sql, type Kysely } from 'kysely';
import { activityMessages, ActivityStatus, formatCst, MemberStatus } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { inAudience } from './notices.js';

/**
 * What a member's own calls about taking a place (sign up, join the waitlist, confirm an offer)
 * read first: the activity, the member's notice of it and whether they are still in
 * its audience (they may have moved level or been disabled since the notice).
 */

export async function memberStanding(db: Kysely<DB>, memberId: number, activityId: number) {
  const row = await db
    .selectFrom('activities as a')
    .innerJoin('members as m', (join) => join.on('m.id', '=', memberId))
    .leftJoin('activity_notices as n', (join) => join.onRef('n.activity_id', '=', 'a.id').onRef('n.member_id', '=', 'm.id'))
    .select([
      'a.status',
      'a.sign_up_deadline',
      'a.capacity',
      'n.signed_up_at',
      'n.offer_until',
      'm.status as member_status',
      sql<number>`case when ${inAudience} then 1 else 0 end`.as('in_audience'),
    ])
    .where('a.id', '=', activityId)
    .executeTakeFirst();
  if (!row || row.status === ActivityStatus.Draft) throw notFound(activityMessages.notFound);
  return row;
}

export type Standing = Awaited<ReturnType<typeof memberStanding>>;

/**
 * Refuses, with the reason, a member who may not take a place now: outside the audience (or
 * with no notice), disabled, the activity not published, or sign-up closed.
 */
export function refuseUnlessOpen(standing: Standing, now: number): void {
  if (standing.signed_up_at === null || Number(standing.in_audience) !== 1) throw badRequest(activityMessages.outsideAudience);
  if (standing.member_status !== MemberStatus.Enabled) throw badRequest(activityMessages.memberDisabled);
  if (standing.status !== ActivityStatus.Published) throw badRequest(activityMessages.notOpen);
  if (formatCst(now) > standing.sign_up_deadline) throw badRequest(activityMessages.deadlinePassed);
}
