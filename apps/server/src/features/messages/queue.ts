import type { ExpressionBuilder, Kysely } from 'kysely';
import { MessageState, type MessageListQuery } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { containing } from '../../db/like.js';
import { pageWindow } from '../../http/paging.js';
import type { MessageScope } from './scope.js';

/** The back-office queue (GetMessageList): filtered, newest first, paged in SQL, within the admin's scope. */

export interface QueueRow {
  id: number;
  query_code: string;
  category_id: number;
  category_name: string;
  subject: string;
  asker_name: string;
  state: number;
  department_id: number | null;
  department_name: string | null;
  handler_id: number | null;
  handler_name: string | null;
  handler_account: string | null;
  origin: string;
  due_at: string;
  published: number;
  created_at: string;
  replied_at: string;
}

type Eb = ExpressionBuilder<DB & { m: DB['messages'] }, 'm'>;

/** 超期: open past its due time, or answered after it. */
export const overdueAt = (nowCst: string) => (eb: Eb) =>
  eb.or([
    eb.and([eb('m.state', 'in', [MessageState.Waiting, MessageState.Handling]), eb('m.due_at', '<', nowCst)]),
    eb.and([eb('m.state', '=', MessageState.Answered), eb('m.replied_at', '>', eb.ref('m.due_at'))]),
  ]);

export const isOverdue = (r: { state: number; due_at: string; replied_at: string }, nowCst: string) =>
  r.state === MessageState.Answered ? r.replied_at > r.due_at : r.state !== MessageState.Declined && r.due_at < nowCst;

/** 即将到期: open, not yet past its due time, and due by `warnUntilCst` (now plus the warning hours). */
export const isDueSoon = (r: { state: number; due_at: string }, nowCst: string, warnUntilCst: string) =>
  (r.state === MessageState.Waiting || r.state === MessageState.Handling) && r.due_at >= nowCst && r.due_at <= warnUntilCst;

export const queueView = (db: Kysely<DB>) =>
  db
    .selectFrom('messages as m')
    .innerJoin('message_categories as c', 'c.id', 'm.category_id')
    .leftJoin('message_departments as d', 'd.id', 'm.department_id')
    .leftJoin('admin_users as h', 'h.id', 'm.handler_id');

export const queueColumns = [
  'm.id',
  'm.query_code',
  'm.category_id',
  'c.name as category_name',
  'm.subject',
  'm.asker_name',
  'm.state',
  'm.department_id',
  'd.name as department_name',
  'm.handler_id',
  'h.full_name as handler_name',
  'h.account as handler_account',
  'm.origin',
  'm.due_at',
  'm.published',
  'm.created_at',
  'm.replied_at',
] as const;

export async function listMessages(db: Kysely<DB>, q: MessageListQuery, scope: MessageScope, nowCst: string): Promise<{ items: QueueRow[]; total: number }> {
  const { key } = q;
  // 0 names no department: it keeps the list valid SQL for an admin who handles none.
  const departments = scope.all ? null : [0, ...scope.departmentIds];
  const query = db
    .selectFrom('messages as m')
    .$if(departments !== null, (qb) => qb.where('m.department_id', 'in', departments!))
    .$if(q.state !== undefined, (qb) => qb.where('m.state', '=', q.state!))
    .$if(q.categoryid !== undefined, (qb) => qb.where('m.category_id', '=', q.categoryid!))
    .$if(q.departmentid !== undefined, (qb) => qb.where('m.department_id', '=', q.departmentid!))
    .$if(q.overdue === 1, (qb) => qb.where(overdueAt(nowCst)))
    .$if(q.overdue === 0, (qb) => qb.where((eb) => eb.not(overdueAt(nowCst)(eb))))
    .$if(!!q.start, (qb) => qb.where('m.created_at', '>=', `${q.start} 00:00:00`))
    .$if(!!q.end, (qb) => qb.where('m.created_at', '<=', `${q.end} 23:59:59`))
    .$if(!!key, (qb) =>
      qb.where((eb) =>
        eb.or([containing('m.subject', key!), containing('m.content', key!), containing('m.asker_name', key!), eb('m.query_code', '=', key!.toUpperCase())]),
      ),
    );
  const { limit, offset } = pageWindow(q);
  const [ids, { total }] = await Promise.all([
    query.select('m.id').orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  if (ids.length === 0) return { items: [], total: Number(total) };
  const rows = await queueView(db)
    .select(queueColumns)
    .where(
      'm.id',
      'in',
      ids.map((r) => r.id),
    )
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  return { items: rows, total: Number(total) };
}
