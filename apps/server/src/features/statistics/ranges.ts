import { addDays, cstDate, daysBetween, visitRangeProblem, type VisitStatisticsQuery } from '@portal/shared';
import { badRequest } from '../../http/envelope.js';

export interface DayRange {
  start: string;
  end: string;
}

/**
 * The range asked for: both ends absent, the last 7 days up to today; one absent, that day alone.
 * Refused with the message visitRangeProblem gives (a day that does not exist, the end before the
 * start, past today, before 2000, longer than a year and a day).
 */
export function rangeOf(query: VisitStatisticsQuery, now: number): DayRange {
  const today = cstDate(now);
  const start = query.start ?? query.end ?? addDays(today, -6);
  const end = query.end ?? query.start ?? today;
  const problem = visitRangeProblem(start, end, today);
  if (problem) throw badRequest(problem);
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
