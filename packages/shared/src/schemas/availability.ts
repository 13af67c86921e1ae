import { z } from 'zod';
import { availabilityMessages } from '../messages/availability.js';
import { integer, optionalParam } from './common.js';

/**
 * 可用性监测 (docs/inspection.md): the inspection's rule and the figures' bounds, named once for
 * the server's check and the page's words.
 */

/** The inspection watches the home page for a week… */
export const AVAILABILITY_WINDOW_DAYS = 7;
/** …and fails the site (单项否决) at this many failed probes of it in that week. */
export const AVAILABILITY_FAILURE_THRESHOLD = 15;
/** Probes are kept this many days; the page shows up to as many. */
export const AVAILABILITY_KEPT_DAYS = 90;

/** The page probed: the home page (what the inspection counts) and one list page of articles. */
export const availabilityTargets = ['home', 'list'] as const;
export type AvailabilityTarget = (typeof availabilityTargets)[number];
export const availabilityTargetNames: Record<AvailabilityTarget, string> = { home: '首页', list: '列表页' };

/** Through the server's own listening address, or the site's public address (PUBLIC_BASE_URL). */
export const availabilityVias = ['local', 'public'] as const;
export type AvailabilityVia = (typeof availabilityVias)[number];
export const availabilityViaNames: Record<AvailabilityVia, string> = { local: '本机', public: '公网地址' };

/**
 * The probes' own user agent: it says it is a program, and 访问统计 leaves it out entirely
 * (features/statistics/page-views.ts), so the site's probing itself is not counted as visits.
 */
export const AVAILABILITY_PROBE_AGENT = 'PortalAvailabilityProbe/1.0 (+site availability watch)';
export const isAvailabilityProbe = (userAgent: string) => userAgent.startsWith('PortalAvailabilityProbe/');

/** GetAvailability: the last `days` days (1–90, default 30). */
export const availabilityQuery = z.object({
  days: optionalParam(integer(availabilityMessages.daysInvalid, { min: 1, max: AVAILABILITY_KEPT_DAYS })),
});
export type AvailabilityQuery = z.infer<typeof availabilityQuery>;
