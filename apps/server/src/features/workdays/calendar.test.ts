import { describe, expect, it } from 'vitest';
import { WorkdayKind, type WorkdayKindValue } from '@portal/shared';
import { shippedWorkCalendar } from '../../db/migrations/048-work-calendar.js';
import { addWorkingDaysIn, dayNumber, dayText, isWorkingDay, workCalendar, workingDaysBetweenIn } from './calendar.js';

const shipped = shippedWorkCalendar.map((d) => ({ day: d.day, kind: d.kind as WorkdayKindValue }));
/** The shipped calendar with the weeks either side, as service.ts would load it. */
const calendar = workCalendar('2025-12-01', '2028-01-31', shipped);

const due = (start: string, days: number) => addWorkingDaysIn(calendar, start, days);
const between = (from: string, to: string) => workingDaysBetweenIn(calendar, from, to);

describe('the shipped calendar', () => {
  it('holds 2026 as 国办发明电〔2025〕7号 arranged it: 33 days off, 6 weekend days worked', () => {
    const of2026 = shipped.filter((d) => d.day.startsWith('2026'));
    expect(of2026.filter((d) => d.kind === WorkdayKind.Rest)).toHaveLength(33);
    expect(of2026.filter((d) => d.kind === WorkdayKind.Work).map((d) => d.day)).toEqual([
      '2026-01-04',
      '2026-02-14',
      '2026-02-28',
      '2026-05-09',
      '2026-09-20',
      '2026-10-10',
    ]);
    // Every 班 is a Saturday or Sunday, and no day is listed twice.
    for (const d of of2026.filter((e) => e.kind === WorkdayKind.Work)) expect([0, 6]).toContain(new Date(`${d.day}T00:00:00Z`).getUTCDay());
    expect(new Set(shipped.map((d) => d.day)).size).toBe(shipped.length);
  });

  it('holds only the statutory days of 2027 (13), no 班 until staff enter the announced arrangement', () => {
    const of2027 = shipped.filter((d) => d.day.startsWith('2027'));
    expect(of2027.every((d) => d.kind === WorkdayKind.Rest)).toBe(true);
    expect(of2027).toHaveLength(13);
  });

  it('counts 248 working days in 2026', () => {
    expect(between('2025-12-31 23:00:00', '2026-12-31 08:00:00')).toBe(248);
  });
});

describe('isWorkingDay', () => {
  it.each([
    ['2026-03-02', true, 'a plain Monday'],
    ['2026-03-07', false, 'a plain Saturday'],
    ['2026-02-14', true, 'a 班 Saturday before 春节'],
    ['2026-09-20', true, 'a 班 Sunday before 国庆'],
    ['2026-02-16', false, '除夕 on a Monday'],
    ['2026-10-07', false, 'the last day of 国庆, a Wednesday'],
    ['2027-02-08', false, '初三 of 2027 on a Monday'],
  ])('%s is %s (%s)', (day, working) => {
    expect(isWorkingDay(calendar, day)).toBe(working);
  });
});

