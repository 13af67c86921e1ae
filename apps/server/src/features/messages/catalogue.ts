import type { Kysely } from 'kysely';
import { formatCst, MessageState, messageBoardMessages } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { publicBoardChanged } from './publication.js';

/**
 * The lists staff keep for 在线留言: the categories (name, reply deadline in working days,
 * order, enabled) and the departments that answer (name, handlers, the supervisor told of a
 * passed deadline). Categories are disabled rather than deleted: old messages keep theirs.
 */

type Db = Kysely<DB>;

export interface Category {
  id: number;
  name: string;
  deadlineDays: number;
  sortNumber: number;
  status: number;
}

/** Every category, or the enabled ones (the ask page), in their order. */
export async function listCategories(db: Db, enabledOnly: boolean): Promise<Category[]> {
  const rows = await db
    .selectFrom('message_categories')
    .selectAll()
    .$if(enabledOnly, (q) => q.where('status', '=', 1))
    .orderBy('sort_number')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, deadlineDays: r.deadline_days, sortNumber: r.sort_number, status: r.status }));
}

/** SaveMessageCategory: adds (id 0) or edits; a new deadline applies to messages received from now on. */
export async function saveCategory(database: Database, c: Omit<Category, 'id'> & { id: number }, now: number): Promise<number> {
  const { db } = database;
  const at = formatCst(now);
  const values = { name: c.name, deadline_days: c.deadlineDays, sort_number: c.sortNumber, status: c.status, updated_at: at };
  if (c.id === 0) {
    const { id } = await db
      .insertInto('message_categories')
      .values({ ...values, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    publicBoardChanged(database);
    return id;
  }
  const updated = await db.updateTable('message_categories').set(values).where('id', '=', c.id).executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw notFound(messageBoardMessages.categoryUnknown);
  publicBoardChanged(database);
  return c.id;
}

export interface Department {
  id: number;
  name: string;
  supervisorId: number;
  supervisorName: string;
  handlers: { adminId: number; name: string }[];
}

const adminName = (r: { full_name: string | null; account: string | null }) => r.full_name || r.account || '';

export async function listDepartments(db: Db): Promise<Department[]> {
  const [departments, handlers] = await Promise.all([
    db
      .selectFrom('message_departments as d')
      .leftJoin('admin_users as s', 's.id', 'd.supervisor_id')
      .select(['d.id', 'd.name', 'd.supervisor_id', 's.full_name', 's.account'])
      .orderBy('d.id')
      .execute(),
    db
      .selectFrom('message_handlers as h')
      .innerJoin('admin_users as a', 'a.id', 'h.admin_id')
      .select(['h.department_id', 'h.admin_id', 'a.full_name', 'a.account'])
      .orderBy('h.admin_id')
      .execute(),
  ]);
  return departments.map((d) => ({
    id: d.id,
    name: d.name,
    supervisorId: d.supervisor_id ?? 0,
    supervisorName: d.supervisor_id ? adminName(d) : '',
    handlers: handlers.filter((h) => h.department_id === d.id).map((h) => ({ adminId: h.admin_id, name: adminName(h) })),
  }));
}

/**
 * The enabled admins a department may name, for 留言设置's pickers: its keepers hold
 * message:setting, not 管理员's list (system:admin:list), and need names and ids alone.
 */
export async function staffOptions(db: Db): Promise<{ adminId: number; name: string }[]> {
  const rows = await db.selectFrom('admin_users').select(['id', 'account', 'full_name']).where('status', '=', 1).orderBy('id').execute();
  return rows.map((r) => ({ adminId: r.id, name: r.full_name && r.full_name !== r.account ? `${r.full_name}（${r.account}）` : r.account }));
}

/** Every named admin exists and is enabled. */
async function checkAdmins(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.selectFrom('admin_users').select('id').where('id', 'in', ids).where('status', '=', 1).execute();
  if (found.length !== new Set(ids).size) throw badRequest(messageBoardMessages.adminUnknown);
}

/** SaveMessageDepartment: adds (id 0) or edits a department with its handlers, in one transaction. */
export async function saveDepartment(
  database: Database,
  d: { id: number; name: string; supervisorId: number; handlerIds: number[] },
  now: number,
): Promise<number> {
  const handlerIds = [...new Set(d.handlerIds)];
  await checkAdmins(database.db, [...handlerIds, ...(d.supervisorId ? [d.supervisorId] : [])]);
  const at = formatCst(now);
  const values = { name: d.name, supervisor_id: d.supervisorId || null, updated_at: at };
  const saved = await database.db.transaction().execute(async (trx) => {
    let id = d.id;
    if (id === 0) {
      id = (
        await trx
          .insertInto('message_departments')
          .values({ ...values, created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      const updated = await trx.updateTable('message_departments').set(values).where('id', '=', id).executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw notFound(messageBoardMessages.departmentUnknown);
      await trx.deleteFrom('message_handlers').where('department_id', '=', id).execute();
    }
    if (handlerIds.length > 0)
      await trx
        .insertInto('message_handlers')
        .values(handlerIds.map((admin_id) => ({ department_id: id, admin_id })))
        .execute();
    return id;
  });
  publicBoardChanged(database);
  return saved;
}

/** DelMessageDepartment: only a department with no open message (its closed ones are counted under 未分派或部门已删除 in the statistics). */
export async function deleteDepartments(database: Database, ids: readonly number[]): Promise<number> {
  const deleted = await database.db.transaction().execute(async (trx) => {
    const busy = await trx
      .selectFrom('messages')
      .select('id')
      .where('department_id', 'in', ids)
      .where('state', 'in', [MessageState.Waiting, MessageState.Handling])
      .executeTakeFirst();
    if (busy) throw badRequest(messageBoardMessages.departmentInUse);
    await trx.deleteFrom('message_handlers').where('department_id', 'in', ids).execute();
    const result = await trx.deleteFrom('message_departments').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
  // A published answer names its department.
  if (deleted > 0) publicBoardChanged(database);
  return deleted;
}
