import type { Kysely } from 'kysely';
import { systemMessages } from '@portal/shared';
import type { DB } from '../../../db/schema.js';
import { badRequest } from '../../../http/envelope.js';
import type { AdminPrincipal } from '../auth/access.js';

/**
 * The one rule on who may hand out which powers, used by every call that touches roles and
 * admin accounts (SaveAdminUser, DelAdminUser, SaveRole, DelRole). A super administrator may
 * do anything the other rules allow. Anyone else:
 *
 *   - may assign (to anyone) only roles whose grants are a subset of their own role's;
 *   - may not change their own role or status, nor edit the role they hold;
 *   - may not edit, reset the password of, or delete an administrator whose role is not
 *     within their own, nor edit or delete such a role;
 *   - may grant a role only menus their own role holds.
 *
 * Without the first two, an admin who may edit admins and roles could add their grants to a
 * richer role and take it, or give themselves a richer role outright.
 *
 * Grants are compared as the raw menu ids of role_menus (whatever each menu's status), so a
 * menu disabled today cannot become a way up when it is enabled again.
 */

/** A role as this rule sees it. */
interface RoleGrants {
  id: number;
  isSuper: boolean;
  menuIds: ReadonlySet<number>;
}

async function grantsOf(db: Kysely<DB>, roleId: number): Promise<RoleGrants | undefined> {
  const role = await db.selectFrom('roles').select(['id', 'is_super']).where('id', '=', roleId).executeTakeFirst();
  if (!role) return undefined;
  const rows = await db.selectFrom('role_menus').select('menu_id').where('role_id', '=', roleId).execute();
  return { id: role.id, isSuper: role.is_super === 1, menuIds: new Set(rows.map((r) => r.menu_id)) };
}

/** The menus the actor's own role holds, read within the caller's transaction. */
async function actorGrants(db: Kysely<DB>, actor: AdminPrincipal): Promise<ReadonlySet<number>> {
  return (await grantsOf(db, actor.roleId))?.menuIds ?? new Set();
}

const within = (menuIds: Iterable<number>, own: ReadonlySet<number>): boolean => [...menuIds].every((id) => own.has(id));

/** Refuses a role the actor may not give anyone (to create an admin or move one to it). */
export async function checkAssignableRole(db: Kysely<DB>, actor: AdminPrincipal, roleId: number): Promise<void> {
  if (actor.isSuper) return;
  const role = await grantsOf(db, roleId);
  if (!role) throw badRequest(systemMessages.roleNotFound);
  if (role.isSuper) throw badRequest(systemMessages.superOnly);
  if (!within(role.menuIds, await actorGrants(db, actor))) throw badRequest(systemMessages.roleBeyondOwn);
}

/**
 * Refuses editing (and resetting the password of) or deleting an administrator the actor may
 * not manage, and a change of the actor's own role or status.
 */
export async function checkManageableAdmin(
  db: Kysely<DB>,
  actor: AdminPrincipal,
  target: { id: number; roleId: number; status: number },
  change?: { roleId: number; status: number },
): Promise<void> {
  if (actor.isSuper) return;
  if (target.id === actor.adminId) {
    if (change && (change.roleId !== target.roleId || change.status !== target.status)) throw badRequest(systemMessages.ownRoleOrStatus);
    return;
  }
  const role = await grantsOf(db, target.roleId);
  if (role?.isSuper) throw badRequest(systemMessages.superOnly);
  if (role && !within(role.menuIds, await actorGrants(db, actor))) throw badRequest(systemMessages.adminBeyondOwn);
}

/**
 * Refuses a role edit or deletion the actor may not make: their own role, a role richer than
 * theirs, or (with grantedMenuIds) granting menus they do not hold. roleId 0 is a new role.
 */
export async function checkEditableRole(db: Kysely<DB>, actor: AdminPrincipal, roleId: number, grantedMenuIds?: readonly number[]): Promise<void> {
  if (actor.isSuper) return;
  const own = await actorGrants(db, actor);
  if (roleId > 0) {
    if (roleId === actor.roleId) throw badRequest(systemMessages.ownRole);
    const role = await grantsOf(db, roleId);
    if (role?.isSuper) throw badRequest(systemMessages.superOnly);
    if (role && !within(role.menuIds, own)) throw badRequest(systemMessages.roleBeyondOwn);
  }
  if (grantedMenuIds && !within(grantedMenuIds, own)) throw badRequest(systemMessages.grantBeyondOwn);
}
