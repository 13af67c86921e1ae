import type { VisitStatisticsDto, VisitRowDto } from '@portal/shared';
import type { Figures, KeywordRow, Row, VisitStatistics } from './dashboard.js';

const figuresDto = (f: Figures) => ({ Views: f.views, Visitors: f.visitors, BotViews: f.botViews });
const rowDto = (r: Row): VisitRowDto => ({ Key: r.key, Name: r.name, Views: r.views, Visitors: r.visitors });
const keywordDto = (k: KeywordRow) => ({ Keyword: k.keyword, Searches: k.searches, Results: k.results });

export function toVisitStatisticsDto(s: VisitStatistics): VisitStatisticsDto {
  return {
    Start: s.range.start,
    End: s.range.end,
    PreviousStart: s.previousRange.start,
    PreviousEnd: s.previousRange.end,
    Total: figuresDto(s.total),
    Previous: figuresDto(s.previous),
    Trend: s.trend.map((p) => ({ Label: p.label, Views: p.views, Visitors: p.visitors })),
    Hours: s.hours.map((h) => ({ Hour: h.hour, Views: h.views })),
    Pages: s.pages.map(rowDto),
    Articles: s.articles.map(rowDto),
    Menus: s.menus.map(rowDto),
    Referrers: s.referrers.map((r) => ({ Kind: r.kind, Name: r.name, Views: r.views, Visitors: r.visitors })),
    Keywords: s.keywords.map(keywordDto),
    EmptyKeywords: s.emptyKeywords.map(keywordDto),
    Devices: s.devices.map(rowDto),
    Browsers: s.browsers.map(rowDto),
    Provinces: s.provinces.map(rowDto),
    Bots: s.bots.map(rowDto),
    UpdatedAt: s.updatedAt,
  };
}
