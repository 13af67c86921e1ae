import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { defaultSystemMenus, formatCst, meetsPasswordPolicy, type DefaultSystemMenu } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import type { Services } from '../../http/app-types.js';
import { generatePassword, hashPassword } from './passwords.js';

const SUPER_ROLE = '超级管理员';
const EDITOR_ROLE = '内容编辑';
const FIRST_ADMIN = 'admin';

/** Serialises the bootstrap between instances starting together on one PostgreSQL database. */
const SEED_LOCK = 7_411_302;

/**
 * Makes a back office one can sign in to, on every start and idempotently: the default menu
 * tree into an empty menu table, the roles 超级管理员 and 内容编辑 into an empty role table,
 * and the super administrator `admin` into an empty admin table. Its password is
 * ADMIN_PASSWORD, or one generated here and logged this once (it is stored only hashed).
 * Later starts change nothing: from then on administrators own these records.
 */
export async function ensureSystemSeed({ database, config, now }: Services, log: FastifyBaseLogger): Promise<void> {
  const { db } = database;
  const firstStart = !(await db.selectFrom('admin_users').select('id').limit(1).executeTakeFirst());
  const password = firstStart ? (config.adminPassword ?? generatePassword()) : undefined;
  if (password !== undefined && !meetsPasswordPolicy(password)) {
    throw new Error('ADMIN_PASSWORD must be 8–32 characters long and contain letters and digits');
  }
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  const at = formatCst(now());

  const created = await db.transaction().execute(async (trx) => {
    if (database.engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    if (!(await trx.selectFrom('system_menus').select('id').limit(1).executeTakeFirst())) await insertMenus(trx, defaultSystemMenus, 0, at);
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
        last_login_at: '',
        created_at: at,
        updated_at: at,
      })
      .execute();
    return true;
  });
  if (!created) return;
  if (config.adminPassword) log.info(`已创建超级管理员 ${FIRST_ADMIN}，密码为 ADMIN_PASSWORD 的值`);
  else log.warn(`已创建超级管理员 ${FIRST_ADMIN}，初始密码（仅显示这一次，请登录后立即修改）: ${password}`);
}

async function insertMenus(db: Kysely<DB>, menus: readonly DefaultSystemMenu[], parentId: number, at: string): Promise<void> {
  for (const menu of menus) {
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
    await insertMenus(db, menu.children, id, at);
  }
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
  if (granted.size) await db.insertInto('role_menus').values([...granted].map((menu_id) => ({ role_id: editorId, menu_id }))).execute();
}
