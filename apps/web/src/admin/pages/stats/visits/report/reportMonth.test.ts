import { describe, expect, it } from 'vitest';
import { addMonths, monthTitle } from '../../shared/months';
import { monthDays, previousDays, reportMonthOf } from './reportMonth';

const today = '2026-11-07';

describe('the monthly report’s month', () => {
  it('is last month unless the address names one that has begun, from 2000 on', () => {
    expect(reportMonthOf(null, today)).toBe('2026-10');
    expect(reportMonthOf('2026-11', today)).toBe('2026-11');
    expect(reportMonthOf('2025-02', today)).toBe('2025-02');
    for (const odd of ['', '2026-12', '1999-12', '2026-13', '2026-1', 'latest']) expect(reportMonthOf(odd, today)).toBe('2026-10');
    expect(reportMonthOf(null, '2027-01-01')).toBe('2026-12');
  });

  it('asks for the whole month, or up to today while it runs', () => {
    expect(monthDays('2026-10', today)).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(monthDays('2024-02', today)).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(monthDays('2026-11', today)).toEqual({ start: '2026-11-01', end: today });
  });

  it('is compared with the whole previous month, or its same days while the month runs', () => {
    expect(previousDays('2026-10', monthDays('2026-10', today))).toEqual({ start: '2026-09-01', end: '2026-09-30', whole: true });
    expect(previousDays('2026-03', monthDays('2026-03', today))).toEqual({ start: '2026-02-01', end: '2026-02-28', whole: true });
    expect(previousDays('2026-01', monthDays('2026-01', today))).toEqual({ start: '2025-12-01', end: '2025-12-31', whole: true });
    expect(previousDays('2026-11', monthDays('2026-11', today))).toEqual({ start: '2026-10-01', end: '2026-10-07', whole: false });
    // 30 March while March runs: February has no 30th.
    expect(previousDays('2026-03', { start: '2026-03-01', end: '2026-03-30' })).toEqual({ start: '2026-02-01', end: '2026-02-28', whole: false });
  });
});

describe('months', () => {
  it('step across years and are written as the office writes them', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-11', -35)).toBe('2023-12');
    expect(monthTitle('2026-03')).toBe('2026年3月');
  });
});
