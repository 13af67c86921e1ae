import type { ColumnFreshnessQuery } from '@portal/shared';
import { adminQueryKeys } from '../../../session/queries';

/** 栏目更新's cached reads, one per state asked (dropped at logout with the rest of the session). */
export const columnFreshnessKeys = {
  all: [...adminQueryKeys.all, 'inspection', 'columns'] as const,
  state: (query: ColumnFreshnessQuery) => [...adminQueryKeys.all, 'inspection', 'columns', query] as const,
};
