import { sql, type Kysely } from 'kysely';
import { formatCst, messages, systemMessages, type PagingQuery, type SaveAdminUserBody } from '@portal/shared';
import type { Database, Engine } from '../../../db/connection.js';
import type { DB } from '../../../db/schema.js';
import { badRequest, notFound } from '../../../http/envelope.js';
import { pageWindow } from '../../../http/paging.js';
import type { AdminPrincipal } from '../auth/access.js';
import { checkAssignableRole, checkManageableAdmin } from '../roles/authority.js';
import { forgetWrongPasswords } from '../auth/lockout.js';
import { containing } from '../../../db/like.js';
import { endAdminSessions } from '../auth/sessions.js';

export interface AdminUser {
  id: number;
  account: string;
  fullName: string;
  phone: string;
  roleId: number;
  roleName: string;
  status: number;
  lastLoginAt: string;
  createdAt: string;
}

/** Admins with their role's name, as 管理员 lists them. */
const adminUserQuery = (db: Kysely<DB>) =>
  db
    .selectFrom('admin_users')
    .innerJoin('roles', 'roles.id', 'admin_users.role_id')
    .select([
      'admin_users.id',
      'admin_users.account',
      'admin_users.full_name',
      'admin_users.phone',
      'admin_users.role_id',
      'roles.name as role_name',
      'admin_users.status',
      'admin_users.last_login_at',
      'admin_users.created_at',
    ]);

const toAdminUser = (r: Awaited<ReturnType<ReturnType<typeof adminUserQuery>['executeTakeFirstOrThrow']>>): AdminUser => ({
  id: r.id,
  account: r.account,
  fullName: r.full_name,
  phone: r.phone,
  roleId: r.role_id,
  roleName: r.role_name,
  status: r.status,
  lastLoginAt: r.last_login_at,
  createdAt: r.created_at,
});

