import { z } from 'zod';
import { columnKinds, columnStates } from '../schemas/inspection.js';

/** A column as 栏目更新 checks it (docs/inspection.md, "栏目更新"). */
export const columnFreshnessDto = z
  .object({
    /** The menu's id. */
    Id: z.int(),
    Name: z.string(),
    /** The names from the top-level menu down to it, joined by ›. */
    Path: z.string(),
    Kind: z.enum(columnKinds),
    /** The expected update interval in days: the office's, or the kind's default. */
    IntervalDays: z.int(),
    IntervalIsDefault: z.boolean(),
    /** Published articles. */
    Articles: z.int(),
    /** The newest published article's publish time (yyyy-MM-dd HH:mm:ss); null when there is none. */
    LastPublishedAt: z.string().nullable(),
    /** Calendar days (China time) from that article's day to today; null when there is none. */
    DaysSince: z.int().nullable(),
    State: z.enum(columnStates),
  })
  .meta({ id: 'ColumnFreshnessDto' });
export type ColumnFreshnessDto = z.infer<typeof columnFreshnessDto>;

/** The newest article the home page shows (最新资讯's first), against the inspection's two weeks. */
export const homeFreshnessDto = z
  .object({
    /** null when the site has no published article in a shown column. */
    NewsId: z.int().nullable(),
    Title: z.string(),
    /** Its column's name. */
    MenuName: z.string(),
    LastPublishedAt: z.string().nullable(),
    DaysSince: z.int().nullable(),
    /** 14: the inspection's two weeks. */
    LimitDays: z.int(),
    State: z.enum(columnStates),
  })
  .meta({ id: 'HomeFreshnessDto' });
export type HomeFreshnessDto = z.infer<typeof homeFreshnessDto>;

export const columnFreshnessReportDto = z
  .object({
    /** When the check was made (yyyy-MM-dd HH:mm:ss, China time). */
    CheckedAt: z.string(),
    Home: homeFreshnessDto,
    /** Columns overdue and empty among all checked, whatever the state asked for. */
    Overdue: z.int(),
    Empty: z.int(),
    /** 5: overdue and empty columns together that fail the site (单项否决). */
    Threshold: z.int(),
    /** Overdue + Empty ≥ Threshold. */
    Failing: z.boolean(),
    /** The checked columns (of the state asked for), in the order of the site's menus. */
    Columns: z.array(columnFreshnessDto),
  })
  .meta({ id: 'ColumnFreshnessReportDto' });
export type ColumnFreshnessReportDto = z.infer<typeof columnFreshnessReportDto>;

/** A column's interval as stored by SaveColumnInterval. */
export const columnIntervalDto = z.object({ MenuId: z.int(), IntervalDays: z.int(), IntervalIsDefault: z.boolean() }).meta({ id: 'ColumnIntervalDto' });
export type ColumnIntervalDto = z.infer<typeof columnIntervalDto>;
