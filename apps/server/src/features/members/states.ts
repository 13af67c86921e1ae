import { sql, type Kysely } from 'kysely';
import { addDays, ApplyState, DEFAULT_GRACE_DAYS, MembershipState, MemberStatus } from '@portal/shared';
import type { DB } from '../../db/schema.js';

/**
 * A member's standing (MembershipState), from the account's status, 有效期至 and the level's
 * grace period, on a CST day:
 *
 *   已停用  the account is disabled (EditMemberStatus 0, 批量停用);
 *   有效    no end date (a level without dues, or a member recorded before terms were kept),
 *           or today is on or before 有效期至;
 *   宽限期  有效期至 has passed, by no more than the grace days: the member keeps access and is
 *           asked to renew;
 *   已过期  past grace: the member signs in but loses member-only articles, contributions and
 *           activity sign-up (features/members/guard.ts requireMemberInGoodStanding).
 *
 * The state is stored on the member, so each request reads it with the session at no cost,
 * and the list filters on it. The daily job (job.ts) moves what the calendar moves; a payment,
 * an edit of the dates, a status change or an approval recomputes that member at once.
 */
export function stateOf(member: { status: number; expireDate: string }, graceDays: number, today: string): MembershipState {
  if (member.status !== MemberStatus.Enabled) return MembershipState.Suspended;
  if (member.expireDate === '' || today <= member.expireDate) return MembershipState.Active;
  return addDays(member.expireDate, graceDays) >= today ? MembershipState.Grace : MembershipState.Expired;
}

type Db = Kysely<DB>;

/** The grace days of a member's level, or the default for a level without terms. */
const graceDaysOfLevel = () =>
  sql<number>`coalesce((select mt.grace_days from member_level_terms mt where mt.level_id = ${sql.ref('members.member_level_id')}), ${DEFAULT_GRACE_DAYS})`;

/**
 * Brings every approved member's stored state up to `today`, in set-based UPDATEs (two, then two per grace period in use) that
 * touch only the rows whose state changes, so a daily run over 100,000 members that moves a
 * few is a few index reads and a scan of the date column. Answers how many members changed.
 *
 * Dates are ISO text, so text order is date order: the same rule as stateOf.
 */
export async function refreshStates(db: Db, today: string): Promise<number> {
  const grace = graceDaysOfLevel();
  // Each grace period in use gets its pair of UPDATEs: 已过期 is 有效期至 before today minus the
  // grace days, a date computed here, so no engine's date arithmetic is needed in SQL.
  const lapsedBefore = (days: number) => addDays(today, -days);
  const graceValues = await db
    .selectFrom('members')
    .select(grace.as('grace'))
    .distinct()
    .where('apply_state', '=', ApplyState.Approved)
    .where('expire_date', '<>', '')
    .where('expire_date', '<', today)
    .execute();
  let changed = 0;
  const base = () => db.updateTable('members').where('apply_state', '=', ApplyState.Approved);
  const set = async (state: MembershipState, where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) => {
    const result = await where(base().set({ membership_state: state }))
      .where('membership_state', '<>', state)
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  };
  await set(MembershipState.Suspended, (q) => q.where('status', '<>', MemberStatus.Enabled));
  await set(MembershipState.Active, (q) =>
    q.where('status', '=', MemberStatus.Enabled).where((eb) => eb.or([eb('expire_date', '=', ''), eb('expire_date', '>=', today)])),
  );
  for (const { grace: days } of graceValues) {
    const g = Number(days);
    const ofGrace = sql<boolean>`${graceDaysOfLevel()} = ${g}`;
    await set(MembershipState.Grace, (q) =>
      q
        .where('status', '=', MemberStatus.Enabled)
        .where('expire_date', '<>', '')
        .where('expire_date', '<', today)
        .where('expire_date', '>=', lapsedBefore(g))
        .where(ofGrace),
    );
    await set(MembershipState.Expired, (q) =>
      q.where('status', '=', MemberStatus.Enabled).where('expire_date', '<>', '').where('expire_date', '<', lapsedBefore(g)).where(ofGrace),
    );
  }
  return changed;
}

/** Recomputes one member's state (after a payment, an edit of the dates, a status change). Answers it. */
export async function refreshMemberState(db: Db, memberId: number, today: string): Promise<MembershipState> {
  const row = await db
    .selectFrom('members')
    .select(['status', 'expire_date', 'apply_state', graceDaysOfLevel().as('grace')])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  const state = stateOf({ status: row.status, expireDate: row.expire_date }, Number(row.grace), today);
  if (row.apply_state === ApplyState.Approved)
    await db.updateTable('members').set({ membership_state: state }).where('id', '=', memberId).where('membership_state', '<>', state).execute();
  return state;
}
