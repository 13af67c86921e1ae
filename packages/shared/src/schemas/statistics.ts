import { z } from 'zod';
import { statisticsMessages } from '../messages/statistics.js';
import { systemMessages } from '../messages/system.js';
import { optionalParam } from './common.js';

/** The longest range the dashboard answers: a year and a day (a leap year's), so 去年同期 fits. */
export const STATISTICS_MAX_DAYS = 366;

const day = optionalParam(
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: systemMessages.dateInvalid }),
);

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
