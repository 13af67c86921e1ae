import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { addWorkingDays, workingDaysBetween } from './calendar.js';

/**
 * A message's reply deadline in working days, from the working-day calendar: the one place the
 * feature reads it (docs/messages.md, "Deadlines").
 */

/** When a message received at `receivedCst` must be answered: its category's working days later. */
export const dueTime = (db: Kysely<DB>, receivedCst: string, days: number): Promise<string> => addWorkingDays(db, receivedCst, days);

/** How many working days a reply took (kept on the message; the statistics average it). */
export const replyWorkingDays = (db: Kysely<DB>, receivedCst: string, repliedCst: string): Promise<number> => workingDaysBetween(db, receivedCst, repliedCst);
