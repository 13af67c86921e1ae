import { isWorkdayKind, WORKDAY_YEARS } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { addWorkingDaysIn, checkDays, dayNumber, dayText, workCalendar, workingDaysBetweenIn, type WorkCalendar } from './calendar.js';

/**
 * What other features reckon with: deadlines in working days (在线留言's reply deadline) and
 * working days elapsed, over the calendar staff keep (工作日历). Each call reads the stretch it
 * needs in one query (calendar.ts has the rule and the reckoning).
 */

/** The calendar of `first`..`last` (yyyy-MM-dd, both included), read in one query. */
export async function loadWorkCalendar({ db }: Database, first: string, last: string): Promise<WorkCalendar> {
  const rows = await db.selectFrom('work_calendar_days').select(['day', 'kind']).where('day', '>=', first).where('day', '<=', last).execute();
  return workCalendar(
    first,
    last,
    rows.flatMap((r) => (isWorkdayKind(r.kind) ? [{ day: r.day, kind: r.kind }] : [])),
  );
}

/** Past the last year staff can keep: a count that has not ended by then never will. */
const LAST_DAY = dayNumber(`${WORKDAY_YEARS.max}-12-31`);

/**
 * The due time `days` working days after `startCst` (CST `yyyy-MM-dd HH:mm:ss`): the end,
 * `yyyy-MM-dd 23:59:59`, of the `days`-th working day after the start's own day, which never
 * counts. `days` is a whole number of at least 1.
 *
 * The stretch read covers the count with weeks to spare (a 春节 and its weekends take under
 * three weeks); a calendar holding more rest days than that reads on, doubling the stretch.
 */
export async function addWorkingDays(database: Database, startCst: string, days: number): Promise<string> {
  checkDays(days);
  const start = dayNumber(startCst);
  const first = Math.ceil((days * 7) / 5) + 31;
  const limit = Math.max(LAST_DAY, start + first);
  for (let span = first; ; span *= 2) {
    const last = Math.min(start + span, limit);
    const due = addWorkingDaysIn(await loadWorkCalendar(database, dayText(start), dayText(last)), startCst, days);
    if (due !== null) return due;
    if (last === limit) throw new RangeError(`${startCst}之后至${dayText(limit)}没有${days}个工作日`);
  }
}

/**
 * The working days after `fromCst`'s day up to and including `toCst`'s day; negative when
 * `toCst` is the earlier, 0 on the same day. workingDaysBetween(s, await addWorkingDays(s, n)) is n.
 */
export async function workingDaysBetween(database: Database, fromCst: string, toCst: string): Promise<number> {
  const [from, to] = [dayNumber(fromCst), dayNumber(toCst)];
  const calendar = await loadWorkCalendar(database, dayText(Math.min(from, to)), dayText(Math.max(from, to)));
  return workingDaysBetweenIn(calendar, fromCst, toCst);
}
