import { randomBytes } from 'node:crypto';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { formatCst } from '@portal/shared';
import { compiledRead } from '../../../db/compiled.js';
import type { DB } from '../../../db/schema.js';
import type { RequestClient } from '../../../http/user-agent.js';
import { hashToken } from './sessions.js';

/**
 * Member sessions, kept apart from admin sessions in their own table, so a member's token can
 * never open a back-office call. Like admin sessions (features/system/auth/sessions.ts, whose token
 * hashing they share) a token is stored only as its sha256 and a session ends after a period
 * without calls, a fixed time after sign-in, or when revoked (logout, password change,
 * account disabled).
 *
 * Two scopes: 'member' is a signed-in member; 'application' is handed to an applicant whose
 * application is under review or rejected (GetLoginToken Code 510/511) and opens only
 * GetMemberApplyRc and the resubmission through ApplyMember.
 */
export type MemberSessionScope = 'member' | 'application';

const MINUTE = 60_000;
const lifetimes: Record<MemberSessionScope, { idleMs: number; maxMs: number }> = {
  member: { idleMs: 12 * 60 * MINUTE, maxMs: 7 * 24 * 60 * MINUTE },
  application: { idleMs: 30 * MINUTE, maxMs: 2 * 60 * MINUTE },
};
const scopes = Object.keys(lifetimes) as MemberSessionScope[];

/** last_seen_at is rewritten at most this often, so not every call is a database write. */
const TOUCH_EVERY_MS = MINUTE;

/** Sessions that have not ended by `now`: neither past their absolute end nor idle longer than their scope allows. */
export const liveMemberSession =
  (now: number) =>
  (eb: ExpressionBuilder<DB, 'member_sessions'>): Expression<SqlBool> =>
    eb.and([
      eb('member_sessions.expires_at', '>', formatCst(now)),
      eb.or(scopes.map((s) => eb.and([eb('member_sessions.scope', '=', s), eb('member_sessions.last_seen_at', '>=', formatCst(now - lifetimes[s].idleMs))]))),
    ]);

/** Opens a session and answers its token; also sweeps sessions that have ended. */
export async function openMemberSession(db: Kysely<DB>, memberId: number, scope: MemberSessionScope, client: RequestClient, now: number): Promise<string> {
  await db
    .deleteFrom('member_sessions')
    .where((eb) => eb.not(liveMemberSession(now)(eb)))
    .execute();
  const token = randomBytes(32).toString('base64url');
  const at = formatCst(now);
  await db
    .insertInto('member_sessions')
    .values({
      token_hash: hashToken(token),
      member_id: memberId,
      scope,
      ip: client.ip,
      user_agent: client.userAgent,
      created_at: at,
      last_seen_at: at,
      expires_at: formatCst(now + lifetimes[scope].maxMs),
    })
    .execute();
  return token;
}

/** A live session with the state of its member as of this call. */
export interface LiveMemberSession {
  sessionId: number;
  memberId: number;
  scope: MemberSessionScope;
  account: string;
  status: number;
  applyState: number;
  /** MembershipState as the daily membership job (features/members/states.ts) last left it. */
  membershipState: number;
  /** The password is an initial one the staff know: nothing but its replacement opens (guard.ts). */
  mustChangePassword: boolean;
}

/** Every member request reads its session: built and compiled once (db/compiled.ts). */
const readSession = compiledRead((db: Kysely<DB>, { tokenHash }: { tokenHash: string }) =>
  db
    .selectFrom('member_sessions as s')
    .innerJoin('members as m', 'm.id', 's.member_id')
    .select([
      's.id',
      's.member_id',
      's.scope',
      's.last_seen_at',
      's.expires_at',
      'm.account',
      'm.status',
      'm.apply_state',
      'm.membership_state',
      'm.must_change_password',
    ])
    .where('s.token_hash', '=', tokenHash),
);

/** The live session of a token, refreshed as used; null when unknown, ended or revoked. */
export async function resumeMemberSession(db: Kysely<DB>, token: string, now: number): Promise<LiveMemberSession | null> {
  const [row] = await readSession(db, { tokenHash: hashToken(token) });
  if (!row) return null;
  const scope = row.scope as MemberSessionScope;
  if (row.expires_at <= formatCst(now) || row.last_seen_at < formatCst(now - lifetimes[scope].idleMs)) {
    await endMemberSession(db, row.id);
    return null;
  }
  if (row.last_seen_at < formatCst(now - TOUCH_EVERY_MS)) {
    await db
      .updateTable('member_sessions')
      .set({ last_seen_at: formatCst(now) })
      .where('id', '=', row.id)
      .execute();
  }
  return {
    sessionId: row.id,
    memberId: row.member_id,
    scope,
    account: row.account,
    status: row.status,
    applyState: row.apply_state,
    membershipState: row.membership_state,
    mustChangePassword: row.must_change_password === 1,
  };
}

export async function endMemberSession(db: Kysely<DB>, sessionId: number): Promise<void> {
  await db.deleteFrom('member_sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a member, except optionally the one making the change. */
export async function endMemberSessions(db: Kysely<DB>, memberId: number, keepSessionId?: number): Promise<void> {
  let query = db.deleteFrom('member_sessions').where('member_id', '=', memberId);
  if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}
