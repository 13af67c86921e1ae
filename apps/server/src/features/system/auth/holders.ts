import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';

/**
 * Whether a role grants `permission` now, as roleGrants (access.ts) reads it: the role enabled,
 * and the super administrator's, or holding an enabled menu with that permission.
 */
export const roleHolds = (permission: string) => (eb: ExpressionBuilder<DB, 'roles'>) =>
  eb.and([
    eb('roles.status', '=', 1),
    eb.or([
      eb('roles.is_super', '=', 1),
      eb.exists(
        eb
          .selectFrom('role_menus')
          .innerJoin('system_menus', 'system_menus.id', 'role_menus.menu_id')
          .select('role_menus.menu_id')
          .whereRef('role_menus.role_id', '=', 'roles.id')
          .where('system_menus.perms', '=', permission)
          .where('system_menus.status', '=', 1),
      ),
    ]),
  ]);

/** The enabled admins of roles that grant `permission`, by id: whom a notice for its holders goes to. */
export async function adminsHolding(db: Kysely<DB>, permission: string): Promise<number[]> {
  const rows = await db
    .selectFrom('admin_users')
    .innerJoin('roles', 'roles.id', 'admin_users.role_id')
    .select('admin_users.id')
    .where('admin_users.status', '=', 1)
    .where(roleHolds(permission))
    .orderBy('admin_users.id')
    .execute();
  return rows.map((r) => r.id);
}
