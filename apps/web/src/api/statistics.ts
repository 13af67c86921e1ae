import type { StatisticsTable, VisitStatisticsDto, VisitStatisticsQuery } from '@portal/shared';
import { exportList, get, type CallOptions } from './client';

/** 访问统计's back-office calls (/api/XfSysBussiness/, docs/statistics.md). */
const base = 'XfSysBussiness/';
const admin: CallOptions = { side: 'admin' };

export const statisticsApi = {
  /** The dashboard of a range of days (China Standard Time); a refused range (too long, in the future) is shown by the client. */
  visits: (query: VisitStatisticsQuery) => get<VisitStatisticsDto>(`${base}GetVisitStatistics`, query, admin),
  /** One table of the dashboard as .xlsx, saved under `filename`. */
  exportTable: (query: VisitStatisticsQuery, table: StatisticsTable, filename: string) =>
    exportList(`${base}ExportVisitStatistics`, filename, { ...query, table }),
};
