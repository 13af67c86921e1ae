import { choiceInAddress, choiceParams, type PeriodChoice } from '../shared/useCustomChoice';
import { addDays, cstDate, daysBetween, visitRangeProblem, type VisitStatisticsQuery } from '@portal/shared';

/**
 * The range 访问统计 shows, as the address keeps it: a named choice (近7天 stays the last seven
 * days when a link is opened next week) or the two days of a 自定义 range. Days are China
 * Standard Time, as the server counts them: an administrator abroad still sees the office's today.
 */

export type Preset = 'today' | 'yesterday' | '7d' | '30d';
export type RangeChoice = PeriodChoice<Preset>;

export const presetLabels: Record<Preset | 'custom', string> = {
  today: '今天',
  yesterday: '昨天',
  '7d': '近7天',
  '30d': '近30天',
  custom: '自定义',
};

/** How many days a range holds, both ends counted. */
export const daysIn = (start: string, end: string) => daysBetween(start, end) + 1;

/** Today in China Standard Time. */
export const cstToday = () => cstDate();

/** The two days of a choice. */
export function datesOf(choice: RangeChoice, today = cstToday()): Required<VisitStatisticsQuery> {
  switch (choice.preset) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday':
      return { start: addDays(today, -1), end: addDays(today, -1) };
    case '7d':
      return { start: addDays(today, -6), end: today };
    case '30d':
      return { start: addDays(today, -29), end: today };
    case 'custom':
      return { start: choice.start, end: choice.end };
  }
}

/** Why the server would refuse a range, in its own words; null when it answers it. */
export const rangeProblem = (start: string, end: string, today = cstToday()) => visitRangeProblem(start, end, today);

/** The choice an address holds; a range the server would refuse opens on 近7天, its own default. */
export const choiceOf = (params: URLSearchParams, today = cstToday()): RangeChoice =>
  choiceInAddress<Preset>(params, presetLabels, (start, end) => rangeProblem(start, end, today), '7d');

export const paramsOf = choiceParams<Preset>;
