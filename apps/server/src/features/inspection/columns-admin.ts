import {
  columnFreshnessQuery,
  columnFreshnessReportDto,
  columnIntervalDto,
  columnKindNames,
  columnStateNames,
  inspectionMessages,
  messages,
  saveColumnIntervalBody,
  STALE_COLUMNS_THRESHOLD,
  HOME_STALE_DAYS,
  type ColumnFreshnessReportDto,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { xlsxAnswer, type ExportColumn } from '../../http/xlsx-export.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { sendListExport } from '../system/list-export.js';
import { columnFreshness, type ColumnFreshness, type FreshnessReport } from './columns.js';
import { saveColumnInterval } from './intervals.js';

const docs = { tags: ['inspection (back office)'] };
const stateRefusal = { 400: inspectionMessages.stateInvalid };

function toDto(r: FreshnessReport): ColumnFreshnessReportDto {
  const { home } = r;
  return {
    CheckedAt: r.checkedAt,
    Home: {
      NewsId: home.newsId,
      Title: home.title,
      MenuName: home.menuName,
      LastPublishedAt: home.lastPublishedAt,
      DaysSince: home.daysSince,
      LimitDays: HOME_STALE_DAYS,
      State: home.state,
    },
    Overdue: r.overdue,
    Empty: r.empty,
    Threshold: STALE_COLUMNS_THRESHOLD,
    Failing: r.failing,
    Columns: r.columns.map((c) => ({
      Id: c.id,
      Name: c.name,
      Path: c.path,
      Kind: c.kind,
      IntervalDays: c.intervalDays,
      IntervalIsDefault: c.intervalIsDefault,
      Articles: c.articles,
      LastPublishedAt: c.lastPublishedAt,
      DaysSince: c.daysSince,
      State: c.state,
    })),
  };
}

/** The export's sheet: the page's table, word for word. */
const exportColumns: readonly ExportColumn<ColumnFreshness>[] = [
  { header: '栏目', width: 36, cell: (c) => c.path },
  { header: '类型', width: 10, cell: (c) => columnKindNames[c.kind] },
  { header: '文章数', width: 8, cell: (c) => c.articles },
  { header: '最近发布', width: 20, cell: (c) => c.lastPublishedAt ?? '' },
  { header: '已过天数', width: 10, cell: (c) => c.daysSince ?? '' },
  { header: '更新周期（天）', width: 14, cell: (c) => c.intervalDays },
  { header: '周期', width: 8, cell: (c) => (c.intervalIsDefault ? '默认' : '自定义') },
  { header: '状态', width: 12, cell: (c) => columnStateNames[c.state] },
];

/** 栏目更新 (网站检查, docs/inspection.md): the columns' freshness, each column's interval, the .xlsx. */
export async function columnFreshnessAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetColumnFreshness',
    {
      onRequest: requireAdmin('inspection:columns'),
      schema: {
        ...docs,
        summary:
          '栏目更新：公开栏目（外部链接除外）的已发布文章数、最近发布时间、已过天数、更新周期与状态（state 为 ok、overdue、empty 时只列该状态），首页最近更新（两周），及超期与空栏目数（合计5个及以上为单项否决）',
        querystring: columnFreshnessQuery,
        'x-data': columnFreshnessReportDto,
        'x-codes': stateRefusal,
      },
    },
    async (request) => ok(toDto(await columnFreshness(database, now(), request.query.state))),
  );

  app.post(
    '/SaveColumnInterval',
    {
      onRequest: requireAdmin('inspection:columns:setting'),
      schema: {
        ...docs,
        summary: '设置栏目的更新周期：Days 为 1–365 天的整数，null 恢复该类栏目的默认周期（列表栏目30天，单页栏目365天）',
        body: saveColumnIntervalBody,
        'x-data': columnIntervalDto,
        'x-codes': {
          400: [inspectionMessages.intervalInvalid, inspectionMessages.linkColumn, inspectionMessages.homeColumn].join('；'),
          404: messages.menuNotFound,
        },
      },
    },
    async (request) => {
      const { MenuId, Days } = request.body;
      const saved = await adminWrite(
        request,
        {
          action: 'inspection:columns:setting',
          target: '栏目更新周期',
          targetId: MenuId,
          detail: (s) => `${s.path}：${s.intervalIsDefault ? `恢复默认${s.intervalDays}天` : `${s.intervalDays}天`}`,
        },
        () => saveColumnInterval(database, MenuId, Days),
      );
      return ok({ MenuId: saved.menuId, IntervalDays: saved.intervalDays, IntervalIsDefault: saved.intervalIsDefault }, messages.saved);
    },
  );

  app.get(
    '/ExportColumnFreshness',
    {
      onRequest: requireAdmin('inspection:columns:export'),
      schema: {
        ...docs,
        summary: '导出栏目更新为 .xlsx（state 同 GetColumnFreshness）',
        querystring: columnFreshnessQuery,
        ...xlsxAnswer,
        'x-codes': stateRefusal,
      },
    },
    async (request, reply) => {
      const state = request.query.state;
      const report = await columnFreshness(database, now(), state);
      const day = report.checkedAt.slice(0, 10);
      return sendListExport(request, reply, {
        permission: 'inspection:columns:export',
        target: '栏目更新',
        title: `栏目更新${state ? `-${columnStateNames[state]}` : ''}-${day}`,
        asciiName: 'column-freshness.xlsx',
        columns: exportColumns,
        read: async (page) => (page.pageindex === 1 ? report.columns : []),
      });
    },
  );
}
