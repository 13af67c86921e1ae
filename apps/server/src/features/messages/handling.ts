import type { Kysely } from 'kysely';
import { formatCst, MessageState, messageBoardMessages, ReviewKind } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/envelope.js';
import type { AdminPrincipal } from '../system/auth/access.js';
import { withdrawSubjectReview } from '../review/subjects.js';
import { publicBoardChanged, showsPersonalData } from './publication.js';
import { messageInScope, type MessageScope } from './scope.js';

/**
 * What staff do with a message: assign it to a department (and a handler), transfer it, decline
 * it, note something internal, publish (the reply is in reply.ts). Each is one transaction whose update names the
 * state it read, so of two staff acting at once the second is told where the message now stands
 * and nothing of theirs is written. Every step is kept in message_notes (the history staff read).
 */

type Db = Kysely<DB>;
export const open = [MessageState.Waiting, MessageState.Handling] as const;
export type NoteKind = 'note' | 'assign' | 'transfer' | 'decline' | 'reply' | 'review' | 'publish' | 'withdraw' | 'warn' | 'escalate';

export async function addNote(db: Db, messageId: number, kind: NoteKind, text: string, by: AdminPrincipal | null, at: string): Promise<void> {
  await db
    .insertInto('message_notes')
    .values({ message_id: messageId, kind, text: text.slice(0, 1000), admin_id: by?.adminId || null, admin_account: by?.account ?? '', created_at: at })
    .execute();
}

/** Updates the message only while it is in `from`; refuses with where it stands otherwise. */
export async function move(db: Db, id: number, from: readonly number[], values: Partial<Record<string, unknown>>, refusal: string): Promise<void> {
  const moved = await db
    .updateTable('messages')
    .set(values)
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  if (moved.numUpdatedRows === 0n) throw badRequest(refusal);
}

const closedOr = (state: number, refusal: string) =>
  state === MessageState.Answered || state === MessageState.Declined ? messageBoardMessages.closed : refusal;

/** A department that exists, and the handler (0: none named) one of its handlers. */
async function checkTarget(db: Db, departmentId: number, handlerId: number): Promise<string> {
  const department = await db.selectFrom('message_departments').select('name').where('id', '=', departmentId).executeTakeFirst();
  if (!department) throw badRequest(messageBoardMessages.departmentUnknown);
  if (handlerId > 0) {
    const handler = await db
      .selectFrom('message_handlers')
      .select('admin_id')
      .where('department_id', '=', departmentId)
      .where('admin_id', '=', handlerId)
      .executeTakeFirst();
    if (!handler) throw badRequest(messageBoardMessages.handlerNotInDepartment);
  }
  return department.name;
}

export interface Routing {
  messageId: number;
  departmentId: number;
  handlerId: number;
}

/** AssignMessage: 待受理 → 办理中 in a department. */
export async function assignMessage(database: Database, r: Routing, by: AdminPrincipal, scope: MessageScope, now: number): Promise<string> {
  return database.db.transaction().execute(async (trx) => {
    const m = await messageInScope(trx, r.messageId, scope);
    if (m.state !== MessageState.Waiting) throw badRequest(closedOr(m.state, messageBoardMessages.notWaiting));
    const name = await checkTarget(trx, r.departmentId, r.handlerId);
    const at = formatCst(now);
    const values = { state: MessageState.Handling, department_id: r.departmentId, handler_id: r.handlerId || null, updated_at: at };
    await move(trx, m.id, [MessageState.Waiting], values, messageBoardMessages.notWaiting);
    await addNote(trx, m.id, 'assign', `分派至${name}`, by, at);
    return name;
  });
}

/** TransferMessage: a message being handled goes to another department (or handler), with the reason. */
export async function transferMessage(
  database: Database,
  r: Routing & { reason: string },
  by: AdminPrincipal,
  scope: MessageScope,
  now: number,
): Promise<string> {
  return database.db.transaction().execute(async (trx) => {
    const m = await messageInScope(trx, r.messageId, scope);
    if (m.state !== MessageState.Handling) throw badRequest(closedOr(m.state, messageBoardMessages.notHandling));
    if (m.department_id === r.departmentId && (m.handler_id ?? 0) === r.handlerId) throw badRequest(messageBoardMessages.sameDepartment);
    const name = await checkTarget(trx, r.departmentId, r.handlerId);
    const at = formatCst(now);
    const values = { department_id: r.departmentId, handler_id: r.handlerId || null, updated_at: at };
    await move(trx, m.id, [MessageState.Handling], values, messageBoardMessages.notHandling);
    await addNote(trx, m.id, 'transfer', `转办至${name}：${r.reason}`, by, at);
    return name;
  });
}

/** DeclineMessage: 不予受理 with the reason the asker reads. */
export async function declineMessage(database: Database, id: number, reason: string, by: AdminPrincipal, scope: MessageScope, now: number): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const m = await messageInScope(trx, id, scope);
    const at = formatCst(now);
    await move(trx, m.id, open, { state: MessageState.Declined, decline_reason: reason, updated_at: at }, messageBoardMessages.closed);
    // A reply waiting in review would otherwise be approved onto a closed message.
    await withdrawSubjectReview(trx, ReviewKind.Reply, m.id, at);
    await addNote(trx, m.id, 'decline', reason, by, at);
  });
}

/** SaveMessageNote: an internal note, never shown to the asker or in public. */
export async function noteMessage(database: Database, id: number, text: string, by: AdminPrincipal, scope: MessageScope, now: number): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const m = await messageInScope(trx, id, scope);
    await addNote(trx, m.id, 'note', text, by, formatCst(now));
  });
}

/** PublishMessage: an answered message the asker let be published goes public (or is withdrawn), under a title without their personal data. */
export async function publishMessage(
  database: Database,
  r: { messageId: number; publish: boolean; title: string },
  by: AdminPrincipal,
  scope: MessageScope,
  now: number,
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const m = await messageInScope(trx, r.messageId, scope);
    const at = formatCst(now);
    if (!r.publish) {
      await trx.updateTable('messages').set({ published: 0, updated_at: at }).where('id', '=', m.id).execute();
      return addNote(trx, m.id, 'withdraw', '撤回公开', by, at);
    }
    if (m.state !== MessageState.Answered) throw badRequest(messageBoardMessages.notAnswered);
    if (m.may_publish !== 1) throw badRequest(messageBoardMessages.notPublishable);
    const title = r.title || m.subject;
    if (showsPersonalData(title, { name: m.asker_name, phone: m.phone, email: m.email })) throw badRequest(messageBoardMessages.titleHasPersonalData);
    await trx.updateTable('messages').set({ published: 1, public_title: r.title, updated_at: at }).where('id', '=', m.id).execute();
    await addNote(trx, m.id, 'publish', `公开：${title}`, by, at);
  });
  publicBoardChanged(database);
}
