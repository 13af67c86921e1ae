import type { Kysely } from 'kysely';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { addWorkingDays, workingDaysBetween } from '../workdays/service.js';

/**
 * A message's reply deadline in working days, from the working-day calendar staff keep
 * (features/workdays): the one place the feature reads it (docs/messages.md, "Deadlines").
 * `db` is the caller's transaction: on SQLite it holds the only connection, so the calendar is
 * read through it.
 */

const through = (database: Database, db: Kysely<DB>): Database => ({ ...database, db });

/** When a message received at `receivedCst` must be answered: the end of its category's last working day. */
export const dueTime = (database: Database, db: Kysely<DB>, receivedCst: string, days: number): Promise<string> =>
  addWorkingDays(through(database, db), receivedCst, days);

/** How many working days a reply took (kept on the message; the statistics average it). */
export const replyWorkingDays = (database: Database, db: Kysely<DB>, receivedCst: string, repliedCst: string): Promise<number> =>
  workingDaysBetween(through(database, db), receivedCst, repliedCst);