describe('addWorkingDays', () => {
  it.each([
    // The start's own day never counts, whatever its hour.
    ['2026-03-02 00:00:00', 1, '2026-03-03 23:59:59', 'a Monday: the next day'],
    ['2026-03-06 18:30:00', 1, '2026-03-09 23:59:59', 'a Friday evening: Monday'],
    ['2026-03-07 10:00:00', 5, '2026-03-13 23:59:59', 'a Saturday: the week after'],
    ['2026-02-12 10:00:00', 5, '2026-02-26 23:59:59', 'across 春节, the 班 Saturday counted'],
    ['2026-02-14 09:00:00', 1, '2026-02-24 23:59:59', 'from the 班 Saturday itself: after the nine days off'],
    ['2026-02-24 09:00:00', 4, '2026-02-28 23:59:59', 'onto the 班 Saturday after 春节'],
    ['2026-09-18 10:00:00', 5, '2026-09-24 23:59:59', 'the 班 Sunday before 国庆 counted'],
    ['2026-09-24 16:00:00', 1, '2026-09-28 23:59:59', 'over 中秋'],
    ['2026-09-30 16:00:00', 5, '2026-10-13 23:59:59', 'over 国庆, the 班 Saturday after it counted'],
    ['2025-12-31 15:00:00', 3, '2026-01-06 23:59:59', 'into 2026 over 元旦, the 班 Sunday counted'],
    ['2026-12-30 15:00:00', 2, '2027-01-04 23:59:59', 'into 2027 over 元旦'],
    ['2027-02-04 15:00:00', 2, '2027-02-10 23:59:59', 'over the statutory 春节 of 2027'],
    ['2026-01-01 00:00:00', 20, '2026-01-29 23:59:59', 'twenty days from a holiday'],
  ])('%s + %i working days is %s (%s)', (start, days, expected) => {
    expect(due(start, days)).toBe(expected);
    // The count back from the due time is the count forward.
    expect(between(start, expected)).toBe(days);
  });

  it('answers null when the stretch ends first, so the caller reads a longer one', () => {
    const short = workCalendar('2026-02-12', '2026-02-23', shipped);
    expect(addWorkingDaysIn(short, '2026-02-12 10:00:00', 3)).toBeNull();
    expect(addWorkingDaysIn(short, '2026-02-12 10:00:00', 2)).toBe('2026-02-14 23:59:59');
  });

  it('refuses a count that is not a whole number of at least 1, a malformed time and a start outside the stretch', () => {
    for (const days of [0, -1, 1.5, Number.NaN]) expect(() => due('2026-03-02 09:00:00', days)).toThrow(RangeError);
    for (const start of ['2026-02-30 09:00:00', '2026/03/02', '2026-03-02T09:00:00', '']) expect(() => due(start, 1)).toThrow(RangeError);
    expect(() => due('2025-11-30 09:00:00', 1)).toThrow(RangeError);
  });
});

describe('workingDaysBetween', () => {
  it('counts the days after the first up to and including the last, ignoring the hours', () => {
    expect(between('2026-03-02 23:59:59', '2026-03-02 00:00:00')).toBe(0);
    expect(between('2026-03-02 09:00:00', '2026-03-03 08:00:00')).toBe(1);
    expect(between('2026-03-06 09:00:00', '2026-03-08 09:00:00')).toBe(0);
    expect(between('2026-02-13 09:00:00', '2026-02-23 09:00:00')).toBe(1);
    expect(between('2026-09-30', '2026-10-08')).toBe(1);
    expect(between('2026-10-13 09:00:00', '2026-09-30 09:00:00')).toBe(-5);
  });

  it('agrees with a day-by-day walk over 500 stretches across both shipped years', () => {
    let seed = 55;
    const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    const first = dayNumber('2025-12-01');
    for (let i = 0; i < 500; i++) {
      const [a, b] = [first + random(790), first + random(790)];
      let walked = 0;
      for (let n = Math.min(a, b) + 1; n <= Math.max(a, b); n++) if (isWorkingDay(calendar, dayText(n))) walked++;
      expect(between(dayText(a), dayText(b))).toBe(a <= b || walked === 0 ? walked : -walked);
    }
  });

  it('refuses days outside the stretch read', () => {
    expect(() => between('2026-03-02', '2028-02-01')).toThrow(RangeError);
  });
});

describe('a calendar staff changed', () => {
  it('reads a 休 on a weekend and a 班 on a weekday as changing nothing', () => {
    const odd = workCalendar('2030-01-01', '2030-01-31', [
      { day: '2030-01-05', kind: WorkdayKind.Rest },
      { day: '2030-01-07', kind: WorkdayKind.Work },
    ]);
    expect(workingDaysBetweenIn(odd, '2030-01-01', '2030-01-31')).toBe(22);
    expect(addWorkingDaysIn(odd, '2030-01-04 09:00:00', 1)).toBe('2030-01-07 23:59:59');
  });

  it('reads on past a year without entries by the week alone', () => {
    const bare = workCalendar('2099-12-30', '2100-01-05', []);
    expect(addWorkingDaysIn(bare, '2099-12-31 09:00:00', 3)).toBe('2100-01-05 23:59:59');
  });
});
