import { exportVisitStatisticsQuery, statisticsMessages, systemMessages, visitStatisticsDto, visitStatisticsQuery, type StatisticsTable } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { xlsxAnswer, type ExportColumn } from '../../http/xlsx-export.js';
import { requireAdmin } from '../system/auth/guard.js';
import { sendListExport } from '../system/list-export.js';
import { visitStatistics, type KeywordRow, type Row, type VisitStatistics } from './dashboard.js';
import { toVisitStatisticsDto } from './dto.js';

const docs = { tags: ['statistics (back office)'] };
const rangeRefusals = {
  400: [
    systemMessages.dateInvalid,
    statisticsMessages.rangeInvalid,
    statisticsMessages.rangeInFuture,
    statisticsMessages.rangeTooEarly,
    statisticsMessages.rangeTooLong,
  ].join('；'),
};

type Line = Record<string, string | number>;

const column = (header: string, width: number, field: string): ExportColumn<Line> => ({ header, width, cell: (l) => l[field] ?? '' });
const counted = [column('浏览量', 10, 'views'), column('访客数', 10, 'visitors')];
const ranked = (header: string, width: number) => [column(header, width, 'name'), ...counted];
const keywordColumns = [column('搜索词', 24, 'keyword'), column('搜索次数', 10, 'searches'), column('找到文章数', 12, 'results')];

/** Each table of the dashboard as its sheet: its name, its columns, its rows. */
const tables: Record<StatisticsTable, { title: string; columns: ExportColumn<Line>[]; rows: (s: VisitStatistics) => Line[] }> = {
  trend: { title: '访问趋势', columns: [column('时间', 12, 'label'), ...counted], rows: (s) => s.trend },
  pages: { title: '受访页面', columns: ranked('页面地址', 48), rows: (s) => lines(s.pages) },
  articles: { title: '热门文章', columns: [column('文章编号', 10, 'key'), ...ranked('标题', 40)], rows: (s) => lines(s.articles) },
  menus: { title: '热门栏目', columns: ranked('栏目', 20), rows: (s) => lines(s.menus) },
  referrers: { title: '来源', columns: [column('类型', 10, 'kind'), ...ranked('来源', 28)], rows: (s) => lines(s.referrers) },
  keywords: { title: '站内搜索词', columns: keywordColumns, rows: (s) => keywordLines(s.keywords) },
  emptyKeywords: { title: '无结果的搜索词', columns: keywordColumns, rows: (s) => keywordLines(s.emptyKeywords) },
  devices: { title: '设备', columns: ranked('设备', 10), rows: (s) => lines(s.devices) },
  browsers: { title: '浏览器', columns: ranked('浏览器', 14), rows: (s) => lines(s.browsers) },
  provinces: { title: '地区', columns: ranked('地区', 12), rows: (s) => lines(s.provinces) },
  hours: {
    title: '时段分布',
    columns: [column('时段', 8, 'hour'), column('浏览量', 10, 'views')],
    rows: (s) => s.hours.map((h) => ({ hour: `${h.hour}时`, views: h.views })),
  },
  bots: { title: '机器人', columns: [column('机器人', 16, 'name'), column('访问次数', 10, 'views')], rows: (s) => lines(s.bots) },
};

const lines = (rows: (Row & { kind?: string })[]): Line[] => rows.map((r) => ({ ...r }));
/** A keyword's results not known (searched on another instance, or before a restart) are left blank. */
const keywordLines = (rows: KeywordRow[]): Line[] => rows.map((r) => ({ keyword: r.keyword, searches: r.searches, results: r.results < 0 ? '' : r.results }));

/** 访问统计 and the export of each of its tables (docs/statistics.md). */
export async function statisticsAdmin(app: App): Promise<void> {
  const { database, now, config } = app.services;
  // The background round rolls today every STATS_REFRESH_SECONDS: the dashboard rolls it itself
  // only when two rounds have passed without one (no process runs background jobs, or it is behind).
  const read = (query: { start?: string; end?: string }) => visitStatistics(database, query, now(), config.statistics.refreshSeconds * 2000);

  app.get(
    '/GetVisitStatistics',
    {
      onRequest: requireAdmin('stats:visits'),
      schema: {
        ...docs,
        summary:
          '访问统计：所选日期区间（start、end 为 yyyy-MM-dd，缺省近7天，只给一端为该日，至多366天）的浏览量、访客数、趋势、热门文章与栏目、来源、搜索词、设备、浏览器、地区与机器人，及上一同长区间的对比',
        querystring: visitStatisticsQuery,
        'x-data': visitStatisticsDto,
        'x-codes': rangeRefusals,
      },
    },
    async (request) => ok(toVisitStatisticsDto(await read(request.query))),
  );

  app.get(
    '/ExportVisitStatistics',
    {
      onRequest: requireAdmin('stats:export'),
      schema: {
        ...docs,
        summary: '导出访问统计的一张表为 .xlsx（table 为表名，start、end 同 GetVisitStatistics）',
        querystring: exportVisitStatisticsQuery,
        ...xlsxAnswer,
        'x-codes': { ...rangeRefusals, 400: `${rangeRefusals[400]}；${statisticsMessages.tableInvalid}` },
      },
    },
    async (request, reply) => {
      const statistics = await read(request.query);
      const table = tables[request.query.table];
      const { start, end } = statistics.range;
      return sendListExport(request, reply, {
        permission: 'stats:export',
        target: '访问统计',
        title: `访问统计-${table.title}-${start}至${end}`,
        asciiName: `visit-statistics-${request.query.table}.xlsx`,
        columns: table.columns,
        read: async (page) => (page.pageindex === 1 ? table.rows(statistics) : []),
      });
    },
  );
}
