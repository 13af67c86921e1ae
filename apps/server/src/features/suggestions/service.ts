import type { Kysely } from 'kysely';
import { Code, formatCst, messages, type ProposeListQuery } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { withKeyLocked } from '../../db/key-lock.js';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { containing } from '../../db/like.js';

/**
 * The suggestion box (spec §5). The per-address limit counts the address's own recent rows, so
 * every instance on one database agrees without a separate counter; the count and the insert
 * hold the address (db/key-lock.ts), so suggestions arriving at once cannot all pass it.
 */
export const proposeLimit = { max: 5, windowMs: 10 * 60_000 } as const;

export interface Proposal {
  id: number;
  mobile: string;
  content: string;
  isRead: boolean;
  readAt: string;
  createdAt: string;
}

/** SavePropose: stores a suggestion as plain text; the sixth within ten minutes from one address is refused. */
export async function saveProposal(database: Database, p: { mobile: string; content: string; ip: string }, now: number): Promise<void> {
  await withKeyLocked(database, `propose:${p.ip}`, async (trx) => {
    const { n } = await trx
      .selectFrom('proposals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', p.ip)
      .where('created_at', '>', formatCst(now - proposeLimit.windowMs))
      .executeTakeFirstOrThrow();
    if (n >= proposeLimit.max) throw new AppError(Code.TooMany, messages.tooManyRequests);
    await trx
      .insertInto('proposals')
      .values({ mobile: p.mobile, content: p.content, ip: p.ip, is_read: 0, read_at: '', created_at: formatCst(now) })
      .execute();
  });
}

/** GetWebProposeList: newest first, paged in SQL. */
export async function listProposals(db: Kysely<DB>, q: ProposeListQuery): Promise<{ items: Proposal[]; total: number }> {
  const { key } = q;
  let query = db.selectFrom('proposals');
  if (key) query = query.where((eb) => eb.or([containing('mobile', key), containing('content', key)]));
  if (q.isread !== undefined) query = query.where('is_read', '=', q.isread);
  if (q.start) query = query.where('created_at', '>=', `${q.start} 00:00:00`);
  if (q.end) query = query.where('created_at', '<=', `${q.end} 23:59:59`);
  const { limit, offset } = pageWindow(q);
  const [rows, { total }] = await Promise.all([
    query
      .select(['id', 'mobile', 'content', 'is_read', 'read_at', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    total,
    items: rows.map((r) => ({ id: r.id, mobile: r.mobile, content: r.content, isRead: r.is_read === 1, readAt: r.read_at, createdAt: r.created_at })),
  };
}

/** MarkProposeRead: answers how many were unread until now. */
export async function markProposalsRead(db: Kysely<DB>, ids: number[], now: number): Promise<number> {
  const result = await db
    .updateTable('proposals')
    .set({ is_read: 1, read_at: formatCst(now) })
    .where('id', 'in', ids)
    .where('is_read', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** DelWebPropose: answers how many were deleted (ids already gone are no error). */
export async function deleteProposals(db: Kysely<DB>, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('proposals').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
