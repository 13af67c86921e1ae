import { sql } from 'kysely';
import { oneLine } from './one-line.js';
import type { Database } from '../db/connection.js';
import { migrationNames } from '../db/migrations/index.js';

/** How long the database may take to answer before the instance counts as not ready. */
export const READY_TIMEOUT_MS = 1000;

export interface Readiness {
  ready: boolean;
  /** Why not, in one line (for the operator reading the probe's answer). */
  reason?: string;
}

/**
 * Readiness (/readyz): the database answers within a second and every migration this build
 * knows has been applied. Liveness (/healthz) asks nothing of the database: a load balancer
 * should stop sending requests to an instance whose database is gone, but systemd or an
 * orchestrator should not restart a process that would only find the same database down.
 */
export async function checkReadiness(database: Database, timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(() => resolve({ ready: false, reason: `database did not answer within ${timeoutMs} ms` }), timeoutMs);
  });
  try {
    return await Promise.race([probe(database), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function probe({ db }: Database): Promise<Readiness> {
  try {
    await sql`select 1`.execute(db);
    // Kysely's bookkeeping table, found on the search path like every other table.
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const done = new Set(applied.rows.map((r) => r.name));
    const pending = migrationNames.filter((name) => !done.has(name));
    if (pending.length) return { ready: false, reason: `migrations not applied: ${pending.join(', ')}` };
    return { ready: true };
  } catch (error) {
    return { ready: false, reason: `database unavailable: ${oneLine(error)}` };
  }
}
