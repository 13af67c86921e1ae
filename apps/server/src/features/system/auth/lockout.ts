import type { Kysely } from 'kysely';
import { formatCst, parseCst } from '@portal/shared';
import type { DB } from '../../../db/schema.js';
import { addressGroup } from '../../../http/client-address.js';

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

/** Counted per address group (http/client-address.ts): an IPv6 guesser cannot start afresh from the next address of its /64. */
const normalised = (key: GuessKey) => ({ kind: key.kind, account: key.account.toLowerCase().slice(0, 64), ip: addressGroup(key.ip).slice(0, 64) });

/**
 * One try at an account's password (or second-factor code) from an address, claimed before the
 * answer is checked.
 */
export interface GuessTry {
  /** Whole minutes (at least 1) the account stays locked from this address: the try is refused unchecked. 0 when it may go ahead. */
  lockedMinutes: number;
  /** The minutes of the lock this try started as the last one allowed, which stands if its answer is wrong; 0 otherwise. */
  lockIfWrong: number;
}

/**
 * Claims a try before its answer is checked. The count goes up in one atomic upsert that answers
 * it with this try included, so guesses arriving together, on any instance, are numbered one by
 * one: the first five are checked (the fifth starts the lock at once), the rest are refused
 * without being checked. Checking first and counting after let a burst of guesses all be checked
 * before the lock was written. A wrong answer leaves its try counted; a right one clears the
 * count (clearWrongPasswords) or hands the try back (handBackTry). Refused tries count too, so the
 * count stays over the allowance until the lock lapses; the first try after it starts a new count.
 */
export async function claimTry(db: Kysely<DB>, key: GuessKey, now: number): Promise<GuessTry> {
  const k = normalised(key);
  const at = formatCst(now);
  const lockEnd = formatCst(now + LOCK_MS);
  await db
    .deleteFrom('login_failures')
    .where('updated_at', '<', formatCst(now - FORGET_MS))
    .where('locked_until', '<', at)
    .execute();
  const { failures, locked_until } = await db
    .insertInto('login_failures')
    .values({ ...k, failures: 1, locked_until: '', updated_at: at })
    .onConflict((oc) =>
      oc.columns(['kind', 'account', 'ip']).doUpdateSet((eb) => {
        const lapsed = eb.and([eb('login_failures.locked_until', '<>', ''), eb('login_failures.locked_until', '<=', at)]);
        const count = eb(eb.case().when(lapsed).then(eb.lit(0)).else(eb.ref('login_failures.failures')).end(), '+', eb.lit(1));
        return {
          failures: count,
          locked_until: eb
            .case()
            .when(eb(count, '=', MAX_FAILED_LOGINS))
            .then(lockEnd)
            .when(lapsed)
            .then('')
            .else(eb.ref('login_failures.locked_until'))
            .end(),
          updated_at: at,
        };
      }),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirstOrThrow();
  if (failures > MAX_FAILED_LOGINS) return { lockedMinutes: Math.max(1, Math.ceil((parseCst(locked_until) - now) / 60_000)), lockIfWrong: 0 };
  return { lockedMinutes: 0, lockIfWrong: failures === MAX_FAILED_LOGINS ? LOCK_MS / 60_000 : 0 };
}

/**
 * A try whose answer was right though the call opens nothing yet (a second factor to come, a
 * disabled account): the count goes back to what it was without it, and a lock it reached lifts
 * with it, unless tries refused meanwhile keep the count over the allowance.
 */
export async function handBackTry(db: Kysely<DB>, key: GuessKey): Promise<void> {
  await db
    .updateTable('login_failures')
    .set((eb) => ({
      failures: eb('failures', '-', 1),
      locked_until: eb.case().when('failures', '<=', MAX_FAILED_LOGINS).then('').else(eb.ref('locked_until')).end(),
    }))
    .where((eb) => eb.and(normalised(key)))
    .where('failures', '>', 0)
    .execute();
}

/** A right password from this address: its count starts again. */
export async function clearWrongPasswords(db: Kysely<DB>, key: GuessKey): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where((eb) => eb.and(normalised(key)))
    .execute();
}

/** A password set by someone else (an admin's reset): every lock of the account lifts. */
export async function forgetWrongPasswords(db: Kysely<DB>, kind: GuessKey['kind'], account: string): Promise<void> {
  await db.deleteFrom('login_failures').where('kind', '=', kind).where('account', '=', account.toLowerCase()).execute();
}
