import { adminQueryKeys } from '../../../session/queries';

/** 链接检查's cached reads: the runs' summary and the findings' pages (dropped at logout with the rest of the session). */
export const linkCheckKeys = {
  all: [...adminQueryKeys.all, 'inspection', 'links'] as const,
  summary: [...adminQueryKeys.all, 'inspection', 'links', 'summary'] as const,
  findings: (query: object) => [...adminQueryKeys.all, 'inspection', 'links', 'findings', query] as const,
};
