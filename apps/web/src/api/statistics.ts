import type { EditorOutputDto, EditorOutputQuery, StatisticsSettingsDto, StatisticsTable, VisitStatisticsDto, VisitStatisticsQuery } from '@portal/shared';
import { exportList, get, post, type CallOptions } from './client';

/** 数据统计's back-office calls (/api/XfSysBussiness/, docs/statistics.md): 访问统计 and 编辑工作量. */
const base = 'XfSysBussiness/';
const admin: CallOptions = { side: 'admin' };

export const statisticsApi = {
  /** The dashboard of a range of days (China Standard Time); a refused range (too long, in the future) is shown by the client. */
  visits: (query: VisitStatisticsQuery) => get<VisitStatisticsDto>(`${base}GetVisitStatistics`, query, admin),
  /** One table of the dashboard as .xlsx, saved under `filename`. */
  exportTable: (query: VisitStatisticsQuery, table: StatisticsTable, filename: string) =>
    exportList(`${base}ExportVisitStatistics`, filename, { ...query, table }),
  /** 编辑工作量 of a range of months (yyyy-MM, at most 36): each admin's figures, month by month. */
  editors: (query: EditorOutputQuery) => get<EditorOutputDto>(`${base}GetEditorOutput`, query, admin),
  /** 编辑工作量 as .xlsx (each editor's months with work and totals), saved under `filename`. */
  exportEditors: (query: EditorOutputQuery, filename: string) => exportList(`${base}ExportEditorOutput`, filename, query),
  /** 统计设置: whether browsers asking not to be tracked are left out. */
  settings: () => get<StatisticsSettingsDto>(`${base}GetStatisticsSettings`, undefined, admin),
  saveSettings: (body: StatisticsSettingsDto) => post<StatisticsSettingsDto>(`${base}SaveStatisticsSettings`, body, admin),
};
