import { contentMessages, formatCst, messages, type PagingQuery, type SaveMenuBody } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { freshMenuIndex, invalidateMenus, requireMenu } from './service.js';
import { ancestry, fullSubtree, MAX_DEPTH, subtreeHeight, type MenuNode } from './tree.js';

/**
 * Back-office menu management (栏目管理): every menu, hidden ones included, and the writes,
 * checked against the menus as they are in the database (not the public copy kept in memory).
 * Each write drops that copy so the public navigation follows at once.
 */

/** One page of the menus directly under `parentId` (0: the top level), each with its whole subtree. */
export async function listMenuLevel(database: Database, parentId: number, paging: PagingQuery): Promise<{ items: MenuNode[]; total: number }> {
  const index = await freshMenuIndex(database);
  if (parentId > 0) requireMenu(index, parentId);
  const level = index.byParent.get(parentId) ?? [];
  const { limit, offset } = pageWindow(paging);
  return { items: level.slice(offset, offset + limit).map((m) => fullSubtree(index, m)), total: level.length };
}

/** A menu with its whole subtree; 404 栏目不存在 when there is none. */
export async function readMenu(database: Database, id: number): Promise<MenuNode> {
  const index = await freshMenuIndex(database);
  return fullSubtree(index, requireMenu(index, id));
}

/**
 * Creates (MenuId 0) or updates a menu. The tree stays at most three levels deep (counting the
 * subtree a moved menu brings along), and a menu cannot move below itself.
 */
export async function saveMenu(database: Database, body: SaveMenuBody, now: number): Promise<{ id: number; name: string }> {
  const index = await freshMenuIndex(database);
  const existing = body.MenuId > 0 ? requireMenu(index, body.MenuId) : undefined;
  const parentChain = body.ParentId > 0 ? ancestry(index, body.ParentId) : [];
  if (body.ParentId > 0 && parentChain.length === 0) throw badRequest(contentMessages.menuParentNotFound);
  if (existing && parentChain.some((m) => m.id === existing.id)) throw badRequest(contentMessages.menuParentCycle);
  const height = existing ? subtreeHeight(fullSubtree(index, existing)) : 1;
  if (parentChain.length + height > MAX_DEPTH) throw badRequest(contentMessages.menuTooDeep);

  const values = {
    parent_id: body.ParentId,
    name: body.Name,
    status: body.Status,
    show_type: body.ShowType,
    type: body.Type ?? (body.ParentId > 0 ? 2 : 1),
    web_url: body.WebUrl,
    cur_value: body.CurValue,
    sort_number: body.SortNumber,
    accepts_contributions: body.AcceptsContributions ? 1 : 0,
  };
  let id: number;
  if (existing) {
    await database.db.updateTable('menus').set(values).where('id', '=', existing.id).execute();
    id = existing.id;
  } else {
    ({ id } = await database.db
      .insertInto('menus')
      .values({ ...values, created_at: formatCst(now) })
      .returning('id')
      .executeTakeFirstOrThrow());
  }
  invalidateMenus(database);
  return { id, name: body.Name };
}

/** Deletes a menu without children or articles; otherwise says which stands in the way. Answers its name. */
export async function deleteMenu(database: Database, id: number): Promise<string> {
  const name = await database.db.transaction().execute(async (trx) => {
    const menu = await trx.selectFrom('menus').select('name').where('id', '=', id).executeTakeFirst();
    if (!menu) throw notFound(messages.menuNotFound);
    const child = await trx.selectFrom('menus').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst();
    if (child) throw badRequest(contentMessages.menuHasChildren);
    const { n } = await trx
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('menu_id', '=', id)
      .executeTakeFirstOrThrow();
    if (n > 0) throw badRequest(contentMessages.menuHasArticles(n));
    await trx.deleteFrom('menus').where('id', '=', id).execute();
    // Its review chain goes with it (reviews submitted under it keep their own copy of the steps).
    await trx.deleteFrom('menu_review_steps').where('menu_id', '=', id).execute();
    return menu.name;
  });
  invalidateMenus(database);
  return name;
}
