import { WorkdayKind, type WorkdayDto } from '@portal/shared';

/**
 * The year view's arithmetic, free of React: a month laid out in weeks starting on Monday (as
 * Chinese calendars are), and a year's entries gathered into the runs staff read (春节 2月15日至
 * 23日, 9天).
 */

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const weekdayNames = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] as const;
/** The grid's column heads, Monday first. */
export const weekdayHeads = ['一', '二', '三', '四', '五', '六', '日'] as const;

export interface DayCell {
  /** yyyy-MM-dd */
  day: string;
  date: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

/** A month's days, after as many empty places (null) as the weekdays before its first, Monday first. */
export function monthCells(year: number, month: number): (DayCell | null)[] {
  const first = Date.UTC(year, month - 1, 1);
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = (new Date(first).getUTCDay() + 6) % 7;
  const days = Array.from({ length }, (_, i): DayCell => {
    const ms = first + i * DAY_MS;
    return { day: dayOf(ms), date: i + 1, weekday: new Date(ms).getUTCDay() };
  });
  return [...Array<null>(lead).fill(null), ...days];
}

export const isWeekendCell = (cell: DayCell) => cell.weekday === 0 || cell.weekday === 6;

export interface Run {
  name: string;
  kind: number;
  first: string;
  last: string;
  days: number;
}

/** Entries (by date) of one name and kind on consecutive days, as one run each. */
export function runsOf(entries: readonly WorkdayDto[]): Run[] {
  const runs: Run[] = [];
  for (const e of [...entries].sort((a, b) => a.Date.localeCompare(b.Date))) {
    const run = runs.at(-1);
    const next = run && dayOf(Date.parse(`${run.last}T00:00:00Z`) + DAY_MS);
    if (run && run.name === e.Name && run.kind === e.Kind && next === e.Date) {
      run.last = e.Date;
      run.days++;
    } else runs.push({ name: e.Name, kind: e.Kind, first: e.Date, last: e.Date, days: 1 });
  }
  return runs;
}

/** 2月15日 from 2026-02-15. */
export const monthDay = (day: string) => `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;

/** Whether the year's entries hold no 班: the State Council's arrangement for it has likely not been entered. */
export const lacksWorkdays = (entries: readonly WorkdayDto[]) => !entries.some((e) => e.Kind === WorkdayKind.Work);
