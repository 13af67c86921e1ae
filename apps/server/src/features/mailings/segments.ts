import type { ExpressionBuilder, Kysely } from 'kysely';
import { ApplyState, MemberStatus, MembershipState, type MailingCategory, type MailingChannel, type MailingSegment } from '@portal/shared';
import type { DB } from '../../db/schema.js';

/**
 * A segment: the approved, enabled members (never 已停用) matching every criterion given; a
 * criterion left empty (or 0) does not narrow. Activities, forms and elections are read from
 * their own tables: signed up is a notice with signed_up_at, attended one with checked_in_at,
 * answered a response of the member, voted the roll's flag.
 */
export function segmentMembers(db: Kysely<DB>, s: MailingSegment) {
  let q = db
    .selectFrom('members as m')
    .where('m.apply_state', '=', ApplyState.Approved)
    .where('m.status', '=', MemberStatus.Enabled)
    .where('m.membership_state', '!=', MembershipState.Suspended);
  if (s.LevelIds.length > 0) q = q.where('m.member_level_id', 'in', s.LevelIds);
  if (s.States.length > 0) q = q.where('m.membership_state', 'in', s.States);
  if (s.Regions.length > 0) q = q.where('m.region', 'in', s.Regions);
  if (s.ActivityId > 0)
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('activity_notices as n')
          .select('n.id')
          .whereRef('n.member_id', '=', 'm.id')
          .where('n.activity_id', '=', s.ActivityId)
          .where(s.Attended ? 'n.checked_in_at' : 'n.signed_up_at', '!=', ''),
      ),
    );
  if (s.FormId > 0)
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom('form_responses as r').select('r.id').whereRef('r.member_id', '=', 'm.id').where('r.form_id', '=', s.FormId)),
    );
  if (s.ElectionId > 0)
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('election_voters as v')
          .select('v.member_id')
          .whereRef('v.member_id', '=', 'm.id')
          .where('v.election_id', '=', s.ElectionId)
          .where('v.voted', '=', 1),
      ),
    );
  return q;
}

/** Whether the member `m` opted out of the category: the one test the recipients and the count both make. */
const optedOutOf =
  (category: MailingCategory) =>
  ({ exists, selectFrom }: ExpressionBuilder<DB & { m: DB['members'] }, 'm'>) =>
    exists(selectFrom('mail_opt_outs as o').select('o.member_id').whereRef('o.member_id', '=', 'm.id').where('o.category', '=', category));

/** Hard bounces (退信, bounces.ts) of one address after which mailings no longer mail it. */
export const BOUNCES_UNTIL_UNUSABLE = 3;

/**
 * Whether the member `m` has an address to mail: one, and not one that came back as a hard bounce
 * BOUNCES_UNTIL_UNUSABLE times (counted as 无有效邮箱). Only that address's bounces count: a member
 * who gives a new address is mailed again.
 */
export const usableAddress = (eb: ExpressionBuilder<DB & { m: DB['members'] }, 'm'>) =>
  eb.and([
    eb('m.email', '!=', ''),
    eb.not(
      eb.exists(
        eb
          .selectFrom('mailing_recipients as b')
          .select('b.member_id')
          .whereRef('b.member_id', '=', 'm.id')
          .whereRef('b.email', '=', 'm.email')
          .where('b.bounced_at', '!=', '')
          .groupBy('b.member_id')
          .having((h) => h.fn.countAll(), '>=', BOUNCES_UNTIL_UNUSABLE),
      ),
    ),
  ]);

/** A member's reach for a mailing: opted out of its category, or with no way to reach them. */
export function reachable(db: Kysely<DB>, s: MailingSegment, category: MailingCategory, channels: readonly MailingChannel[]) {
  const byMail = !channels.includes('site');
  return segmentMembers(db, s)
    .where((eb) => eb.not(optedOutOf(category)(eb)))
    .$if(byMail, (q) => q.where(usableAddress));
}

export interface SegmentCount {
  matched: number;
  withAddress: number;
  noAddress: number;
  optedOut: number;
  recipients: number;
}

/**
 * CountMailingSegment: what the segment matches and who of them a mailing reaches. Without the
 * site channel a member with no usable address (none, or one that kept bouncing) is left out; a member who opted out of the category is
 * left out on every channel (counted once, as opted out, when both apply).
 */
export async function countSegment(db: Kysely<DB>, s: MailingSegment, category: MailingCategory, channels: readonly MailingChannel[]): Promise<SegmentCount> {
  const row = await segmentMembers(db, s)
    .select((eb) => {
      const { fn } = eb;
      const opted = optedOutOf(category)(eb);
      const usable = usableAddress(eb);
      const counted = (cond: Parameters<typeof eb.case>[0]) => fn.sum<number>(eb.case().when(cond).then(1).else(0).end());
      return [
        fn.countAll<number>().as('matched'),
        counted(usable).as('withAddress'),
        counted(opted).as('optedOut'),
        counted(eb.and([eb.not(usable), eb.not(opted)])).as('noAddressOnly'),
      ];
    })
    .executeTakeFirstOrThrow();
  const matched = Number(row.matched);
  const optedOut = Number(row.optedOut ?? 0);
  const noAddress = channels.includes('site') ? 0 : Number(row.noAddressOnly ?? 0);
  return { matched, withAddress: Number(row.withAddress ?? 0), noAddress, optedOut, recipients: matched - optedOut - noAddress };
}
