import { choiceInAddress, choiceParams, type PeriodChoice } from '../shared/useCustomChoice';
import { editorMonthsProblem, type EditorOutputQuery } from '@portal/shared';
import { addMonths, cstMonth } from '../shared/months';

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
export const monthRangeProblem = editorMonthsProblem;

/** The choice an address holds; months the server would refuse (mistyped, too long) open on 本月, its own default. */
export const choiceOf = (params: URLSearchParams): MonthChoice => choiceInAddress<Preset>(params, presetLabels, monthRangeProblem, 'thisMonth');

export const paramsOf = choiceParams<Preset>;
