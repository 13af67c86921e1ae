import type { Services } from '../../http/app-types.js';
import { schedulePeriodic } from '../../ops/periodic-job.js';
import { statisticsRound } from './rollup.js';

/** Not more often than this, whatever STATS_REFRESH_SECONDS says: a round reads the day's raw hits. */
const SHORTEST_ROUND_MS = 10_000;

/** 访问统计's round (rollup.ts statisticsRound) every STATS_REFRESH_SECONDS, in the one process that runs background jobs. */
export function scheduleStatistics(services: Services, log: { error: (obj: object, msg: string) => void }): { stop: () => Promise<void> } {
  const { database, config, now } = services;
  const everyMs = Math.max(SHORTEST_ROUND_MS, config.statistics.refreshSeconds * 1000);
  return schedulePeriodic('visit statistics', () => statisticsRound(database, now(), config.statistics.rawDays), { firstMs: everyMs, everyMs }, log);
}
