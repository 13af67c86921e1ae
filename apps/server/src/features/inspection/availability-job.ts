import type { Services } from '../../http/app-types.js';
import { schedulePeriodic } from '../../ops/periodic-job.js';
import { probeNow, purgeProbes, type Listening } from './availability.js';

/** The first round comes within a minute of the start, so a fresh install's page is not empty for long. */
const FIRST_ROUND_MS = 60_000;

/**
 * 可用性监测's rounds every AVAILABILITY_PROBE_MINUTES (0: none), in the one process that runs
 * background jobs; each round also deletes the probes past their 90 days.
 */
export function scheduleAvailability(
  services: Services,
  server: Listening,
  log: { error: (obj: object, msg: string) => void },
): { stop: () => Promise<void> } | undefined {
  const { database, config, now } = services;
  const everyMs = config.availability.probeMinutes * 60_000;
  if (everyMs === 0) return undefined;
  const round = async () => {
    await probeNow({ database, config, now, server });
    await purgeProbes(database, now());
  };
  return schedulePeriodic('availability watch', round, { firstMs: Math.min(everyMs, FIRST_ROUND_MS), everyMs }, log);
}
