import type { Kysely } from 'kysely';
import { formatCst, type ProposeListQuery } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { withKeyLocked } from '../../db/key-lock.js';
import type { DB } from '../../db/schema.js';
import { pageWindow } from '../../http/paging.js';
import type { Consent } from '../privacy/consents.js';
import { containing } from '../../db/like.js';
import { askerKey, receiveMessage, SUGGESTION_CATEGORY } from '../messages/intake.js';
import { publicBoardChanged } from '../messages/publication.js';

/**
 * The suggestion box (spec §5): its suggestions are messages of 在线留言 in the category 建议,
 * origin 'propose' (docs/decisions.md, "The suggestion box is the category 建议 of 在线留言"),
 * so staff route and answer them in the same queue, while the spec's calls read and write
 * them exactly as before. The per-address limit is the messages' (five in ten minutes, the
 * page and the box together), counted with the address's key held (db/key-lock.ts).
 */

export interface Proposal {
  id: number;
  mobile: string;
  content: string;
  isRead: boolean;
  readAt: string;
  createdAt: string;
}

/** The subject a suggestion (which has none) shows under in the queue: its first words. */
const SUBJECT_LENGTH = 30;

/** SavePropose: stores a suggestion as plain text; the sixth within ten minutes from one address is refused. */
export async function saveProposal(
  database: Database,
  p: { mobile: string; content: string; address: string; group: string; consent: Consent | null },
  now: number,
): Promise<void> {
  await withKeyLocked(database, askerKey(p.group), (trx) =>
    receiveMessage(
      database,
      trx,
      {
        categoryId: SUGGESTION_CATEGORY,
        origin: 'propose',
        subject: [...p.content].slice(0, SUBJECT_LENGTH).join(''),
        content: p.content,
        phone: p.mobile,
        ip: p.address,
        group: p.group,
        consent: p.consent,
      },
      now,
    ),
  );
}

const suggestions = (db: Kysely<DB>) => db.selectFrom('messages').where('origin', '=', 'propose');

/** GetWebProposeList: newest first, paged in SQL. */
export async function listProposals(db: Kysely<DB>, q: ProposeListQuery): Promise<{ items: Proposal[]; total: number }> {
  const { key } = q;
  let query = suggestions(db);
  if (key) query = query.where((eb) => eb.or([containing('phone', key), containing('content', key)]));
  if (q.isread !== undefined) query = query.where('read_at', q.isread === 1 ? '!=' : '=', '');
  if (q.start) query = query.where('created_at', '>=', `${q.start} 00:00:00`);
  if (q.end) query = query.where('created_at', '<=', `${q.end} 23:59:59`);
  const { limit, offset } = pageWindow(q);
  const [rows, { total }] = await Promise.all([
    query.select(['id', 'phone', 'content', 'read_at', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(total),
    items: rows.map((r) => ({ id: r.id, mobile: r.phone, content: r.content, isRead: r.read_at !== '', readAt: r.read_at, createdAt: r.created_at })),
  };
}

/** MarkProposeRead: answers how many were unread until now. */
export async function markProposalsRead(db: Kysely<DB>, ids: number[], now: number): Promise<number> {
  const result = await db
    .updateTable('messages')
    .set({ read_at: formatCst(now) })
    .where('origin', '=', 'propose')
    .where('id', 'in', ids)
    .where('read_at', '=', '')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** DelWebPropose: answers how many were deleted (ids already gone are no error), with their history. */
export async function deleteProposals(database: Database, ids: number[]): Promise<number> {
  const deleted = await database.db.transaction().execute(async (trx) => {
    const gone = (await trx.selectFrom('messages').select('id').where('origin', '=', 'propose').where('id', 'in', ids).execute()).map((r) => r.id);
    if (gone.length === 0) return 0;
    await trx.deleteFrom('message_notes').where('message_id', 'in', gone).execute();
    const result = await trx.deleteFrom('messages').where('id', 'in', gone).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
  // A suggestion staff answered may be one of 在线留言's published answers.
  if (deleted > 0) publicBoardChanged(database);
  return deleted;
}
