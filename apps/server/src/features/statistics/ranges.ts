import { addDays, cstDate, daysBetween, STATISTICS_MAX_DAYS, statisticsMessages, systemMessages, type VisitStatisticsQuery } from '@portal/shared';
import { badRequest } from '../../http/envelope.js';

export interface DayRange {
  start: string;
  end: string;
}

/** The first day the dashboard answers for: before it, an address typed by hand, not a site's history. */
const EARLIEST = '2000-01-01';

/** A real calendar day: 2026-02-30 is not one (Date reads it as 2 March), nor 2026-13-01 (no date at all). */
const isDay = (day: string) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && addDays(day, 0) === day;

/**
 * The range asked for: both ends absent, the last 7 days up to today; one absent, that day alone.
 * Refused with a message: a day that does not exist, the end before the start, past today, before
 * 2000, or longer than STATISTICS_MAX_DAYS.
 */
export function rangeOf(query: VisitStatisticsQuery, now: number): DayRange {
  const today = cstDate(now);
  const start = query.start ?? query.end ?? addDays(today, -6);
  const end = query.end ?? query.start ?? today;
  if (!isDay(start) || !isDay(end)) throw badRequest(systemMessages.dateInvalid);
  if (start > end) throw badRequest(statisticsMessages.rangeInvalid);
  if (end > today) throw badRequest(statisticsMessages.rangeInFuture);
  if (start < EARLIEST) throw badRequest(statisticsMessages.rangeTooEarly);
  if (daysBetween(start, end) + 1 > STATISTICS_MAX_DAYS) throw badRequest(statisticsMessages.rangeTooLong);
  return { start, end };
}

/** The range of the same length just before, for the comparison. */
export function previousOf({ start, end }: DayRange): DayRange {
  const previousEnd = addDays(start, -1);
  return { start: addDays(previousEnd, -daysBetween(start, end)), end: previousEnd };
}

/** Every day of the range, in order. */
export function daysOf({ start, end }: DayRange): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}
