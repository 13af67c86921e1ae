import { z } from 'zod';
import { statisticsMessages } from '../messages/statistics.js';
import { systemMessages } from '../messages/system.js';
import { addDays, daysBetween, monthsBetween } from '../days.js';
import { optionalParam } from './common.js';
import { messageBoardMessages } from './messages.js';
import { messages } from '../messages/common.js';

/** The longest range the dashboard answers: a year and a day (a leap year's), so 去年同期 fits. */
export const STATISTICS_MAX_DAYS = 366;

const day = optionalParam(
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: systemMessages.dateInvalid }),
);

/** The first day the dashboard answers for: before it, an address typed by hand, not a site's history. */
export const STATISTICS_FIRST_DAY = '2000-01-01';

/** A real calendar day spelt yyyy-MM-dd: not 2026-02-30 (Date reads it as 2 March), nor 2026-13-01. */
const isCalendarDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && addDays(day, 0) === day;

/**
 * Why a dashboard range cannot be answered, in the words the server refuses it with (the page
 * says it before asking); null when it can. `today` is China Standard Time's.
 */
export function visitRangeProblem(start: string, end: string, today: string): string | null {
  if (!isCalendarDay(start) || !isCalendarDay(end)) return systemMessages.dateInvalid;
  if (start > end) return statisticsMessages.rangeInvalid;
  if (end > today) return statisticsMessages.rangeInFuture;
  if (start < STATISTICS_FIRST_DAY) return statisticsMessages.rangeTooEarly;
  if (daysBetween(start, end) + 1 > STATISTICS_MAX_DAYS) return statisticsMessages.rangeTooLong;
  return null;
}

/** A dashboard range, days in China Standard Time; both absent is the last 7 days up to today, one absent is that day alone. */
export const visitStatisticsQuery = z.object({ start: day, end: day });
export type VisitStatisticsQuery = z.infer<typeof visitStatisticsQuery>;

/** The dashboard's tables, each exported on its own (ExportVisitStatistics `table`). */
export const statisticsTables = [
  'trend',
  'pages',
  'articles',
  'menus',
  'referrers',
  'keywords',
  'emptyKeywords',
  'devices',
  'browsers',
  'provinces',
  'hours',
  'bots',
] as const;
export type StatisticsTable = (typeof statisticsTables)[number];

export const exportVisitStatisticsQuery = visitStatisticsQuery.extend({
  table: z.enum(statisticsTables, { error: statisticsMessages.tableInvalid }),
});
export type ExportVisitStatisticsQuery = z.infer<typeof exportVisitStatisticsQuery>;

/**
 * What the browser's beacon says of a navigation inside the web app (the server counts the
 * pages it draws itself): the page's path with its query, and the page it came from. Both as
 * given, bounded; neither is ever executed or shown unescaped.
 */
export const pageViewBeacon = z.object({
  Path: z
    .string()
    .max(500, { error: statisticsMessages.pathInvalid })
    .regex(/^\/[^\s]*$/, { error: statisticsMessages.pathInvalid }),
  Referrer: z.string().max(500).optional().default(''),
});
export type PageViewBeacon = z.infer<typeof pageViewBeacon>;

/** At most this many months of 编辑工作量 at once, as 留言统计 takes. */
export const EDITOR_OUTPUT_MAX_MONTHS = 36;

const month = optionalParam(
  z
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: messageBoardMessages.monthInvalid }),
);

/**
 * Why 编辑工作量 cannot be answered for these months, in the words the server refuses with (the
 * page says it before asking); null when it can: months spelt yyyy-MM, the end not before the
 * start, at most EDITOR_OUTPUT_MAX_MONTHS of them.
 */
export function editorMonthsProblem(start: string, end: string): string | null {
  const spelt = /^\d{4}-(0[1-9]|1[0-2])$/;
  if (!spelt.test(start) || !spelt.test(end)) return messageBoardMessages.monthInvalid;
  const count = monthsBetween(start, end).length;
  return count < 1 || count > EDITOR_OUTPUT_MAX_MONTHS ? messageBoardMessages.monthRange : null;
}

/** 编辑工作量's months (yyyy-MM, China time): both absent, this month; one absent, from it to this month (start) or that month alone (end). */
export const editorOutputQuery = z.object({ start: month, end: month });
export type EditorOutputQuery = z.infer<typeof editorOutputQuery>;

/** 访问统计设置: a field left out keeps its stored value. */
export const saveStatisticsSettingsBody = z.object({
  /** Count nothing of a browser that sends Do Not Track (DNT: 1) or Global Privacy Control (Sec-GPC: 1). */
  HonourDoNotTrack: z.boolean({ error: messages.badParameter }).optional(),
});
export type SaveStatisticsSettingsBody = z.infer<typeof saveStatisticsSettingsBody>;
