import type { Kysely } from 'kysely';
import { formatCst, MessageState, messageBoardMessages, type PagingQuery } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';

/**
 * What the asker reads of their message, by 查询码 or in the member area: its state, the reason
 * when declined, the reply once it is out, their rating. Never who handles it or the notes.
 */

export interface AskerMessage {
  queryCode: string;
  categoryName: string;
  subject: string;
  content: string;
  state: number;
  declineReason: string;
  reply: string;
  repliedAt: string;
  rating: number;
  createdAt: string;
}

const askerView = (db: Kysely<DB>) =>
  db
    .selectFrom('messages as m')
    .innerJoin('message_categories as c', 'c.id', 'm.category_id')
    .select([
      'm.id',
      'm.query_code',
      'c.name as category_name',
      'm.subject',
      'm.content',
      'm.state',
      'm.decline_reason',
      'm.reply',
      'm.replied_at',
      'm.rating',
      'm.created_at',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof askerView>['executeTakeFirstOrThrow']>>;

const toAsker = (r: Row): AskerMessage => ({
  queryCode: r.query_code,
  categoryName: r.category_name,
  subject: r.subject,
  content: r.content,
  state: r.state,
  declineReason: r.decline_reason,
  // Out only once answered: a reply waiting for anything is not the asker's yet.
  reply: r.state === MessageState.Answered ? r.reply : '',
  repliedAt: r.state === MessageState.Answered ? r.replied_at : '',
  rating: r.rating,
  createdAt: r.created_at,
});

/** GetMessageByCode: 404 for a code that names nothing (the route limits guesses per address). */
export async function messageByCode(db: Kysely<DB>, code: string): Promise<AskerMessage> {
  const row = await askerView(db).where('m.query_code', '=', code).executeTakeFirst();
  if (!row) throw notFound(messageBoardMessages.codeNotFound);
  return toAsker(row);
}

/** GetMyMessageList: a member's own messages, newest first. */
export async function memberMessages(db: Kysely<DB>, memberId: number, paging: PagingQuery): Promise<{ items: AskerMessage[]; total: number }> {
  const { limit, offset } = pageWindow(paging);
  const [rows, { total }] = await Promise.all([
    askerView(db).where('m.member_id', '=', memberId).orderBy('m.id', 'desc').limit(limit).offset(offset).execute(),
    db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toAsker), total: Number(total) };
}

/** RateMessage: once, on an answered message; a conditional update, so two at once rate once. */
export async function rateMessage(db: Kysely<DB>, code: string, rating: number, now: number): Promise<void> {
  const row = await db.selectFrom('messages').select(['id', 'state', 'rating']).where('query_code', '=', code).executeTakeFirst();
  if (!row) throw notFound(messageBoardMessages.codeNotFound);
  if (row.state !== MessageState.Answered) throw badRequest(messageBoardMessages.notRatable);
  const rated = await db
    .updateTable('messages')
    .set({ rating, rated_at: formatCst(now) })
    .where('id', '=', row.id)
    .where('rating', '=', 0)
    .executeTakeFirst();
  if (rated.numUpdatedRows === 0n) throw badRequest(messageBoardMessages.alreadyRated);
}
