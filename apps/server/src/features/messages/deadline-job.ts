import type { Kysely } from 'kysely';
import { formatCst, MessageState } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import type { Services } from '../../http/app-types.js';
import { schedulePeriodic } from '../../ops/periodic-job.js';
import { notify } from '../review/notices.js';
import { adminsHolding } from '../system/auth/holders.js';
import { addNote, type NoteKind } from './handling.js';
import { messageSettings } from './settings.js';

/**
 * The deadline job: a message still open `WarnHours` before its due time warns its handler (or,
 * with none named, its department's handlers); one still open at its due time is escalated to
 * its department's supervisor. A message no one would hear of (never assigned, or its department
 * without handlers or supervisor) goes to those who see every department's messages
 * (message:all), who are the ones to assign it. Each goes once: the message is claimed by a conditional update
 * of warned_at / escalated_at in the transaction that writes the notice, so instances running
 * the job side by side (every instance's background worker does) never tell anyone twice, and a
 * job killed mid-way leaves nothing half-told. Admins have no e-mail address on record, so the
 * notices are the back office's bell (features/review/notices.ts), as review notices are.
 */

const FIRST_MS = 15_000;
const EVERY_MS = 5 * 60_000;
const BATCH = 200;
const open = [MessageState.Waiting, MessageState.Handling];

export const messageLink = (id: number) => `/System/interact/message?message=${id}`;

type Column = 'warned_at' | 'escalated_at';

/** Claims one message for a notice; false when another instance (or an earlier round) already did. */
async function claim(trx: Kysely<DB>, id: number, column: Column, at: string): Promise<boolean> {
  const claimed = await trx
    .updateTable('messages')
    .set({ [column]: at })
    .where('id', '=', id)
    .where(column, '=', '')
    .where('state', 'in', open)
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}

async function handlersOf(db: Kysely<DB>, m: { department_id: number | null; handler_id: number | null }): Promise<number[]> {
  if (m.handler_id) return [m.handler_id];
  if (!m.department_id) return [];
  return (await db.selectFrom('message_handlers').select('admin_id').where('department_id', '=', m.department_id).execute()).map((r) => r.admin_id);
}

async function supervisorOf(db: Kysely<DB>, departmentId: number | null): Promise<number[]> {
  if (!departmentId) return [];
  const d = await db.selectFrom('message_departments').select('supervisor_id').where('id', '=', departmentId).executeTakeFirst();
  return d?.supervisor_id ? [d.supervisor_id] : [];
}

/** The people told of a message: `named`, or, with no one named, whoever may assign it. */
const orDispatchers = async (trx: Kysely<DB>, named: number[]) => (named.length > 0 ? named : adminsHolding(trx, 'message:all'));

async function round(
  db: Kysely<DB>,
  due: { column: Column; kind: NoteKind; upTo: string; after?: string },
  tell: (trx: Kysely<DB>, m: { id: number; subject: string; due_at: string; department_id: number | null; handler_id: number | null }) => Promise<string>,
  at: string,
): Promise<number> {
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'subject', 'due_at', 'department_id', 'handler_id'])
    .where('state', 'in', open)
    .where('due_at', '<=', due.upTo)
    .$if(!!due.after, (q) => q.where('due_at', '>', due.after!))
    .where(due.column, '=', '')
    .orderBy('due_at')
    .limit(BATCH)
    .execute();
  let told = 0;
  for (const m of rows) {
    const done = await db.transaction().execute(async (trx) => {
      if (!(await claim(trx, m.id, due.column, at))) return false;
      await addNote(trx, m.id, due.kind, await tell(trx, m), null, at);
      return true;
    });
    if (done) told += 1;
  }
  return told;
}

export async function runDeadlineJob({ database, now }: Pick<Services, 'database' | 'now'>): Promise<{ warned: number; escalated: number }> {
  const { db } = database;
  const at = formatCst(now());
  const { warnHours } = await messageSettings(db);
  const warned = await round(
    db,
    { column: 'warned_at', kind: 'warn', upTo: formatCst(now() + warnHours * 3_600_000), after: at },
    async (trx, m) => {
      await notify(trx, await orDispatchers(trx, await handlersOf(trx, m)), `留言「${m.subject}」将于${m.due_at}到期，请及时答复`, messageLink(m.id), at);
      return `到期提醒：${m.due_at}`;
    },
    at,
  );
  const escalated = await round(
    db,
    { column: 'escalated_at', kind: 'escalate', upTo: at },
    async (trx, m) => {
      const to = await orDispatchers(trx, [...(await supervisorOf(trx, m.department_id)), ...(await handlersOf(trx, m))]);
      await notify(trx, to, `留言「${m.subject}」已超过办理时限（${m.due_at}），请督办`, messageLink(m.id), at);
      return `已超期，督办：${m.due_at}`;
    },
    at,
  );
  return { warned, escalated };
}

export function scheduleDeadlineJob(services: Services, log: { error: (obj: object, msg: string) => void }): { stop: () => Promise<void> } {
  return schedulePeriodic('message deadline job', () => runDeadlineJob(services), { firstMs: FIRST_MS, everyMs: EVERY_MS }, log);
}
