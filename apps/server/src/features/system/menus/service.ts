import type { Kysely, Selectable } from 'kysely';
import { formatCst, systemMessages, SystemMenuKind, type SaveSystemMenuBody, type SystemMenuType } from '@portal/shared';
import type { DB, SystemMenusTable } from '../../../db/schema.js';
import { badRequest, notFound } from '../../../http/envelope.js';
import type { AdminPrincipal } from '../auth/access.js';

export interface SystemMenu {
  id: number;
  parentId: number;
  menuType: SystemMenuType;
  name: string;
  path: string;
  component: string;
  perms: string;
  icon: string;
  sortNumber: number;
  visible: number;
  status: number;
  children: SystemMenu[];
}

type Row = Selectable<SystemMenusTable>;

const toMenu = (r: Row): SystemMenu => ({
  id: r.id,
  parentId: r.parent_id,
  menuType: r.menu_type as SystemMenuType,
  name: r.name,
  path: r.path,
  component: r.component,
  perms: r.perms,
  icon: r.icon,
  sortNumber: r.sort_number,
  visible: r.visible,
  status: r.status,
  children: [],
});

const allRows = (db: Kysely<DB>) => db.selectFrom('system_menus').selectAll().orderBy('sort_number').orderBy('id').execute();

/** Nests rows under their parents from the root (0); a row whose parent is absent is left out. */
function toTree(rows: Row[]): SystemMenu[] {
  const byParent = new Map<number, SystemMenu[]>();
  for (const menu of rows.map(toMenu)) byParent.set(menu.parentId, [...(byParent.get(menu.parentId) ?? []), menu]);
  const attach = (menus: SystemMenu[]): SystemMenu[] => menus.map((m) => ({ ...m, children: attach(byParent.get(m.id) ?? []) }));
  return attach(byParent.get(0) ?? []);
}

/** One menu, without its children; undefined when there is none. */
export async function findMenu(db: Kysely<DB>, id: number): Promise<SystemMenu | undefined> {
  const row = await db.selectFrom('system_menus').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toMenu(row);
}

/** Every menu, whatever its status: the 菜单管理 page and the role editor. */
export async function fullMenuTree(db: Kysely<DB>): Promise<SystemMenu[]> {
  return toTree(await allRows(db));
}

/**
 * The menus an admin's routes, sidebar and buttons are built from: active menus granted to
 * the role (all for a super administrator) with the directories above them, so a role
 * granted a page alone still gets a connected tree. A disabled menu hides what is below it.
 */
export async function adminMenuTree(db: Kysely<DB>, admin: AdminPrincipal): Promise<SystemMenu[]> {
  const rows = await allRows(db);
  if (admin.isSuper) return toTree(rows.filter((r) => r.status === 1));
  const parentOf = new Map(rows.map((r) => [r.id, r.parent_id]));
  const shown = new Set<number>();
  for (const id of admin.menuIds) {
    for (let at: number | undefined = id; at && !shown.has(at); at = parentOf.get(at)) shown.add(at);
  }
  return toTree(rows.filter((r) => r.status === 1 && shown.has(r.id)));
}

/** Where a menu of each type may sit: buttons on pages, directories and pages at the top or in directories. */
function checkPlacement(menuType: SystemMenuType, parent: Row | undefined): void {
  if (menuType === SystemMenuKind.Button) {
    if (parent?.menu_type !== SystemMenuKind.Page) throw badRequest(systemMessages.menuButtonParent);
  } else if (parent && parent.menu_type !== SystemMenuKind.Directory) {
    throw badRequest(systemMessages.menuPageParent);
  }
}

/** After a type change the existing children must still fit under the menu. */
function checkChildren(menuType: SystemMenuType, children: Row[]): void {
  const fits = (child: Row) =>
    menuType === SystemMenuKind.Page
      ? child.menu_type === SystemMenuKind.Button
      : menuType === SystemMenuKind.Directory && child.menu_type !== SystemMenuKind.Button;
  if (!children.every(fits)) throw badRequest(systemMessages.menuTypeChildren);
}

/** Creates (MenuId 0) or updates a menu in one transaction; answers its id and name. */
export async function saveMenu(db: Kysely<DB>, body: SaveSystemMenuBody, now: number): Promise<{ id: number; name: string }> {
  return db.transaction().execute(async (trx) => {
    const find = (id: number) => trx.selectFrom('system_menus').selectAll().where('id', '=', id).executeTakeFirst();
    const parent = body.ParentId > 0 ? await find(body.ParentId) : undefined;
    if (body.ParentId > 0 && !parent) throw badRequest(systemMessages.menuParentNotFound);
    checkPlacement(body.MenuType, parent);
    const values = {
      parent_id: body.ParentId,
      menu_type: body.MenuType,
      name: body.menuname,
      path: body.path,
      component: body.component,
      perms: body.perms,
      icon: body.icon,
      sort_number: body.SortNumber,
      visible: body.visible,
      status: body.status,
      updated_at: formatCst(now),
    };
    if (body.MenuId === 0) {
      const { id } = await trx
        .insertInto('system_menus')
        .values({ ...values, created_at: values.updated_at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, name: body.menuname };
    }
    if (!(await find(body.MenuId))) throw notFound(systemMessages.menuNotFound);
    // The new parent may not be the menu itself or anything below it.
    for (let at = parent; at; at = at.parent_id > 0 ? await find(at.parent_id) : undefined) {
      if (at.id === body.MenuId) throw badRequest(systemMessages.menuParentCycle);
    }
    checkChildren(body.MenuType, await trx.selectFrom('system_menus').selectAll().where('parent_id', '=', body.MenuId).execute());
    await trx.updateTable('system_menus').set(values).where('id', '=', body.MenuId).execute();
    return { id: body.MenuId, name: body.menuname };
  });
}

/** Deletes a childless menu; its grants go with it (role_menus cascades). Answers the menu's name. */
export async function deleteMenu(db: Kysely<DB>, id: number): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const menu = await trx.selectFrom('system_menus').select('name').where('id', '=', id).executeTakeFirst();
    if (!menu) throw notFound(systemMessages.menuNotFound);
    const child = await trx.selectFrom('system_menus').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst();
    if (child) throw badRequest(systemMessages.menuHasChildren);
    await trx.deleteFrom('system_menus').where('id', '=', id).execute();
    return menu.name;
  });
}
