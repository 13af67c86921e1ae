import type { AvailabilityQuery } from '@portal/shared';
import { adminQueryKeys } from '../../../session/queries';

/** 可用性监测's cached reads (dropped at logout with the rest of the session). */
export const availabilityKeys = {
  all: [...adminQueryKeys.all, 'inspection', 'availability'] as const,
  report: (query: AvailabilityQuery) => [...adminQueryKeys.all, 'inspection', 'availability', query] as const,
};
