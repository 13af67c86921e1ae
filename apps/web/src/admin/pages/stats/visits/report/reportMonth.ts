import { STATISTICS_FIRST_DAY, type VisitStatisticsQuery } from '@portal/shared';
import { cstToday } from '../range';
import { addMonths, isMonth, lastDayOf } from '../../shared/months';

/**
 * The monthly report's month and days. It opens on 访问统计's own route with `?report=yyyy-MM`
 * (one page, one permission); the month is compared with the month before.
 */

export const REPORT_PARAM = 'report';

const firstMonth = STATISTICS_FIRST_DAY.slice(0, 7);

/** The month an address asks for; none, mistyped, before 2000 or still to come: last month, the one an office reports on. */
export function reportMonthOf(value: string | null, today = cstToday()): string {
  const thisMonth = today.slice(0, 7);
  return isMonth(value) && value >= firstMonth && value <= thisMonth ? value : addMonths(thisMonth, -1);
}

/** A month's days the server is asked for: the whole month, or up to today while it runs. */
export function monthDays(month: string, today = cstToday()): Required<VisitStatisticsQuery> {
  const last = lastDayOf(month);
  return { start: `${month}-01`, end: last < today ? last : today };
}

/**
 * What a month is compared with: the whole previous month once the month is over, or while it
 * runs the same days of the previous month (1 to 7 October for 1 to 7 November): a week against
 * a whole month would read as a fall. `whole` says which, for the report's words.
 */
export function previousDays(month: string, days: Required<VisitStatisticsQuery>): Required<VisitStatisticsQuery> & { whole: boolean } {
  const previous = addMonths(month, -1);
  const last = lastDayOf(previous);
  if (days.end === lastDayOf(month)) return { start: `${previous}-01`, end: last, whole: true };
  const sameDay = `${previous}-${days.end.slice(8)}`;
  return { start: `${previous}-01`, end: sameDay < last ? sameDay : last, whole: false };
}
