import { describe, expect, it } from 'vitest';
import { statisticsMessages, systemMessages } from '@portal/shared';
import { choiceOf, datesOf, paramsOf, rangeProblem } from './range';

const today = '2026-11-07';
const params = (query: string) => new URLSearchParams(query);

describe('the range of 访问统计', () => {
  it('turns each named choice into its days, today included', () => {
    expect(datesOf({ preset: 'today' }, today)).toEqual({ start: today, end: today });
    expect(datesOf({ preset: 'yesterday' }, today)).toEqual({ start: '2026-11-06', end: '2026-11-06' });
    expect(datesOf({ preset: '7d' }, today)).toEqual({ start: '2026-11-01', end: today });
    expect(datesOf({ preset: '30d' }, '2026-03-01')).toEqual({ start: '2026-01-31', end: '2026-03-01' });
  });

  it('reads back from the address what it wrote there', () => {
    const custom = { preset: 'custom', start: '2026-01-01', end: '2026-01-31' } as const;
    expect(choiceOf(new URLSearchParams(paramsOf(custom)), today)).toEqual(custom);
    expect(choiceOf(new URLSearchParams(paramsOf({ preset: '30d' })), today)).toEqual({ preset: '30d' });
  });

  it('opens a link it cannot answer on 近7天', () => {
    expect(choiceOf(params(''), today)).toEqual({ preset: '7d' });
    expect(choiceOf(params('range=year'), today)).toEqual({ preset: '7d' });
    expect(choiceOf(params('range=custom&start=2026-02-30&end=2026-03-01'), today)).toEqual({ preset: '7d' });
    expect(choiceOf(params('range=custom&start=2026-11-01&end=2026-11-08'), today)).toEqual({ preset: '7d' });
  });

  it('refuses what the server refuses, in its words', () => {
    expect(rangeProblem('2026-11-07', '2026-11-01', today)).toBe(statisticsMessages.rangeInvalid);
    expect(rangeProblem('2026-11-01', '2026-11-08', today)).toBe(statisticsMessages.rangeInFuture);
    expect(rangeProblem('1999-12-31', '2000-01-01', today)).toBe(statisticsMessages.rangeTooEarly);
    expect(rangeProblem('2024-01-01', '2024-12-31', today)).toBeNull();
    expect(rangeProblem('2024-01-01', '2025-01-01', today)).toBe(statisticsMessages.rangeTooLong);
    expect(rangeProblem('2026-1-1', today, today)).toBe(systemMessages.dateInvalid);
  });
});
