import { hash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * A visitor is counted as Plausible and Umami count one, without a cookie or anything stored in
 * the browser: a hash of the day's random salt, the address and the user agent. The salt is
 * made on the day's first hit, shared by every instance through the database, and deleted once
 * the day is over (rollup.ts), after which nothing can tell whether two days' hashes are the
 * same person — nor recompute a hash from an address.
 */

const memo = new WeakMap<Kysely<DB>, Map<string, string>>();

/** The salt of a China-time day, made when it has none. */
export async function saltOf(db: Kysely<DB>, day: string): Promise<string> {
  let days = memo.get(db);
  if (!days) memo.set(db, (days = new Map()));
  const known = days.get(day);
  if (known) return known;
  // Several instances may make one at once: the first written is everyone's.
  await db
    .insertInto('stat_salts')
    .values({ day, salt: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const { salt } = await db.selectFrom('stat_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  // Only today's and yesterday's are asked for; older ones are forgotten here as in the table.
  for (const kept of days.keys()) if (kept < day) days.delete(kept);
  days.set(day, salt);
  return salt;
}

/** Deletes the salts of the days before `today`: their visitors can no longer be told apart from anyone. */
export async function discardOldSalts(db: Kysely<DB>, today: string): Promise<void> {
  await db.deleteFrom('stat_salts').where('day', '<', today).execute();
  memo.get(db)?.forEach((_, day, days) => {
    if (day < today) days.delete(day);
  });
}

/** One call, not a Hash object per page view (a third of the time). */
export const visitorHash = (salt: string, address: string, userAgent: string) => hash('sha256', `${salt}\n${address}\n${userAgent}`, 'hex').slice(0, 32);
