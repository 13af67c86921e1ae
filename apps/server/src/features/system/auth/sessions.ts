import { createHash, randomBytes } from 'node:crypto';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { formatCst } from '@portal/shared';
import type { AdminSessionConfig } from '../../../config.js';
import type { Database } from '../../../db/connection.js';
import type { DB } from '../../../db/schema.js';
import type { RequestClient } from '../../../http/user-agent.js';

/**
 * Admin sessions: an opaque random token, stored only as its sha256, that ends after a
 * period without the admin's own calls (idle) or a fixed time after sign-in (absolute),
 * whichever comes first, and whenever it is revoked (logout, password change, second factor
 * turned on, account disabled or deleted).
 */

/** last_seen_at is rewritten at most this often, so not every call is a database write. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const idleMs = (limits: AdminSessionConfig) => limits.idleMinutes * 60_000;
const maxMs = (limits: AdminSessionConfig) => limits.maxHours * 3_600_000;

/** Sessions that have not ended by `now`: neither past their absolute end nor idle too long. */
export const liveAdminSession =
  (now: number, limits: AdminSessionConfig) =>
  (eb: ExpressionBuilder<DB, 'admin_sessions'>): Expression<SqlBool> =>
    eb.and([eb('admin_sessions.expires_at', '>', formatCst(now)), eb('admin_sessions.last_seen_at', '>=', formatCst(now - idleMs(limits)))]);

/** Opens a session and answers its token; also sweeps sessions that have ended. */
export async function openSession({ db }: Database, adminId: number, client: RequestClient, now: number, limits: AdminSessionConfig): Promise<string> {
  await db
    .deleteFrom('admin_sessions')
    .where((eb) => eb.not(liveAdminSession(now, limits)(eb)))
    .execute();
  const token = randomBytes(32).toString('base64url');
  const at = formatCst(now);
  await db
    .insertInto('admin_sessions')
    .values({
      token_hash: hashToken(token),
      admin_id: adminId,
      ip: client.ip,
      user_agent: client.userAgent,
      created_at: at,
      last_seen_at: at,
      expires_at: formatCst(now + maxMs(limits)),
    })
    .execute();
  return token;
}

export interface LiveSession {
  sessionId: number;
  adminId: number;
}

/**
 * How a call uses its session: `action`, something the admin did, which restarts the idle
 * period; `background`, a page asking by itself on a timer (the bell's poll), which is
 * admitted while the session lives but does not keep it alive, or a tab left open on an
 * unattended desk would never idle out (guard.ts reads which from the request).
 */
export type SessionUse = 'action' | 'background';

/** The live session of a token, refreshed when used for an action; null when unknown, ended or revoked. */
export async function resumeSession(
  { db }: Database,
  token: string,
  now: number,
  limits: AdminSessionConfig,
  use: SessionUse = 'action',
): Promise<LiveSession | null> {
  const row = await db
    .selectFrom('admin_sessions')
    .select(['id', 'admin_id', 'last_seen_at', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return null;
  if (row.expires_at <= formatCst(now) || row.last_seen_at < formatCst(now - idleMs(limits))) {
    await db.deleteFrom('admin_sessions').where('id', '=', row.id).execute();
    return null;
  }
  if (use === 'action' && row.last_seen_at < formatCst(now - TOUCH_EVERY_MS)) {
    await db
      .updateTable('admin_sessions')
      .set({ last_seen_at: formatCst(now) })
      .where('id', '=', row.id)
      .execute();
  }
  return { sessionId: row.id, adminId: row.admin_id };
}

export async function endSession(db: Kysely<DB>, sessionId: number): Promise<void> {
  await db.deleteFrom('admin_sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of an admin, except optionally the one making the change. */
export async function endAdminSessions(db: Kysely<DB>, adminId: number, keepSessionId?: number): Promise<void> {
  let query = db.deleteFrom('admin_sessions').where('admin_id', '=', adminId);
  if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}
