import { cstDate } from '@portal/shared';
import type { Services } from '../../http/app-types.js';
import { schedulePeriodic } from '../../ops/periodic-job.js';
import { mailEnabled } from '../mail/outbox.js';
import { sendDueReminders } from './reminders.js';
import { refreshStates } from '../members/states.js';

/**
 * The membership job: brings every member's state to today (states.ts), then records and
 * mails the renewal reminders due (reminders.ts). It is meant daily, and runs hourly so a day
 * starts within the hour wherever the server was restarted; a run that finds nothing to do is
 * a few reads.
 *
 * It runs in the one worker of a cluster that runs the background jobs, and across several
 * instances it is safe to run everywhere: state changes are conditional UPDATEs (the second
 * instance finds nothing left to change) and each reminder is one row under a unique key.
 */

const FIRST_MS = 10_000;
const EVERY_MS = 60 * 60_000;

export async function runMembershipJob(services: Pick<Services, 'database' | 'config' | 'now'>): Promise<{ changed: number; reminded: number }> {
  const { database, config, now } = services;
  const at = now();
  const changed = await refreshStates(database.db, cstDate(at));
  const mail = mailEnabled(services) ? { siteName: config.site.name, baseUrl: config.publicBaseUrl ?? '' } : null;
  const reminded = await sendDueReminders(database, config.membershipReminderDays, mail, at);
  return { changed, reminded };
}

export function scheduleMembershipJob(services: Services, log: { error: (obj: object, msg: string) => void }): { stop: () => Promise<void> } {
  return schedulePeriodic('membership job', () => runMembershipJob(services), { firstMs: FIRST_MS, everyMs: EVERY_MS }, log);
}
