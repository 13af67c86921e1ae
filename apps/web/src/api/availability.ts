import type { AvailabilityQuery, AvailabilityReportDto, AvailabilityRoundDto } from '@portal/shared';
import { get, post, type CallOptions } from './client';

/** 可用性监测's back-office calls (/api/XfSysBussiness/, docs/inspection.md). */
const base = 'XfSysBussiness/';
const admin: CallOptions = { side: 'admin' };

export const availabilityApi = {
  /** The last `days` days by day and way, the week against the inspection's 15, the latest failures. */
  report: (query: AvailabilityQuery) => get<AvailabilityReportDto>(`${base}GetAvailability`, query, admin),
  /** 立即检测: one round now; answers its probes (the message says how many failed). */
  probe: () => post<AvailabilityRoundDto>(`${base}ProbeAvailability`, {}, admin),
};
