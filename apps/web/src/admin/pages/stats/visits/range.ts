import type { PeriodChoice } from '../shared/useCustomChoice';
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

const isPreset = (value: string | null): value is Preset => value !== null && value !== 'custom' && value in presetLabels;

/**
 * The choice an address holds. A link whose range cannot be answered (mistyped, or a 自定义 range
 * that has since become too long) opens on 近7天, the server's own default, rather than on an error.
 */
export function choiceOf(params: URLSearchParams, today = cstToday()): RangeChoice {
  const start = params.get('start');
  const end = params.get('end');
  if (start && end && rangeProblem(start, end, today) === null) return { preset: 'custom', start, end };
  const preset = params.get('range');
  return isPreset(preset) ? { preset } : { preset: '7d' };
}

/** The address parameters of a choice (what choiceOf reads back). */
export function paramsOf(choice: RangeChoice): Record<string, string> {
  return choice.preset === 'custom' ? { range: 'custom', start: choice.start, end: choice.end } : { range: choice.preset };
}
