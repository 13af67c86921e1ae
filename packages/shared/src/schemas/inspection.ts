import { z } from 'zod';
import { inspectionMessages } from '../messages/inspection.js';
import { idParam, optionalParam } from './common.js';

/**
 * 栏目更新 (docs/inspection.md): the inspection's limits and the office's defaults, named once
 * for the server's check and the page's words.
 */

/** A column's kind as 栏目更新 checks it: a list of articles, or a single page (介绍类, ShowType 1). */
export const columnKinds = ['list', 'single'] as const;
export type ColumnKind = (typeof columnKinds)[number];
export const columnKindNames: Record<ColumnKind, string> = { list: '列表栏目', single: '单页栏目' };

/**
 * The update interval of a column the office has not set, by kind: a list a month (between the
 * inspection's two weeks for 动态、要闻 and six months for 通知公告、政策文件), a single page a
 * year (an introduction is reviewed yearly, as 人事、规划计划 are).
 */
export const defaultColumnIntervals: Record<ColumnKind, number> = { list: 30, single: 365 };

/** The longest interval the office may set: the inspection's longest, a year. */
export const COLUMN_INTERVAL_MAX_DAYS = 365;
/** The home page fails the inspection when nothing on it is newer than this (两周). */
export const HOME_STALE_DAYS = 14;
/** The inspection fails the site (单项否决) at this many columns overdue or empty together. */
export const STALE_COLUMNS_THRESHOLD = 5;

/** ok: updated within its interval; overdue: not; empty: no published article at all. */
export const columnStates = ['ok', 'overdue', 'empty'] as const;
export type ColumnState = (typeof columnStates)[number];
export const columnStateNames: Record<ColumnState, string> = { ok: '正常', overdue: '超期未更新', empty: '空栏目' };

/** GetColumnFreshness and its export: every checked column, or those of one state. */
export const columnFreshnessQuery = z.object({
  state: optionalParam(z.enum(columnStates, { error: inspectionMessages.stateInvalid })),
});
export type ColumnFreshnessQuery = z.infer<typeof columnFreshnessQuery>;

const invalid = { error: inspectionMessages.intervalInvalid };
/** Whole days 1–365 as a JSON number or a string of digits; null the kind's default. Absent is refused: nothing is reset unasked. */
const intervalDays = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : v),
  z.union([z.null(), z.number(invalid).int(invalid).min(1, invalid).max(COLUMN_INTERVAL_MAX_DAYS, invalid)], invalid),
);

export const saveColumnIntervalBody = z.object({
  MenuId: idParam,
  /** The column's expected update interval in days; null goes back to its kind's default. */
  Days: intervalDays,
});
export type SaveColumnIntervalBody = z.infer<typeof saveColumnIntervalBody>;
