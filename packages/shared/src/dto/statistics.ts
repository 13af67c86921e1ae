import { z } from 'zod';

/** Page views and visitors (visitors are counted per day: the same person on two days is two, by design). */
const counts = { Views: z.int(), Visitors: z.int() };

export const visitFiguresDto = z.object({ ...counts, BotViews: z.int() }).meta({ id: 'VisitFiguresDto' });
export type VisitFiguresDto = z.infer<typeof visitFiguresDto>;

/** One row of a ranked table: Key as stored (a path, a browser's name, a province), Name as shown. */
export const visitRowDto = z.object({ Key: z.string(), Name: z.string(), ...counts }).meta({ id: 'VisitRowDto' });
export type VisitRowDto = z.infer<typeof visitRowDto>;

/** A point of the trend: Label yyyy-MM-dd for a range of days, HH:00 for a single day. */
export const visitPointDto = z.object({ Label: z.string(), ...counts }).meta({ id: 'VisitPointDto' });
export type VisitPointDto = z.infer<typeof visitPointDto>;

/** A referrer: Kind 搜索引擎, 社交媒体, 外部链接, 直接访问 or 站内; Name the engine or site. */
export const visitReferrerDto = z.object({ Kind: z.string(), Name: z.string(), ...counts }).meta({ id: 'VisitReferrerDto' });
export type VisitReferrerDto = z.infer<typeof visitReferrerDto>;

/** A keyword typed into the site's search: how often, and how many articles the last of them found. */
export const searchKeywordDto = z.object({ Keyword: z.string(), Searches: z.int(), Results: z.int() }).meta({ id: 'SearchKeywordDto' });
export type SearchKeywordDto = z.infer<typeof searchKeywordDto>;

export const visitStatisticsDto = z
  .object({
    Start: z.string(),
    End: z.string(),
    /** The range of the same length just before, for the comparison. */
    PreviousStart: z.string(),
    PreviousEnd: z.string(),
    Total: visitFiguresDto,
    Previous: visitFiguresDto,
    /** Per day, or per hour when the range is one day. */
    Trend: z.array(visitPointDto),
    /** Views per hour of day (0–23) over the range. */
    Hours: z.array(z.object({ Hour: z.int(), Views: z.int() })),
    Pages: z.array(visitRowDto),
    /** Key the article's id; Name its title (已删除的文章 when it is gone). */
    Articles: z.array(visitRowDto),
    /** Key the menu's id; Name its name. */
    Menus: z.array(visitRowDto),
    Referrers: z.array(visitReferrerDto),
    Keywords: z.array(searchKeywordDto),
    /** Searches that found nothing: what visitors look for and the site lacks. */
    EmptyKeywords: z.array(searchKeywordDto),
    Devices: z.array(visitRowDto),
    Browsers: z.array(visitRowDto),
    Provinces: z.array(visitRowDto),
    /** Crawlers and other robots, counted apart: Name the robot. */
    Bots: z.array(visitRowDto),
    /** When the figures were last rolled up from the raw hits (yyyy-MM-dd HH:mm:ss); '' before the first. */
    UpdatedAt: z.string(),
  })
  .meta({ id: 'VisitStatisticsDto' });
export type VisitStatisticsDto = z.infer<typeof visitStatisticsDto>;

/**
 * What an editor did in a month: Created articles they wrote; Published, their saves that left an
 * article published (a new one published at once, or its status set to published); Edited, their
 * saves of existing articles (corrections and restored revisions included; one that publishes an
 * article again is counted under Published too); Reviewed, their
 * decisions in a review chain (approvals and returns).
 */
export const editorFiguresDto = z.object({ Created: z.int(), Published: z.int(), Edited: z.int(), Reviewed: z.int() }).meta({ id: 'EditorFiguresDto' });
export type EditorFiguresDto = z.infer<typeof editorFiguresDto>;

export const editorOutputDto = z
  .object({
    Start: z.string(),
    End: z.string(),
    /** yyyy-MM, in order. */
    Months: z.array(z.string()),
    /** Each admin with any work in the range, most work first; Name their name now (their account when they have none). */
    Editors: z.array(
      z.object({
        AdminId: z.int(),
        Account: z.string(),
        Name: z.string(),
        Total: editorFiguresDto,
        /** One for each of Months, in its order. */
        Months: z.array(editorFiguresDto),
      }),
    ),
    Total: editorFiguresDto,
  })
  .meta({ id: 'EditorOutputDto' });
export type EditorOutputDto = z.infer<typeof editorOutputDto>;

/** 访问统计设置 (the office's choices; docs/statistics.md). */
export const statisticsSettingsDto = z.object({ HonourDoNotTrack: z.boolean() }).meta({ id: 'StatisticsSettingsDto' });
export type StatisticsSettingsDto = z.infer<typeof statisticsSettingsDto>;
