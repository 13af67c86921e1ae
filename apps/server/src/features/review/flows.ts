import type { Kysely } from 'kysely';
import { reviewMessages, type SaveMenuReviewFlowBody } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/envelope.js';
import { freshMenuIndex, requireMenu } from '../menus/service.js';
import { ancestry, type MenuIndex } from '../menus/tree.js';
import { roleGrants } from '../system/auth/access.js';
import { roleHolds } from '../system/auth/holders.js';

/**
 * The review chains (审核流程) of 栏目管理: a menu's own ordered steps, each decided by the roles
 * it names. A menu without steps of its own takes its nearest ancestor's, so a chain set on 新闻中心
 * covers every menu below it until one sets its own. Who can review is read fresh each time from
 * roles and admins, as the guard reads permissions: a role disabled or stripped of 待我审核 stops
 * deciding at once, and a step no enabled admin can decide is reported as blocked.
 */

/** The permission a role needs to decide anything (待我审核). */
export const REVIEW_PERMISSION = 'content:review:list';

/** One step as stored and snapshotted into a review. */
export interface ReviewStep {
  name: string;
  roleIds: number[];
  noSelfReview: boolean;
}

/** The steps that apply to a menu, and the menu they are set on (itself or an ancestor). */
export interface ReviewChain {
  steps: ReviewStep[];
  owner: { id: number; name: string };
}

async function ownSteps(db: Kysely<DB>, menuIds: readonly number[]): Promise<Map<number, ReviewStep[]>> {
  if (menuIds.length === 0) return new Map();
  const rows = await db.selectFrom('menu_review_steps').selectAll().where('menu_id', 'in', menuIds).orderBy('menu_id').orderBy('step_no').execute();
  const byMenu = new Map<number, ReviewStep[]>();
  for (const r of rows) {
    const step: ReviewStep = { name: r.name, roleIds: JSON.parse(r.role_ids) as number[], noSelfReview: r.no_self_review === 1 };
    byMenu.set(r.menu_id, [...(byMenu.get(r.menu_id) ?? []), step]);
  }
  return byMenu;
}

/** The chain that applies to a menu: its own steps, else its nearest ancestor's; undefined when none has any (published directly). */
export async function reviewChain(database: Database, menuId: number): Promise<ReviewChain | undefined> {
  return chainIn(database.db, await freshMenuIndex(database), menuId);
}

async function chainIn(db: Kysely<DB>, index: MenuIndex, menuId: number): Promise<ReviewChain | undefined> {
  const lineage = ancestry(index, menuId).reverse();
  const byMenu = await ownSteps(
    db,
    lineage.map((m) => m.id),
  );
  const owner = lineage.find((m) => byMenu.has(m.id));
  return owner ? { steps: byMenu.get(owner.id) ?? [], owner: { id: owner.id, name: owner.name } } : undefined;
}

/** The ids of every menu a chain applies to (bulk publishing refuses their articles). */
export async function chainedMenuIds(database: Database): Promise<Set<number>> {
  const owners = new Set((await database.db.selectFrom('menu_review_steps').select('menu_id').distinct().execute()).map((r) => r.menu_id));
  const index = await freshMenuIndex(database);
  return new Set([...index.byId.keys()].filter((id) => ancestry(index, id).some((m) => owners.has(m.id))));
}

/** GetMenuReviewFlow: the chain that applies to a menu that exists (404 栏目不存在 else). */
export async function menuReviewFlow(database: Database, menuId: number): Promise<ReviewChain | undefined> {
  const index = await freshMenuIndex(database);
  requireMenu(index, menuId);
  return chainIn(database.db, index, menuId);
}

/**
 * SaveMenuReviewFlow: replaces the menu's own steps. Every role must exist and be able to
 * review (super, or holding 待我审核): a step given to a role that cannot decide would stop
 * every article of the menu on the day it is saved.
 */
export async function saveMenuFlow(database: Database, body: SaveMenuReviewFlowBody): Promise<{ menuName: string; steps: number }> {
  const menu = requireMenu(await freshMenuIndex(database), body.MenuId);
  const roleIds = [...new Set(body.Steps.flatMap((s) => s.RoleIds))];
  for (const roleId of roleIds) {
    const role = await roleGrants(database.db, roleId);
    if (!role) throw badRequest(reviewMessages.roleNotFound);
    if (!role.isSuper && !role.permissions.has(REVIEW_PERMISSION)) throw badRequest(reviewMessages.roleCannotReview(role.roleName));
  }
  await database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('menu_review_steps').where('menu_id', '=', menu.id).execute();
    if (body.Steps.length === 0) return;
    const rows = body.Steps.map((s, i) => ({
      menu_id: menu.id,
      step_no: i + 1,
      name: s.Name,
      role_ids: JSON.stringify([...new Set(s.RoleIds)]),
      no_self_review: s.NoSelfReview ? 1 : 0,
    }));
    await trx.insertInto('menu_review_steps').values(rows).execute();
  });
  return { menuName: menu.name, steps: body.Steps.length };
}

/** The roles that may decide a step: enabled, and super or granted 待我审核 through an enabled menu (as roleGrants reads them). */
const canReview = roleHolds(REVIEW_PERMISSION);

/** The enabled admins of reviewing roles. */
const enabledReviewers = (db: Kysely<DB>) =>
  db.selectFrom('admin_users').innerJoin('roles', 'roles.id', 'admin_users.role_id').where('admin_users.status', '=', 1).where(canReview);

/** The admins who may decide a step of these roles: the people a review waiting there is announced to. */
export async function stepDeciders(db: Kysely<DB>, roleIds: readonly number[]): Promise<number[]> {
  if (roleIds.length === 0) return [];
  return (await enabledReviewers(db).select('admin_users.id').where('admin_users.role_id', 'in', roleIds).execute()).map((r) => r.id);
}

/** The roles with at least one enabled admin able to review: a step naming none of them is blocked. */
export async function staffedReviewerRoles(db: Kysely<DB>): Promise<Set<number>> {
  return new Set((await enabledReviewers(db).select('admin_users.role_id').distinct().execute()).map((r) => r.role_id));
}
