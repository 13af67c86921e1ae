import { sql, type Transaction } from 'kysely';
import type { Database, Engine } from './connection.js';
import type { DB } from './schema.js';

/**
 * Makes the transactions that name the same key take turns, from this call to their end.
 *
 * The limits counted from the rows they guard (five suggestions per address in ten minutes,
 * ten contributions per member an hour, the certificate lookup budget) count and then insert.
 * Two requests doing that side by side each see a count under the limit and both insert:
 * PostgreSQL at READ COMMITTED shows neither the other's uncommitted row. With the key held
 * from before the count until the commit, the next request of that address or member counts
 * after the previous one's row is in, on every instance; other keys go on meanwhile.
 *
 * - PostgreSQL: a transaction-level advisory lock on the key's 64-bit hash, released by the
 *   commit or rollback. Two keys that hash alike only wait for each other.
 * - SQLite: nothing more is needed. Every transaction begins with BEGIN IMMEDIATE
 *   (connection.ts), taking the database's one write lock, which other worker processes wait
 *   for; within a process, the transaction holds the only connection until it ends.
 */
export async function lockKey(trx: Transaction<DB>, engine: Engine, key: string): Promise<void> {
  if (engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/** Runs `work` in a transaction holding `key` (lockKey): for a count and the insert it permits. */
export function withKeyLocked<T>(database: Database, key: string, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return database.db.transaction().execute(async (trx) => {
    await lockKey(trx, database.engine, key);
    return work(trx);
  });
}
