import type { Kysely } from 'kysely';
import { messageBoardMessages } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/envelope.js';
import { can, type AdminPrincipal } from '../system/auth/access.js';

/**
 * Which messages an admin sees and answers: all of them with 全部部门的留言 (the dispatchers who
 * assign what arrives), otherwise those of the departments they handle or supervise. A message
 * not assigned yet belongs to no department, so only the dispatchers see it.
 */
export type MessageScope = { all: true } | { all: false; departmentIds: number[] };

export async function scopeOf(db: Kysely<DB>, admin: AdminPrincipal): Promise<MessageScope> {
  if (can(admin, 'message:all')) return { all: true };
  const [handled, supervised] = await Promise.all([
    db.selectFrom('message_handlers').select('department_id').where('admin_id', '=', admin.adminId).execute(),
    db.selectFrom('message_departments').select('id').where('supervisor_id', '=', admin.adminId).execute(),
  ]);
  return { all: false, departmentIds: [...new Set([...handled.map((r) => r.department_id), ...supervised.map((r) => r.id)])] };
}

export const inScope = (scope: MessageScope, departmentId: number | null) => scope.all || (departmentId !== null && scope.departmentIds.includes(departmentId));

/** A message the admin may work on: 404 when there is none, 403 (in the feature's words) when it is another department's. */
export async function messageInScope(db: Kysely<DB>, id: number, scope: MessageScope) {
  const row = await db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(messageBoardMessages.notFound);
  if (!inScope(scope, row.department_id)) throw forbidden(messageBoardMessages.notYourDepartment);
  return row;
}