export async function listAdminUsers({ db }: Database, key: string | undefined, paging: PagingQuery): Promise<{ items: AdminUser[]; total: number }> {
  let query = adminUserQuery(db);
  if (key) query = query.where((eb) => eb.or([containing('admin_users.account', key), containing('admin_users.full_name', key)]));
  const { limit, offset } = pageWindow(paging);
  const [rows, { total }] = await Promise.all([
    query.orderBy('admin_users.id').limit(limit).offset(offset).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { total, items: rows.map(toAdminUser) };
}

/** One admin as 管理员 lists them; undefined when there is none. */
export async function findAdminUser({ db }: Database, id: number): Promise<AdminUser | undefined> {
  const row = await adminUserQuery(db).where('admin_users.id', '=', id).executeTakeFirst();
  return row && toAdminUser(row);
}

/** The account and role of an admin, with whether it counts as an active super administrator. */
async function findAdmin(db: Kysely<DB>, id: number) {
  const row = await db
    .selectFrom('admin_users')
    .innerJoin('roles', 'roles.id', 'admin_users.role_id')
    .select(['admin_users.id', 'admin_users.account', 'admin_users.status', 'admin_users.role_id', 'roles.is_super', 'roles.status as role_status'])
    .where('admin_users.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(systemMessages.adminNotFound);
  return { ...row, roleId: row.role_id, isSuper: row.is_super === 1, activeSuper: row.status === 1 && row.is_super === 1 && row.role_status === 1 };
}

async function findRole(db: Kysely<DB>, id: number) {
  const role = await db.selectFrom('roles').select(['is_super', 'status']).where('id', '=', id).executeTakeFirst();
  if (!role) throw badRequest(systemMessages.roleNotFound);
  return { isSuper: role.is_super === 1, active: role.status === 1 };
}

/**
 * Refuses a change that would leave no enabled super administrator. On PostgreSQL the other
 * super administrators' rows are locked, so two concurrent changes cannot each count on the
 * other's account.
 */
async function keepAnotherSuper(db: Kysely<DB>, engine: Engine, leavingId: number): Promise<void> {
  let query = db
    .selectFrom('admin_users')
    .innerJoin('roles', 'roles.id', 'admin_users.role_id')
    .select('admin_users.id')
    .where('admin_users.status', '=', 1)
    .where('roles.is_super', '=', 1)
    .where('roles.status', '=', 1)
    .where('admin_users.id', '!=', leavingId);
  if (engine === 'postgres') query = query.forUpdate();
  if ((await query.execute()).length === 0) throw badRequest(systemMessages.lastSuper);
}

async function checkAccountFree(db: Kysely<DB>, account: string, adminId: number): Promise<void> {
  const taken = await db
    .selectFrom('admin_users')
    .select('id')
    .where(sql`lower(account)`, '=', account.toLowerCase())
    .where('id', '!=', adminId)
    .executeTakeFirst();
  if (taken) throw badRequest(systemMessages.accountTaken);
}

/**
 * Creates (AdminId 0) or updates an admin in one transaction. passwordHash is the hashed
 * Password of the body (required to create; on an update it resets the password). Disabling
 * an account or resetting its password ends its sessions. A password one administrator sets
 * for another (a new account, a reset) is known to two people: its owner must replace it at
 * the next sign-in (features/system/auth/guard.ts; 等保 2.0), as after the command line's reset.
 */
export async function saveAdminUser(
  { db, engine }: Database,
  body: SaveAdminUserBody,
  passwordHash: string | undefined,
  actor: AdminPrincipal,
  now: number,
): Promise<{ id: number; account: string }> {
  return db.transaction().execute(async (trx) => {
    const role = await findRole(trx, body.RoleId);
    const at = formatCst(now);
    const values = { account: body.Account, full_name: body.FullName, phone: body.Phone, role_id: body.RoleId, status: body.Status, updated_at: at };
    if (body.AdminId === 0) {
      if (!passwordHash) throw badRequest(messages.passwordRequired);
      await checkAssignableRole(trx, actor, body.RoleId);
      await checkAccountFree(trx, body.Account, 0);
      const { id } = await trx
        .insertInto('admin_users')
        .values({ ...values, password_hash: passwordHash, must_change_password: 1, password_changed_at: at, last_login_at: '', created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, account: body.Account };
    }

    const target = await findAdmin(trx, body.AdminId);
    await checkManageableAdmin(trx, actor, target, { roleId: body.RoleId, status: body.Status });
    if (body.RoleId !== target.roleId) await checkAssignableRole(trx, actor, body.RoleId);
    const self = target.id === actor.adminId;
    if (self && body.Status !== 1) throw badRequest(systemMessages.disableSelf);
    const staysActiveSuper = body.Status === 1 && role.isSuper && role.active;
    if (target.activeSuper && !staysActiveSuper) await keepAnotherSuper(trx, engine, target.id);
    await checkAccountFree(trx, body.Account, target.id);
    await trx
      .updateTable('admin_users')
      .set(passwordHash ? { ...values, password_hash: passwordHash, must_change_password: self ? 0 : 1, password_changed_at: at } : values)
      .where('id', '=', target.id)
      .execute();
    if (passwordHash || body.Status !== 1) await endAdminSessions(trx, target.id, self ? actor.sessionId : undefined);
    if (passwordHash) await forgetWrongPasswords(trx, 'admin', target.account);
    return { id: target.id, account: body.Account };
  });
}

/**
 * Sets an administrator's password from outside the back office (the operator CLI, for a
 * forgotten password): found by account whatever its letter case; every session ends and every
 * lockout lifts. `mustChange`: the password was generated, so the next sign-in must replace it.
 * Answers the account as stored.
 */
export async function setAdminPassword(
  { db }: Database,
  account: string,
  passwordHash: string,
  mustChange: boolean,
  now: number,
): Promise<{ id: number; account: string }> {
  return db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom('admin_users')
      .select(['id', 'account'])
      .where(sql`lower(account)`, '=', account.toLowerCase())
      .executeTakeFirst();
    if (!target) throw notFound(systemMessages.adminNotFound);
    await trx
      .updateTable('admin_users')
      .set({ password_hash: passwordHash, must_change_password: mustChange ? 1 : 0, password_changed_at: formatCst(now), updated_at: formatCst(now) })
      .where('id', '=', target.id)
      .execute();
    await endAdminSessions(trx, target.id);
    await forgetWrongPasswords(trx, 'admin', target.account);
    return target;
  });
}

/** Deletes another admin (their sessions cascade); answers the deleted account. */
export async function deleteAdminUser({ db, engine }: Database, id: number, actor: AdminPrincipal): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const target = await findAdmin(trx, id);
    if (target.id === actor.adminId) throw badRequest(systemMessages.deleteSelf);
    await checkManageableAdmin(trx, actor, target);
    if (target.activeSuper) await keepAnotherSuper(trx, engine, target.id);
    await trx.deleteFrom('admin_users').where('id', '=', id).execute();
    return target.account;
  });
}
