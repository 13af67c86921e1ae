import type { Kysely } from 'kysely';
import { allPermissions, formatCst, type Permission } from '@portal/shared';
import type { AdminSessionConfig } from '../../../config.js';
import type { Database } from '../../../db/connection.js';
import type { DB } from '../../../db/schema.js';
import { resumeSession, type SessionUse } from './sessions.js';

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
  /** The password was chosen by someone else, or has expired: until changed, only the password change is open. */
  mustChangePassword: boolean;
  /** Why, when it is the role's 密码有效期 that ran out (roles.password_max_days). */
  passwordExpired?: boolean;
  /** The second factor is on (two-factor/service.ts); unset for API tokens, which never sign in. */
  secondFactorOn?: boolean;
  /** The admin's role requires the second factor: until it is on, only enrolment is open. */
  secondFactorRequired?: boolean;
  /** Set when the caller is an API token (features/api-tokens) rather than a signed-in admin. */
  apiTokenId?: number;
}

export const can = (admin: AdminPrincipal, permission: Permission): boolean => admin.isSuper || admin.permissions.has(permission);

/**
 * The principal of a token, or null when the session is missing, ended or revoked or the
 * account is disabled. Reading role and grants on every call is what makes a role change or
 * a disabled account take effect on the admin's next call rather than their next sign-in.
 */
export async function loadPrincipal(
  database: Database,
  token: string,
  now: number,
  limits: AdminSessionConfig,
  use: SessionUse = 'action',
): Promise<AdminPrincipal | null> {
  const session = await resumeSession(database, token, now, limits, use);
  if (!session) return null;
  const admin = await database.db
    .selectFrom('admin_users')
    .innerJoin('roles', 'roles.id', 'admin_users.role_id')
    .leftJoin('admin_second_factors', 'admin_second_factors.admin_id', 'admin_users.id')
    .select([
      'account',
      'full_name',
      'admin_users.status',
      'must_change_password',
      'admin_users.password_changed_at',
      'role_id',
      'roles.requires_second_factor',
      'roles.password_max_days',
      'admin_second_factors.enabled as second_factor',
    ])
    .where('admin_users.id', '=', session.adminId)
    .executeTakeFirst();
  if (!admin || admin.status !== 1) return null;
  const role = await roleGrants(database.db, admin.role_id);
  if (!role) return null;
  const passwordExpired = expired(admin.password_changed_at, admin.password_max_days, now);
  return {
    sessionId: session.sessionId,
    adminId: session.adminId,
    account: admin.account,
    fullName: admin.full_name,
    ...role,
    mustChangePassword: admin.must_change_password === 1 || passwordExpired,
    passwordExpired,
    secondFactorOn: admin.second_factor === 1,
    secondFactorRequired: admin.requires_second_factor === 1,
  };
}

/** The role's 密码有效期 ran out: `maxDays` (0: none) after the password was last set. */
export const expired = (changedAt: string, maxDays: number, now: number): boolean =>
  maxDays > 0 && changedAt !== '' && changedAt <= formatCst(now - maxDays * 86_400_000);

export type RoleAccess = Pick<AdminPrincipal, 'roleId' | 'roleName' | 'isSuper' | 'permissions' | 'menuIds'>;

/**
 * What a role grants, as of now: shared by admin sessions and API tokens (both act with one
 * role's permissions). Null when the role no longer exists.
 */
export async function roleGrants(db: Kysely<DB>, roleId: number): Promise<RoleAccess | null> {
  const role = await db.selectFrom('roles').select(['id', 'name', 'status', 'is_super']).where('id', '=', roleId).executeTakeFirst();
  if (!role) return null;
  // A disabled role grants nothing (the super administrator role cannot be disabled).
  const roleActive = role.status === 1;
  const isSuper = roleActive && role.is_super === 1;
  const granted = roleActive && !isSuper ? await grantedMenus(db, role.id) : [];
  return {
    roleId: role.id,
    roleName: role.name,
    isSuper,
    permissions: new Set(isSuper ? allPermissions : granted.map((m) => m.perms).filter(Boolean)),
    menuIds: new Set(granted.map((m) => m.id)),
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
