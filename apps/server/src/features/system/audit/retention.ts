import { formatCst } from '@portal/shared';
import type { Services } from '../../../http/app-types.js';
import { schedulePeriodic } from '../../../ops/periodic-job.js';

/**
 * Log retention: audit_logs (操作日志) and login_logs (登录日志) rows older than
 * AUDIT_RETENTION_DAYS (at least 180: the Cybersecurity Law §21 asks for six months) are
 * deleted, daily, in one background worker. Deletes go a batch of ids at a time, so the first
 * run on a years-old log neither holds a long write lock (SQLite has one writer) nor builds
 * one huge statement, and ids make it the same SQL on both engines (SQLite has no DELETE … LIMIT).
 */
const DAY_MS = 86_400_000;
const BATCH = 1000;

export interface Pruned {
  auditLogs: number;
  loginLogs: number;
}

export async function pruneLogs({ database, config, now }: Services): Promise<Pruned> {
  const cutoff = formatCst(now() - config.auditRetentionDays * DAY_MS);
  const prune = async (table: 'audit_logs' | 'login_logs'): Promise<number> => {
    let deleted = 0;
    for (;;) {
      const ids = (
        await database.db.selectFrom(table).select('id').where('created_at', '<', cutoff).orderBy('created_at').orderBy('id').limit(BATCH).execute()
      ).map((r) => r.id);
      if (ids.length > 0) await database.db.deleteFrom(table).where('id', 'in', ids).execute();
      deleted += ids.length;
      if (ids.length < BATCH) return deleted;
    }
  };
  return { auditLogs: await prune('audit_logs'), loginLogs: await prune('login_logs') };
}

const FIRST_RUN_MS = 5 * 60_000;

/** Prunes five minutes after start and daily after that (ops/periodic-job.ts: one at a time, closing waits). */
export function scheduleLogRetention(services: Services, log: { error: (obj: object, msg: string) => void }): { stop: () => Promise<void> } {
  return schedulePeriodic('log retention', () => pruneLogs(services), { firstMs: FIRST_RUN_MS, everyMs: DAY_MS }, log);
}
