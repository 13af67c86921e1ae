import { describe, expect, it } from 'vitest';
import type { WorkdayDto } from '@portal/shared';
import { monthCells, runsOf } from './calendarGrid';

const entry = (Date: string, Kind: number, Name: string): WorkdayDto => ({ Id: 0, Date, Kind, KindName: '', Name, CreateTime: '', UpdateTime: '' });

describe('monthCells', () => {
  it('starts on Monday: February 2026 begins on a Sunday, after six empty places', () => {
    const cells = monthCells(2026, 2);
    expect(cells.slice(0, 6)).toEqual(Array(6).fill(null));
    expect(cells[6]).toEqual({ day: '2026-02-01', date: 1, weekday: 0 });
    expect(cells.at(-1)).toEqual({ day: '2026-02-28', date: 28, weekday: 6 });
  });

  it('knows leap years and a month that begins on Monday', () => {
    expect(monthCells(2028, 2).filter(Boolean)).toHaveLength(29);
    expect(monthCells(2026, 6)[0]).toMatchObject({ day: '2026-06-01', weekday: 1 });
  });
});

describe('runsOf', () => {
  it('joins consecutive days of one name and kind, in date order', () => {
    const runs = runsOf([
      entry('2026-02-16', 1, '春节'),
      entry('2026-02-14', 2, '春节调休上班'),
      entry('2026-02-15', 1, '春节'),
      entry('2026-02-28', 2, '春节调休上班'),
      entry('2026-02-17', 1, '春节'),
      entry('2026-04-04', 1, '清明节'),
    ]);
    expect(runs).toEqual([
      { name: '春节调休上班', kind: 2, first: '2026-02-14', last: '2026-02-14', days: 1 },
      { name: '春节', kind: 1, first: '2026-02-15', last: '2026-02-17', days: 3 },
      { name: '春节调休上班', kind: 2, first: '2026-02-28', last: '2026-02-28', days: 1 },
      { name: '清明节', kind: 1, first: '2026-04-04', last: '2026-04-04', days: 1 },
    ]);
  });
});
