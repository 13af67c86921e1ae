import type { EditorOutputQuery, VisitStatisticsQuery } from '@portal/shared';
import { adminQueryKeys } from '../../../session/queries';

const statistics = [...adminQueryKeys.all, 'statistics'] as const;

/** 访问统计's cached reads, one per range (dropped at logout with the rest of the session); the monthly report reads the same. */
export const visitStatsKeys = {
  all: [...statistics, 'visits'] as const,
  range: (query: VisitStatisticsQuery) => [...statistics, 'visits', query] as const,
  settings: [...statistics, 'settings'] as const,
};

/** 编辑工作量's cached reads, one per range of months: its page's and the monthly report's. */
export const editorOutputKeys = {
  all: [...statistics, 'editors'] as const,
  months: (query: EditorOutputQuery) => [...statistics, 'editors', query] as const,
};
