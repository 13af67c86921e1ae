import type { Kysely } from 'kysely';
import { formatCst, systemMessages, type PagingQuery, type SaveRoleBody } from '@portal/shared';
import type { DB } from '../../../db/schema.js';
import { badRequest, notFound } from '../../../http/envelope.js';
import { pageWindow } from '../../../http/paging.js';
import type { AdminPrincipal } from '../auth/access.js';
import { checkEditableRole } from './authority.js';

export interface Role {
  id: number;
  name: string;
  remark: string;
  status: number;
  isSuper: boolean;
  /** The role's admins must turn the second factor on (two-factor/service.ts). */
  requiresSecondFactor: boolean;
  /** 密码有效期 in days; 0: none. */
  passwordMaxDays: number;
  /** Granted system menus (directories, pages and buttons). */
  menuIds: number[];
  createdAt: string;
}

const roleColumns = ['id', 'name', 'remark', 'status', 'is_super', 'requires_second_factor', 'password_max_days', 'created_at'] as const;

/** Attaches each role's menu ids with one query for the whole page. */
async function withMenus(
  db: Kysely<DB>,
  rows: {
    id: number;
    name: string;
    remark: string;
    status: number;
    is_super: number;
    requires_second_factor: number;
    password_max_days: number;
    created_at: string;
  }[],
): Promise<Role[]> {
  const grants = rows.length
    ? await db
        .selectFrom('role_menus')
        .select(['role_id', 'menu_id'])
        .where(
          'role_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('menu_id')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    remark: r.remark,
    status: r.status,
    isSuper: r.is_super === 1,
    requiresSecondFactor: r.requires_second_factor === 1,
    passwordMaxDays: r.password_max_days,
    menuIds: grants.filter((g) => g.role_id === r.id).map((g) => g.menu_id),
    createdAt: r.created_at,
  }));
}

export async function listRoles(db: Kysely<DB>, paging: PagingQuery): Promise<{ items: Role[]; total: number }> {
  const { limit, offset } = pageWindow(paging);
  const [rows, { total }] = await Promise.all([
    db.selectFrom('roles').select(roleColumns).orderBy('id').limit(limit).offset(offset).execute(),
    db
      .selectFrom('roles')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: await withMenus(db, rows), total };
}

export async function getRole(db: Kysely<DB>, id: number): Promise<Role> {
  const row = await db.selectFrom('roles').select(roleColumns).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(systemMessages.roleNotFound);
  const [role] = await withMenus(db, [row]);
  return role as Role;
}

/**
 * Creates (RoleId 0) or updates a role and replaces its grants, in one transaction. The super
 * administrator role stays enabled; who may edit which role and grant what is the rule of
 * authority.ts.
 */
export async function saveRole(db: Kysely<DB>, body: SaveRoleBody, actor: AdminPrincipal, now: number): Promise<{ id: number; name: string }> {
  const menuIds = [...new Set(body.MenuIds)];
  return db.transaction().execute(async (trx) => {
    const existing = body.RoleId > 0 ? await trx.selectFrom('roles').select(['id', 'is_super']).where('id', '=', body.RoleId).executeTakeFirst() : undefined;
    if (body.RoleId > 0 && !existing) throw notFound(systemMessages.roleNotFound);
    await checkEditableRole(trx, actor, existing?.id ?? 0, menuIds);
    if (existing?.is_super === 1 && body.Status !== 1) throw badRequest(systemMessages.superRoleLocked);
    const sameName = await trx.selectFrom('roles').select('id').where('name', '=', body.RoleName).where('id', '!=', body.RoleId).executeTakeFirst();
    if (sameName) throw badRequest(systemMessages.roleNameTaken);
    if (menuIds.length) {
      const { found } = await trx
        .selectFrom('system_menus')
        .select((eb) => eb.fn.countAll<number>().as('found'))
        .where('id', 'in', menuIds)
        .executeTakeFirstOrThrow();
      if (found !== menuIds.length) throw badRequest(systemMessages.roleMenuNotFound);
    }

    // RequireTotp or PasswordMaxDays left out (an older client): the role keeps its setting.
    const values = {
      name: body.RoleName,
      remark: body.Remark,
      status: body.Status,
      ...(body.RequireTotp === undefined ? {} : { requires_second_factor: body.RequireTotp }),
      ...(body.PasswordMaxDays === undefined ? {} : { password_max_days: body.PasswordMaxDays }),
      updated_at: formatCst(now),
    };
    let id = body.RoleId;
    if (existing) {
      await trx.updateTable('roles').set(values).where('id', '=', id).execute();
      await trx.deleteFrom('role_menus').where('role_id', '=', id).execute();
    } else {
      ({ id } = await trx
        .insertInto('roles')
        .values({ ...values, is_super: 0, created_at: values.updated_at })
        .returning('id')
        .executeTakeFirstOrThrow());
    }
    if (menuIds.length)
      await trx
        .insertInto('role_menus')
        .values(menuIds.map((menu_id) => ({ role_id: id, menu_id })))
        .execute();
    return { id, name: body.RoleName };
  });
}

/** Deletes a role no admin holds; the super administrator role is never deleted. */
export async function deleteRole(db: Kysely<DB>, id: number, actor: AdminPrincipal): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const role = await trx.selectFrom('roles').select(['name', 'is_super']).where('id', '=', id).executeTakeFirst();
    if (!role) throw notFound(systemMessages.roleNotFound);
    if (role.is_super === 1) throw badRequest(systemMessages.superRoleLocked);
    await checkEditableRole(trx, actor, id);
    const holder = await trx.selectFrom('admin_users').select('id').where('role_id', '=', id).limit(1).executeTakeFirst();
    if (holder) throw badRequest(systemMessages.roleInUse);
    await trx.deleteFrom('roles').where('id', '=', id).execute();
    return role.name;
  });
}
