import type { VisitStatisticsQuery } from '@portal/shared';
import { adminQueryKeys } from '../../../session/queries';

/** 访问统计's cached reads, one per range (dropped at logout with the rest of the session). */
export const visitStatsKeys = {
  all: [...adminQueryKeys.all, 'statistics', 'visits'] as const,
  range: (query: VisitStatisticsQuery) => [...adminQueryKeys.all, 'statistics', 'visits', query] as const,
};
