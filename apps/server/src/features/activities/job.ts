import type { Services } from '../../http/app-types.js';
import { schedulePeriodic } from '../../ops/periodic-job.js';
import { mailEnabled } from '../mail/outbox.js';
import { lapseOffers } from './waitlist.js';

/**
 * The waitlist's clock: offers of a place not confirmed in time lapse and the place goes to the
 * next in line, every minute. It runs in the one worker of a cluster that runs the background
 * jobs; reads of the activity lapse offers too (waitlist.ts), and a lapse is taken once
 * whichever gets there first, so several instances may all run it.
 */

const FIRST_MS = 15_000;
const EVERY_MS = 60_000;

export async function runOfferLapses(services: Pick<Services, 'database' | 'config' | 'now'>): Promise<number> {
  const { database, config, now } = services;
  const mail = mailEnabled(services) ? { siteName: config.site.name, baseUrl: config.publicBaseUrl ?? '' } : null;
  return lapseOffers(database, mail, now());
}

export function scheduleOfferLapses(services: Services, log: { error: (obj: object, msg: string) => void }): { stop: () => Promise<void> } {
  return schedulePeriodic('waitlist offer lapses', () => runOfferLapses(services), { firstMs: FIRST_MS, everyMs: EVERY_MS }, log);
}
