import type { Kysely } from 'kysely';
import { formatCst, type AuditAction, type AuditLogListQuery, type PagingQuery } from '@portal/shared';
import type { DB } from '../../../db/schema.js';
import { pageWindow } from '../../../http/paging.js';
import { containing } from '../../../db/like.js';
import type { Database } from '../../../db/connection.js';
import { appendChained } from './chain.js';

/**
 * The audit log: one row per sign-in attempt and per back-office write. Rows are only ever
 * inserted, each linked to the one before (chain.ts); no call edits or deletes them.
 */
export interface AuditEntry {
  adminId: number | null;
  /** The account signed in as, or tried. */
  account: string;
  action: AuditAction;
  /** The kind of record written, e.g. 角色. */
  target?: string;
  targetId?: number | string;
  ip: string;
  ok: boolean;
  /** What was written (a name) or why it failed. */
  detail?: string;
}

export interface AuditRecord extends Required<Omit<AuditEntry, 'targetId' | 'action'>> {
  id: number;
  action: string;
  targetId: string;
  createdAt: string;
}

const DETAIL_MAX = 500;

/** Appends an entry to the log's hash chain (chain.ts). */
export async function writeAudit(database: Database, entry: AuditEntry, now: number): Promise<void> {
  await appendChained(database, 'audit_logs', {
    // 0 is the adminId of an API token's principal: no administrator.
    admin_id: entry.adminId || null,
    account: entry.account.slice(0, 64),
    action: entry.action,
    target: entry.target ?? '',
    target_id: entry.targetId === undefined ? '' : String(entry.targetId),
    ip: entry.ip,
    result: entry.ok ? 1 : 0,
    detail: (entry.detail ?? '').slice(0, DETAIL_MAX),
    created_at: formatCst(now),
  });
}

/** 操作日志's filters as GetAuditLogList parses them, and the dashboard's own: one administrator's entries (adminId). */
export type AuditFilter = Omit<AuditLogListQuery, keyof PagingQuery> & { adminId?: number };

/** Newest first, paged in SQL. */
export async function listAudit(db: Kysely<DB>, filter: AuditFilter, paging: PagingQuery): Promise<{ items: AuditRecord[]; total: number }> {
  let query = db.selectFrom('audit_logs');
  if (filter.account) query = query.where(containing('account', filter.account));
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.start) query = query.where('created_at', '>=', `${filter.start} 00:00:00`);
  if (filter.end) query = query.where('created_at', '<=', `${filter.end} 23:59:59`);
  if (filter.adminId !== undefined) query = query.where('admin_id', '=', filter.adminId);
  const { limit, offset } = pageWindow(paging);
  const [rows, { total }] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      adminId: r.admin_id,
      account: r.account,
      action: r.action,
      target: r.target,
      targetId: r.target_id,
      ip: r.ip,
      ok: r.result === 1,
      detail: r.detail,
      createdAt: r.created_at,
    })),
  };
}
