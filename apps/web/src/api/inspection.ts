import type { ColumnFreshnessQuery, ColumnFreshnessReportDto, ColumnIntervalDto, SaveColumnIntervalBody } from '@portal/shared';
import { exportList, get, post, type CallOptions } from './client';

/** 网站检查's back-office calls (/api/XfSysBussiness/, docs/inspection.md): 栏目更新. */
const base = 'XfSysBussiness/';
const admin: CallOptions = { side: 'admin' };

export const inspectionApi = {
  /** Every checked column (or those of one state), the home page's newest article and the counts against the inspection's threshold. */
  columns: (query: ColumnFreshnessQuery) => get<ColumnFreshnessReportDto>(`${base}GetColumnFreshness`, query, admin),
  /** A column's update interval in days, or null for its kind's default; answers what was stored. */
  saveInterval: (body: SaveColumnIntervalBody) => post<ColumnIntervalDto>(`${base}SaveColumnInterval`, body, admin),
  /** The table as .xlsx, saved under `filename`. */
  exportColumns: (query: ColumnFreshnessQuery, filename: string) => exportList(`${base}ExportColumnFreshness`, filename, query),
};
