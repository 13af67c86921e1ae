import { formatCst } from '@portal/shared';
import type { Services } from '../../../http/app-types.js';
import { schedulePeriodic } from '../../../ops/periodic-job.js';
import { pruneChained } from './chain.js';

/**
 * Log retention: audit_logs (操作日志) and login_logs (登录日志) rows older than
 * AUDIT_RETENTION_DAYS (at least 180: the Cybersecurity Law §21 asks for six months) are
 * deleted, daily, in one background worker, as the oldest part of each log's hash chain
 * (chain.ts pruneChained). Deletes go a batch of ids at a time, so the first run on a years-old
 * log neither holds a long write lock (SQLite has one writer) nor builds one huge statement,
 * and ids make it the same SQL on both engines (SQLite has no DELETE … LIMIT).
 */
const DAY_MS = 86_400_000;
const BATCH = 1000;

export interface Pruned {
  auditLogs: number;
  loginLogs: number;
}

export async function pruneLogs({ database, config, now }: Services): Promise<Pruned> {
  const at = now();
  const cutoff = formatCst(at - config.auditRetentionDays * DAY_MS);
  return {
    auditLogs: await pruneChained(database, 'audit_logs', cutoff, at, BATCH),
    loginLogs: await pruneChained(database, 'login_logs', cutoff, at, BATCH),
  };
}

const FIRST_RUN_MS = 5 * 60_000;

/** Prunes five minutes after start and daily after that (ops/periodic-job.ts: one at a time, closing waits). */
export function scheduleLogRetention(services: Services, log: { error: (obj: object, msg: string) => void }): { stop: () => Promise<void> } {
  return schedulePeriodic('log retention', () => pruneLogs(services), { firstMs: FIRST_RUN_MS, everyMs: DAY_MS }, log);
}
