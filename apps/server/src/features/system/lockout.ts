import type { Kysely } from 'kysely';
import { formatCst, parseCst } from '@portal/shared';
import type { DB } from '../../db/schema.js';

/**
 * Password-guessing lockout, shared by admin and member sign-in and by the old-password check
 * of their password changes. Wrong passwords are counted per account name and client address:
 *
 *   - five in a row lock that account from that address for ten minutes;
 *   - an account name that does not exist counts and locks exactly like one that does, so the
 *     answers never tell which accounts exist;
 *   - someone guessing from one address cannot lock the account's owner out from another.
 *
 * Guessing spread over many addresses is held back by the per-address request limits on the
 * sign-in calls (and the captcha on the back office's). docs/security.md has the reasoning.
 */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MS = 10 * 60_000;
/** Counts idle this long are forgotten. */
const FORGET_MS = 24 * 60 * 60_000;

export interface GuessKey {
  kind: 'admin' | 'member';
  /** As typed; compared without letter case, like accounts themselves. */
  account: string;
  ip: string;
}

const normalised = (key: GuessKey) => ({ kind: key.kind, account: key.account.toLowerCase().slice(0, 64), ip: key.ip.slice(0, 64) });

/** Whole minutes (at least 1) this account stays locked from this address; 0 when it is not. */
export async function lockedMinutes(db: Kysely<DB>, key: GuessKey, now: number): Promise<number> {
  const k = normalised(key);
  const row = await db
    .selectFrom('login_failures')
    .select('locked_until')
    .where('kind', '=', k.kind)
    .where('account', '=', k.account)
    .where('ip', '=', k.ip)
    .executeTakeFirst();
  if (!row?.locked_until || row.locked_until <= formatCst(now)) return 0;
  return Math.max(1, Math.ceil((parseCst(row.locked_until) - now) / 60_000));
}

/**
 * Counts one wrong password; answers the minutes of the lock it starts, or 0. The count is
 * one atomic upsert, so concurrent guesses cannot each see a count below the limit.
 */
export async function countWrongPassword(db: Kysely<DB>, key: GuessKey, now: number): Promise<number> {
  const k = normalised(key);
  const at = formatCst(now);
  await db.deleteFrom('login_failures').where('updated_at', '<', formatCst(now - FORGET_MS)).where('locked_until', '<', at).execute();
  const { id, failures } = await db
    .insertInto('login_failures')
    .values({ ...k, failures: 1, locked_until: '', updated_at: at })
    .onConflict((oc) => oc.columns(['kind', 'account', 'ip']).doUpdateSet((eb) => ({ failures: eb('login_failures.failures', '+', 1), updated_at: at })))
    .returning(['id', 'failures'])
    .executeTakeFirstOrThrow();
  if (failures < MAX_FAILED_LOGINS) return 0;
  await db.updateTable('login_failures').set({ failures: 0, locked_until: formatCst(now + LOCK_MS) }).where('id', '=', id).execute();
  return LOCK_MS / 60_000;
}

/** A right password from this address: its count starts again. */
export async function clearWrongPasswords(db: Kysely<DB>, key: GuessKey): Promise<void> {
  const k = normalised(key);
  await db.deleteFrom('login_failures').where('kind', '=', k.kind).where('account', '=', k.account).where('ip', '=', k.ip).execute();
}

/** A password set by someone else (an admin's reset): every lock of the account lifts. */
export async function forgetWrongPasswords(db: Kysely<DB>, kind: GuessKey['kind'], account: string): Promise<void> {
  await db.deleteFrom('login_failures').where('kind', '=', kind).where('account', '=', account.toLowerCase()).execute();
}
