import { describe, expect, it } from 'vitest';
import { messageBoardMessages } from '@portal/shared';
import { choiceOf, monthRangeProblem, monthsOf, paramsOf } from './range';

const thisMonth = '2026-01';
const params = (query: string) => new URLSearchParams(query);

describe('the months of 编辑工作量', () => {
  it('turns each named choice into its months, across a new year', () => {
    expect(monthsOf({ preset: 'thisMonth' }, thisMonth)).toEqual({ start: '2026-01', end: '2026-01' });
    expect(monthsOf({ preset: 'lastMonth' }, thisMonth)).toEqual({ start: '2025-12', end: '2025-12' });
    expect(monthsOf({ preset: 'thisYear' }, '2026-11')).toEqual({ start: '2026-01', end: '2026-11' });
  });

  it('reads back from the address what it wrote there', () => {
    const custom = { preset: 'custom', start: '2025-03', end: '2025-12' } as const;
    expect(choiceOf(new URLSearchParams(paramsOf(custom)))).toEqual(custom);
    expect(choiceOf(new URLSearchParams(paramsOf({ preset: 'thisYear' })))).toEqual({ preset: 'thisYear' });
  });

  it('opens a link it cannot answer on 本月', () => {
    expect(choiceOf(params(''))).toEqual({ preset: 'thisMonth' });
    expect(choiceOf(params('range=week'))).toEqual({ preset: 'thisMonth' });
    expect(choiceOf(params('range=custom&start=2025-12&end=2025-03'))).toEqual({ preset: 'thisMonth' });
    expect(choiceOf(params('range=custom&start=2022-01&end=2025-01'))).toEqual({ preset: 'thisMonth' });
  });

  it('refuses what the server refuses, in its words', () => {
    expect(monthRangeProblem('2022-01', '2024-12')).toBeNull();
    expect(monthRangeProblem('2022-01', '2025-01')).toBe(messageBoardMessages.monthRange);
    expect(monthRangeProblem('2025-02', '2025-01')).toBe(messageBoardMessages.monthRange);
    expect(monthRangeProblem('2025-1', '2025-02')).toBe(messageBoardMessages.monthInvalid);
  });
});
