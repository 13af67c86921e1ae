import type { Kysely } from 'kysely';
import { formatCst, type LoginLogListQuery, type PagingQuery, type SignInKind } from '@portal/shared';
import type { DB } from '../../../db/schema.js';
import { pageWindow } from '../../../http/paging.js';
import { containingAnyCase } from '../../../db/like.js';
import type { Database } from '../../../db/connection.js';
import { appendChained } from './chain.js';

/**
 * 登录日志: one row per sign-in attempt, back office (auth/login.ts) and members
 * (features/members/login.ts), right or wrong, with the address and browser it came from.
 * Rows are only ever inserted; the retention job (retention.ts) deletes the old ones.
 */
export interface SignInRecord {
  kind: SignInKind;
  /** The account as typed. */
  account: string;
  /** The admin's or member's id, when the account exists. */
  userId: number | null;
  ok: boolean;
  /** Why it failed, or what a success opened. */
  detail?: string;
  ip: string;
  /** Already cleaned by userAgentOf (http/user-agent.ts). */
  userAgent: string;
}

export interface LoginLogRecord extends Required<SignInRecord> {
  id: number;
  createdAt: string;
}

/** Appends an attempt to the log's hash chain (chain.ts). */
export async function writeLoginLog(database: Database, entry: SignInRecord, now: number): Promise<void> {
  await appendChained(database, 'login_logs', {
    kind: entry.kind,
    account: entry.account.slice(0, 64),
    user_id: entry.userId,
    result: entry.ok ? 1 : 0,
    detail: (entry.detail ?? '').slice(0, 200),
    ip: entry.ip,
    user_agent: entry.userAgent,
    created_at: formatCst(now),
  });
}

/** GetLoginLogList's filters, with the result (1 success, 0 failure) read as ok. */
export type LoginLogFilter = Omit<LoginLogListQuery, keyof PagingQuery | 'result'> & { ok?: boolean };

/** Newest first, paged in SQL. */
export async function listLoginLog(db: Kysely<DB>, filter: LoginLogFilter, paging: PagingQuery): Promise<{ items: LoginLogRecord[]; total: number }> {
  let query = db.selectFrom('login_logs');
  if (filter.account) query = query.where(containingAnyCase('account', filter.account));
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.ok !== undefined) query = query.where('result', '=', filter.ok ? 1 : 0);
  if (filter.start) query = query.where('created_at', '>=', `${filter.start} 00:00:00`);
  if (filter.end) query = query.where('created_at', '<=', `${filter.end} 23:59:59`);
  const { limit, offset } = pageWindow(paging);
  const [rows, { total }] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind as SignInKind,
      account: r.account,
      userId: r.user_id,
      ok: r.result === 1,
      detail: r.detail,
      ip: r.ip,
      userAgent: r.user_agent,
      createdAt: r.created_at,
    })),
  };
}
