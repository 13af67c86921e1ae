import type { PeriodChoice } from '../shared/useCustomChoice';
import { EDITOR_OUTPUT_MAX_MONTHS, messageBoardMessages, type EditorOutputQuery } from '@portal/shared';
import { addMonths, cstMonth, isMonth, monthCount } from '../shared/months';

/**
 * The months 编辑工作量 shows, as the address keeps them: a named choice (本月 stays this month
 * when a link is opened next month) or the two months of a 自定义 range.
 */

export type Preset = 'thisMonth' | 'lastMonth' | 'thisYear';
export type MonthChoice = PeriodChoice<Preset>;

export const presetLabels: Record<Preset | 'custom', string> = {
  thisMonth: '本月',
  lastMonth: '上月',
  thisYear: '今年',
  custom: '自定义',
};

/** The two months of a choice. */
export function monthsOf(choice: MonthChoice, thisMonth = cstMonth()): Required<EditorOutputQuery> {
  switch (choice.preset) {
    case 'thisMonth':
      return { start: thisMonth, end: thisMonth };
    case 'lastMonth':
      return { start: addMonths(thisMonth, -1), end: addMonths(thisMonth, -1) };
    case 'thisYear':
      return { start: `${thisMonth.slice(0, 4)}-01`, end: thisMonth };
    case 'custom':
      return { start: choice.start, end: choice.end };
  }
}

/** Why the server would refuse two months, in its own words; null when it answers them. */
export function monthRangeProblem(start: string, end: string): string | null {
  if (!isMonth(start) || !isMonth(end)) return messageBoardMessages.monthInvalid;
  const months = monthCount(start, end);
  return months < 1 || months > EDITOR_OUTPUT_MAX_MONTHS ? messageBoardMessages.monthRange : null;
}

const isPreset = (value: string | null): value is Preset => value !== null && value !== 'custom' && value in presetLabels;

/** The choice an address holds; one the server would refuse (mistyped, too long) opens on 本月, its own default. */
export function choiceOf(params: URLSearchParams): MonthChoice {
  const start = params.get('start');
  const end = params.get('end');
  if (start && end && monthRangeProblem(start, end) === null) return { preset: 'custom', start, end };
  const preset = params.get('range');
  return isPreset(preset) ? { preset } : { preset: 'thisMonth' };
}

/** The address parameters of a choice (what choiceOf reads back). */
export function paramsOf(choice: MonthChoice): Record<string, string> {
  return choice.preset === 'custom' ? { range: 'custom', start: choice.start, end: choice.end } : { range: choice.preset };
}
