import { z } from 'zod';
import { availabilityTargets, availabilityVias } from '../schemas/availability.js';

/** One probe: a page asked over HTTP (docs/inspection.md, "可用性监测"). */
export const availabilityProbeDto = z
  .object({
    /** yyyy-MM-dd HH:mm:ss, China time. */
    At: z.string(),
    /** The page's kind: the home page or a list page. */
    Page: z.enum(availabilityTargets),
    /** The page's path on the site: /home, /menuList?ParentId=…&MenuId=…. */
    Target: z.string(),
    Via: z.enum(availabilityVias),
    Ok: z.boolean(),
    /** The HTTP status; 0 when none came (timeout, connection refused). */
    Status: z.int(),
    /** Milliseconds until the answer was read, or until it failed. */
    Ms: z.int(),
    /** Why it failed; '' when ok. */
    Problem: z.string(),
  })
  .meta({ id: 'AvailabilityProbeDto' });
export type AvailabilityProbeDto = z.infer<typeof availabilityProbeDto>;

/** A day's probes through one way (local or public). */
export const availabilityFiguresDto = z
  .object({
    Probes: z.int(),
    Failures: z.int(),
    /** Ok probes in percent, two decimals; null without probes. */
    Uptime: z.number().nullable(),
    /** Of the ok probes, in milliseconds; null without any. */
    AverageMs: z.int().nullable(),
    P95Ms: z.int().nullable(),
  })
  .meta({ id: 'AvailabilityFiguresDto' });
export type AvailabilityFiguresDto = z.infer<typeof availabilityFiguresDto>;

export const availabilityDayDto = z
  .object({
    /** yyyy-MM-dd, China time; every day of the range, oldest first. */
    Day: z.string(),
    Local: availabilityFiguresDto,
    Public: availabilityFiguresDto,
  })
  .meta({ id: 'AvailabilityDayDto' });
export type AvailabilityDayDto = z.infer<typeof availabilityDayDto>;

export const availabilityReportDto = z
  .object({
    /** yyyy-MM-dd HH:mm:ss: when the report was read. */
    CheckedAt: z.string(),
    Days: z.int(),
    /** Every day of the range, oldest first (today last). */
    Daily: z.array(availabilityDayDto),
    /** The whole range, each way. */
    Total: z.object({ Local: availabilityFiguresDto, Public: availabilityFiguresDto }),
    /** The inspection's week: failed probes of the home page in the last 7 days (today and the 6 before), either way. */
    Week: z.object({ HomeProbes: z.int(), HomeFailures: z.int(), Threshold: z.int(), Failing: z.boolean() }),
    /** The latest failed probes of the range, newest first, at most 50. */
    Failures: z.array(availabilityProbeDto),
    /** The newest probe's time; null before the first. */
    LastProbeAt: z.string().nullable(),
    /** Minutes between the background probes (AVAILABILITY_PROBE_MINUTES); 0 when off. */
    EveryMinutes: z.int(),
    /** Whether the site's public address (PUBLIC_BASE_URL) is probed besides the local one. */
    ProbesPublic: z.boolean(),
  })
  .meta({ id: 'AvailabilityReportDto' });
export type AvailabilityReportDto = z.infer<typeof availabilityReportDto>;

/** ProbeAvailability: the probes made now. */
export const availabilityRoundDto = z.object({ At: z.string(), Probes: z.array(availabilityProbeDto) }).meta({ id: 'AvailabilityRoundDto' });
export type AvailabilityRoundDto = z.infer<typeof availabilityRoundDto>;
