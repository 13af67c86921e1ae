import type { Kysely } from 'kysely';
import { formatCst, inboxMessages, type InboxListQuery, type InboxMessageDto } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';

/**
 * A member's 站内信: their own messages only, every query bound to the member's id, so another
 * member's message reads as one that does not exist.
 */

const toDto = (r: { id: number; title: string; category: string; html: string; created_at: string; read_at: string }): InboxMessageDto => ({
  Id: r.id,
  Title: r.title,
  Category: r.category,
  Html: r.html,
  CreateTime: r.created_at,
  Read: r.read_at !== '',
  ReadTime: r.read_at,
});

const own = (db: Kysely<DB>, memberId: number, unreadOnly: boolean) =>
  db
    .selectFrom('inbox_messages')
    .where('member_id', '=', memberId)
    .$if(unreadOnly, (q) => q.where('read_at', '=', ''));

/** GetMyInbox: newest first, paged; the unread ones only when asked. */
export async function memberInbox(db: Kysely<DB>, memberId: number, query: InboxListQuery): Promise<{ items: InboxMessageDto[]; total: number }> {
  const { limit, offset } = pageWindow(query);
  const unreadOnly = query.unread === 1;
  const [rows, { total }] = await Promise.all([
    own(db, memberId, unreadOnly)
      .select(['id', 'title', 'category', 'html', 'created_at', 'read_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    own(db, memberId, unreadOnly)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toDto), total: Number(total) };
}

/** GetInboxUnreadCount: what the header's bell shows. */
export async function unreadCount(db: Kysely<DB>, memberId: number): Promise<number> {
  const { unread } = await own(db, memberId, true)
    .select((eb) => eb.fn.countAll<number>().as('unread'))
    .executeTakeFirstOrThrow();
  return Number(unread);
}

/** ReadInboxMessage: marks one of the member's messages read (the first read time stays); another's is 404. */
export async function readMessage(db: Kysely<DB>, memberId: number, messageId: number, now: number): Promise<void> {
  const found = await own(db, memberId, false).select(['id', 'read_at']).where('id', '=', messageId).executeTakeFirst();
  if (!found) throw notFound(inboxMessages.notFound);
  if (found.read_at !== '') return;
  await db
    .updateTable('inbox_messages')
    .set({ read_at: formatCst(now) })
    .where('id', '=', messageId)
    .where('member_id', '=', memberId)
    .where('read_at', '=', '')
    .execute();
}

/** ReadAllInbox: marks every unread message of the member read; answers how many were. */
export async function readAll(db: Kysely<DB>, memberId: number, now: number): Promise<number> {
  const result = await db
    .updateTable('inbox_messages')
    .set({ read_at: formatCst(now) })
    .where('member_id', '=', memberId)
    .where('read_at', '=', '')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
