import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatCst } from '@portal/shared';
import type { DB } from '../../../db/schema.js';
import { MAX_FAILED_LOGINS } from '../auth/lockout.js';

/**
 * The step between a right password and the second factor: Login answers a ticket, LoginTotp
 * takes it with the code. A ticket lives five minutes, is stored only as its sha256, and ends
 * with the sign-in it completes or with its fifth wrong code, whichever comes first.
 */
const CHALLENGE_TTL_MS = 5 * 60_000;

const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** A new ticket for the admin; ended challenges are swept on the way. */
export async function openChallenge(db: Kysely<DB>, adminId: number, now: number): Promise<string> {
  await db.deleteFrom('sign_in_challenges').where('expires_at', '<', formatCst(now)).execute();
  const ticket = randomBytes(24).toString('base64url');
  await db
    .insertInto('sign_in_challenges')
    .values({ ticket_hash: ticketHash(ticket), admin_id: adminId, expires_at: formatCst(now + CHALLENGE_TTL_MS) })
    .execute();
  return ticket;
}

/**
 * Holds a live ticket for one attempt and answers its admin; null when it is unknown, expired,
 * used or held by another attempt. The UPDATE claims it atomically, so concurrent attempts
 * cannot try several codes against one ticket at once, nor both complete it.
 */
export async function claimChallenge(db: Kysely<DB>, ticket: string, now: number): Promise<number | null> {
  const row = await db
    .updateTable('sign_in_challenges')
    .set({ claimed: 1 })
    .where('ticket_hash', '=', ticketHash(ticket))
    .where('claimed', '=', 0)
    .where('expires_at', '>=', formatCst(now))
    .returning('admin_id')
    .executeTakeFirst();
  return row?.admin_id ?? null;
}

/** After a wrong code: the ticket takes another attempt, unless it has had its last. */
export async function releaseChallenge(db: Kysely<DB>, ticket: string): Promise<void> {
  const hash = ticketHash(ticket);
  await db
    .updateTable('sign_in_challenges')
    .set((eb) => ({ claimed: 0, failures: eb('failures', '+', 1) }))
    .where('ticket_hash', '=', hash)
    .execute();
  await db.deleteFrom('sign_in_challenges').where('ticket_hash', '=', hash).where('failures', '>=', MAX_FAILED_LOGINS).execute();
}

/** The ticket is done with: the sign-in completed, or the account cannot sign in now. */
export async function endChallenge(db: Kysely<DB>, ticket: string): Promise<void> {
  await db.deleteFrom('sign_in_challenges').where('ticket_hash', '=', ticketHash(ticket)).execute();
}
