import type { Kysely } from 'kysely';
import { allPermissions, type Permission } from '@portal/shared';
import type { AdminSessionConfig } from '../../config.js';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { resumeSession } from './sessions.js';

/** The administrator behind a request, as of this call: role and grants are read fresh each time. */
export interface AdminPrincipal {
  sessionId: number;
  adminId: number;
  account: string;
  fullName: string;
  roleId: number;
  roleName: string;
  isSuper: boolean;
  /** Permission identifiers of the role's active menus; every identifier for a super administrator. */
  permissions: ReadonlySet<string>;
  /** Active menus granted to the role; unused for a super administrator, who sees every menu. */
  menuIds: ReadonlySet<number>;
  /** The password was chosen by someone else: until changed, only the password change is open. */
  mustChangePassword: boolean;
}

export const can = (admin: AdminPrincipal, permission: Permission): boolean => admin.isSuper || admin.permissions.has(permission);

/**
 * The principal of a token, or null when the session is missing, ended or revoked or the
 * account is disabled. Reading role and grants on every call is what makes a role change or
 * a disabled account take effect on the admin's next call rather than their next sign-in.
 */
export async function loadPrincipal(database: Database, token: string, now: number, limits: AdminSessionConfig): Promise<AdminPrincipal | null> {
  const session = await resumeSession(database, token, now, limits);
  if (!session) return null;
  const admin = await database.db
    .selectFrom('admin_users')
    .innerJoin('roles', 'roles.id', 'admin_users.role_id')
    .select([
      'admin_users.account',
      'admin_users.full_name',
      'admin_users.status',
      'admin_users.must_change_password',
      'roles.id as role_id',
      'roles.name as role_name',
      'roles.status as role_status',
      'roles.is_super',
    ])
    .where('admin_users.id', '=', session.adminId)
    .executeTakeFirst();
  if (!admin || admin.status !== 1) return null;
  // A disabled role grants nothing (the super administrator role cannot be disabled).
  const roleActive = admin.role_status === 1;
  const isSuper = roleActive && admin.is_super === 1;
  const granted = roleActive && !isSuper ? await grantedMenus(database.db, admin.role_id) : [];
  return {
    sessionId: session.sessionId,
    adminId: session.adminId,
    account: admin.account,
    fullName: admin.full_name,
    roleId: admin.role_id,
    roleName: admin.role_name,
    isSuper,
    permissions: new Set(isSuper ? allPermissions : granted.map((m) => m.perms).filter(Boolean)),
    menuIds: new Set(granted.map((m) => m.id)),
    mustChangePassword: admin.must_change_password === 1,
  };
}

/** The active (status 1) menus granted to a role, with their permission identifiers. */
async function grantedMenus(db: Kysely<DB>, roleId: number): Promise<{ id: number; perms: string }[]> {
  return db
    .selectFrom('role_menus')
    .innerJoin('system_menus', 'system_menus.id', 'role_menus.menu_id')
    .select(['system_menus.id', 'system_menus.perms'])
    .where('role_menus.role_id', '=', roleId)
    .where('system_menus.status', '=', 1)
    .execute();
}
