import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { defaultSystemMenus, formatCst, SystemMenuKind, type DefaultSystemMenu } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import type { Services } from '../../http/app-types.js';
import type { FirstAdmin } from '../../ops/first-admin.js';
import { generatePassword, newPasswordProblem } from './auth/new-password.js';
import { hashPassword } from './auth/passwords.js';

export const SUPER_ROLE = '超级管理员';
const EDITOR_ROLE = '内容编辑';
const FIRST_ADMIN = 'admin';

/** Serialises the bootstrap between instances starting together on one PostgreSQL database. */
const SEED_LOCK = 7_411_302;

/**
 * Makes a back office one can sign in to, on every start and idempotently: the default menu
 * tree (and, on later starts, each default page or button this install has not been offered
 * yet: a new release's pages reach existing installs), the roles 超级管理员 and 内容编辑 into an
 * empty role table, and the super administrator `admin` into an empty admin table. Its
 * password is ADMIN_PASSWORD, or one generated here and answered (stored only hashed) for the
 * caller to show this once; the first sign-in with a generated password must replace it.
 * Otherwise later starts change nothing: administrators own these records.
 */
export async function ensureSystemSeed({ database, config, now }: Services, log: FastifyBaseLogger): Promise<FirstAdmin | null> {
  const { db } = database;
  const firstStart = !(await db.selectFrom('admin_users').select('id').limit(1).executeTakeFirst());
  const password = firstStart ? (config.adminPassword ?? generatePassword(FIRST_ADMIN)) : undefined;
  const problem = password === undefined ? null : newPasswordProblem(password, FIRST_ADMIN);
  if (problem) throw new Error(`ADMIN_PASSWORD: ${problem} (12–128 characters, not holding the account name admin, not a common password)`);
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  const at = formatCst(now());

  const created = await db.transaction().execute(async (trx) => {
    if (database.engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    await addMissingMenus(trx, at);
    if (!(await trx.selectFrom('roles').select('id').limit(1).executeTakeFirst())) await insertRoles(trx, at);
    // Another instance may have created the admin while this one waited for the lock.
    if (!passwordHash || (await trx.selectFrom('admin_users').select('id').limit(1).executeTakeFirst())) return false;
    const superRole = await trx.selectFrom('roles').select('id').where('is_super', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('admin_users')
      .values({
        account: FIRST_ADMIN,
        full_name: SUPER_ROLE,
        phone: '',
        role_id: superRole.id,
        status: 1,
        password_hash: passwordHash,
        password_changed_at: at,
        last_login_at: '',
        must_change_password: config.adminPassword ? 0 : 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return true;
  });
  if (!created || password === undefined) return null;
  if (config.adminPassword) {
    log.info(`已创建超级管理员 ${FIRST_ADMIN}，密码为 ADMIN_PASSWORD 的值`);
    return null;
  }
  // The password itself goes only to the caller's one-time notice (ops/first-admin.ts), not into the logs.
  log.warn(`已创建超级管理员 ${FIRST_ADMIN}，初始密码见启动时的提示框；首次登录须修改密码`);
  return { account: FIRST_ADMIN, password };
}

/**
 * The key of a default entry in system_menu_defaults: its permission, or `dir:<path>` for a
 * directory (directories carry no permission).
 */
const defaultKey = (menu: DefaultSystemMenu) => menu.perms || `dir:${menu.path}`;

/**
 * Inserts each default menu entry this install has not been offered yet, under its default
 * parent, and records it as offered. An entry already present (found by its permission, or a
 * directory by its path) is only recorded, so upgrading an install adds just what is new;
 * one an administrator deleted after it was offered stays deleted.
 */
async function addMissingMenus(db: Kysely<DB>, at: string): Promise<void> {
  const offered = new Set((await db.selectFrom('system_menu_defaults').select('perms').execute()).map((r) => r.perms));
  const rows = await db.selectFrom('system_menus').select(['id', 'perms', 'path', 'menu_type']).execute();
  const existing = new Map<string, number>();
  for (const row of rows) existing.set(row.perms || (row.menu_type === SystemMenuKind.Directory ? `dir:${row.path}` : `#${row.id}`), row.id);
  const walk = async (menus: readonly DefaultSystemMenu[], parentId: number | undefined): Promise<void> => {
    for (const menu of menus) {
      const key = defaultKey(menu);
      let id = existing.get(key);
      if (!offered.has(key)) {
        // A parent the administrators deleted takes its new children with it.
        if (id === undefined && parentId !== undefined) id = await insertMenu(db, menu, parentId, at);
        await db.insertInto('system_menu_defaults').values({ perms: key }).execute();
      }
      await walk(menu.children, id);
    }
  };
  await walk(defaultSystemMenus, 0);
}

async function insertMenu(db: Kysely<DB>, menu: DefaultSystemMenu, parentId: number, at: string): Promise<number> {
  const { id } = await db
    .insertInto('system_menus')
    .values({
      parent_id: parentId,
      menu_type: menu.menuType,
      name: menu.name,
      path: menu.path,
      component: menu.component,
      perms: menu.perms,
      icon: menu.icon,
      sort_number: menu.sort,
      visible: 1,
      status: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** 内容编辑 is granted the 工作台 and everything under 内容管理 (with the directory above each page). */
const editorGrants = (perms: string) => perms === 'dashboard:view' || perms.startsWith('content:');

async function insertRoles(db: Kysely<DB>, at: string): Promise<void> {
  await db.insertInto('roles').values({ name: SUPER_ROLE, remark: '拥有全部权限', status: 1, is_super: 1, created_at: at, updated_at: at }).execute();
  const { id: editorId } = await db
    .insertInto('roles')
    .values({ name: EDITOR_ROLE, remark: '维护栏目、文章、推荐位、轮播图、友情链接和类型', status: 1, is_super: 0, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const menus = await db.selectFrom('system_menus').select(['id', 'parent_id', 'perms']).execute();
  const parentOf = new Map(menus.map((m) => [m.id, m.parent_id]));
  const granted = new Set<number>();
  for (const menu of menus.filter((m) => editorGrants(m.perms))) {
    for (let node: number | undefined = menu.id; node && !granted.has(node); node = parentOf.get(node)) granted.add(node);
  }
  if (granted.size)
    await db
      .insertInto('role_menus')
      .values([...granted].map((menu_id) => ({ role_id: editorId, menu_id })))
      .execute();
}
