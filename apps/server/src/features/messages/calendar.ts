import type { Kysely } from 'kysely';
import { formatCst, parseCst } from '@portal/shared';
import type { DB } from '../../db/schema.js';

/**
 * Stand-in for the working-day calendar of features/workdays (public holidays and adjusted
 * working days staff maintain), with its signatures: Monday to Friday count, nothing else.
 * deadline.ts is the one importer; when the calendar lands, deadline.ts imports it instead
 * and this file goes.
 */

const DAY = 86_400_000;
const weekday = (ms: number) => new Date(ms + 8 * 3_600_000).getUTCDay();
const isWorkingDay = (ms: number) => weekday(ms) !== 0 && weekday(ms) !== 6;

/** The same time of day `days` working days after `startCst`. */
export async function addWorkingDays(_db: Kysely<DB>, startCst: string, days: number): Promise<string> {
  let at = parseCst(startCst);
  for (let left = days; left > 0;) {
    at += DAY;
    if (isWorkingDay(at)) left -= 1;
  }
  return formatCst(at);
}

/** Whole working days from `fromCst` to `toCst` (the days after the first, up to and including the last). */
export async function workingDaysBetween(_db: Kysely<DB>, fromCst: string, toCst: string): Promise<number> {
  const from = parseCst(fromCst.slice(0, 10) + ' 00:00:00');
  const to = parseCst(toCst.slice(0, 10) + ' 00:00:00');
  let n = 0;
  for (let at = from + DAY; at <= to; at += DAY) if (isWorkingDay(at)) n += 1;
  return n;
}
