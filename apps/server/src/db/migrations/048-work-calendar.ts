import type { Kysely } from 'kysely';
import { formatCst } from '@portal/shared';
import type { EngineMigration } from './index.js';
import { withId } from './helpers.js';

/**
 * 工作日历 (features/workdays): the days that differ from the week, 休 (kind 1) or 班 (kind 2),
 * with the name staff see (春节, 国庆节 …). Shipped with the arrangements known when this was
 * written; staff keep the calendar in the back office from then on, and a later release ships a
 * year by a migration of its own that fills only a year without entries (docs/workdays.md).
 */
export const workCalendar: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('work_calendar_days'))
      // A China date, YYYY-MM-DD: one entry per day.
      .addColumn('day', 'varchar(10)', (c) => c.notNull().unique())
      .addColumn('kind', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(20)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    const at = formatCst(Date.now());
    const rows = shippedWorkCalendar.map((d) => ({ ...d, created_at: at, updated_at: at }));
    await (db as Kysely<{ work_calendar_days: (typeof rows)[number] }>).insertInto('work_calendar_days').values(rows).execute();
  },
});

interface Holiday {
  name: string;
  /** The days off, both included. */
  rest: [string, string];
  /** The weekend days worked in exchange (调休上班). */
  work?: string[];
}

/**
 * 2026: 国务院办公厅关于2026年部分节假日安排的通知（国办发明电〔2025〕7号）, as published.
 * 2027: the arrangement was not published when this was written; only the statutory days of
 * 《全国年节及纪念日放假办法》 (2024 revision) are shipped, lunar dates worked out for 2027
 * (除夕 2月5日, 清明 4月5日, 端午 6月9日, 中秋 9月15日). The notice's extra days off and its 班
 * Saturdays and Sundays must be entered by staff when it is announced.
 */
const holidays: Holiday[] = [
  { name: '元旦', rest: ['2026-01-01', '2026-01-03'], work: ['2026-01-04'] },
  { name: '春节', rest: ['2026-02-15', '2026-02-23'], work: ['2026-02-14', '2026-02-28'] },
  { name: '清明节', rest: ['2026-04-04', '2026-04-06'] },
  { name: '劳动节', rest: ['2026-05-01', '2026-05-05'], work: ['2026-05-09'] },
  { name: '端午节', rest: ['2026-06-19', '2026-06-21'] },
  { name: '中秋节', rest: ['2026-09-25', '2026-09-27'] },
  { name: '国庆节', rest: ['2026-10-01', '2026-10-07'], work: ['2026-09-20', '2026-10-10'] },
  { name: '元旦', rest: ['2027-01-01', '2027-01-01'] },
  { name: '春节', rest: ['2027-02-05', '2027-02-08'] },
  { name: '清明节', rest: ['2027-04-05', '2027-04-05'] },
  { name: '劳动节', rest: ['2027-05-01', '2027-05-02'] },
  { name: '端午节', rest: ['2027-06-09', '2027-06-09'] },
  { name: '中秋节', rest: ['2027-09-15', '2027-09-15'] },
  { name: '国庆节', rest: ['2027-10-01', '2027-10-03'] },
];

function daysOf([first, last]: [string, string]): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(`${first}T00:00:00Z`); ms <= Date.parse(`${last}T00:00:00Z`); ms += 86_400_000) days.push(new Date(ms).toISOString().slice(0, 10));
  return days;
}

/** The shipped entries, a row per day: kind 1 休, 2 班 (WorkdayKind of @portal/shared). */
export const shippedWorkCalendar: { day: string; kind: number; name: string }[] = holidays.flatMap((h) => [
  ...daysOf(h.rest).map((day) => ({ day, kind: 1, name: h.name })),
  ...(h.work ?? []).map((day) => ({ day, kind: 2, name: `${h.name}调休上班` })),
]);
