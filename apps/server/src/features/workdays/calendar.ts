import { WorkdayKind, type WorkdayKindValue } from '@portal/shared';

/**
 * The pure core of the working-day calendar (工作日历): a loaded stretch of days with its
 * exceptions, and the two reckonings over it. No database here: service.ts loads a stretch once
 * per call, and a caller reckoning many times (a statistics page over thousands of messages)
 * loads one stretch and calls these directly.
 *
 * The rule: a day is a working day when it is Monday to Friday and not marked 休, or is marked 班.
 *
 * The reckoning follows 民法典 §201 and §203, as Chinese deadlines "n个工作日内" are read: the day
 * the period starts is not counted, whatever its hour and whether it is a working day; the
 * period ends at the end (24:00, written 23:59:59) of its last day.
 *
 * Days are handled as whole numbers (days since 1970-01-01, UTC calendar, which has no
 * daylight saving), so counting over a long stretch is arithmetic, not a walk.
 */

const DAY_MS = 86_400_000;
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** The day number of a CST `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss`; a RangeError for anything else. */
export function dayNumber(cst: string): number {
  const m = dayPattern.exec(cst);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== cst.slice(0, 10)) throw new RangeError(`不是有效的时间：${cst}`);
  return ms / DAY_MS;
}

export const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** 1970-01-01 was a Thursday: offsets from a Thursday, Thursday first, that are Monday to Friday. */
const WEEKDAYS_BEFORE = [0, 1, 2, 2, 2, 3, 4, 5];
const mod7 = (n: number) => ((n % 7) + 7) % 7;

/** Monday-to-Friday days among day numbers [0, n) (negative for n < 0), so their count in (a, b] is weekdaysBelow(b + 1) - weekdaysBelow(a + 1). */
const weekdaysBelow = (n: number) => 5 * Math.floor(n / 7) + WEEKDAYS_BEFORE[mod7(n)]!;

const isWeekday = (n: number) => mod7(n) <= 1 || mod7(n) >= 4;

export interface CalendarException {
  day: string;
  kind: WorkdayKindValue;
}

/** A stretch of days, both ends included, with every exception inside it. */
export interface WorkCalendar {
  readonly first: number;
  readonly last: number;
  /** Exceptions by day number. */
  readonly kinds: ReadonlyMap<number, WorkdayKindValue>;
  /** Days whose exception changes the count (a 休 on a weekday, a 班 on a weekend), ascending. */
  readonly shifts: readonly number[];
  /** shiftSum[i]: the change to the count of the first i shifts (+1 a 班, -1 a 休). */
  readonly shiftSum: readonly number[];
}

/** The calendar of `first`..`last` (yyyy-MM-dd, both included) from the exceptions stored for it; others are ignored. */
export function workCalendar(first: string, last: string, exceptions: Iterable<CalendarException>): WorkCalendar {
  const [from, to] = [dayNumber(first), dayNumber(last)];
  if (to < from) throw new RangeError(`日期范围无效：${first}～${last}`);
  const kinds = new Map<number, WorkdayKindValue>();
  for (const e of exceptions) {
    const n = dayNumber(e.day);
    if (n >= from && n <= to) kinds.set(n, e.kind);
  }
  const shifts = [...kinds]
    .filter(([n, kind]) => (kind === WorkdayKind.Rest) === isWeekday(n))
    .map(([n]) => n)
    .sort((a, b) => a - b);
  const shiftSum = [0];
  for (const n of shifts) shiftSum.push(shiftSum.at(-1)! + (kinds.get(n) === WorkdayKind.Work ? 1 : -1));
  return { first: from, last: to, kinds, shifts, shiftSum };
}

function covered(calendar: WorkCalendar, ...days: number[]): void {
  for (const n of days) if (n < calendar.first || n > calendar.last) throw new RangeError(`${dayText(n)}不在已读取的工作日历范围内`);
}

export function isWorkingDay(calendar: WorkCalendar, day: string): boolean {
  const n = dayNumber(day);
  covered(calendar, n);
  return worksOn(calendar, n);
}

function worksOn(calendar: WorkCalendar, n: number): boolean {
  const kind = calendar.kinds.get(n);
  return kind === undefined ? isWeekday(n) : kind === WorkdayKind.Work;
}

/** The number of shifts on days below n. */
function shiftsBelow(calendar: WorkCalendar, n: number): number {
  let [lo, hi] = [0, calendar.shifts.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (calendar.shifts[mid]! < n) lo = mid + 1;
    else hi = mid;
  }
  return calendar.shiftSum[lo]!;
}

/** Working days among day numbers [0, n), up to a constant: what the counts in the stretch subtract. */
const workingBelow = (calendar: WorkCalendar, n: number) => weekdaysBelow(n) + shiftsBelow(calendar, n);

/** A count of working days to add: a whole number of at least 1; a RangeError otherwise. */
export function checkDays(days: number): void {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`工作日数应为正整数：${days}`);
}

/**
 * The end of the `days`-th working day after the start's day (the start's own day never
 * counts), as CST `yyyy-MM-dd 23:59:59`; null when the stretch ends first (load a longer one).
 * `days` is a whole number of at least 1.
 */
export function addWorkingDaysIn(calendar: WorkCalendar, startCst: string, days: number): string | null {
  checkDays(days);
  const start = dayNumber(startCst);
  covered(calendar, start);
  let left = days;
  for (let n = start + 1; n <= calendar.last; n++) {
    if (worksOn(calendar, n) && --left === 0) return `${dayText(n)} 23:59:59`;
  }
  return null;
}

/**
 * The working days after `fromCst`'s day up to and including `toCst`'s day (the times of day
 * are ignored); negative, the same count, when `toCst` is the earlier; 0 on the same day.
 * So workingDaysBetweenIn(c, s, addWorkingDaysIn(c, s, n)) is n, and a reply's lateness in
 * working days is workingDaysBetweenIn(c, due, replied).
 */
export function workingDaysBetweenIn(calendar: WorkCalendar, fromCst: string, toCst: string): number {
  const [from, to] = [dayNumber(fromCst), dayNumber(toCst)];
  covered(calendar, from, to);
  return workingBelow(calendar, to + 1) - workingBelow(calendar, from + 1);
}
