import { messages } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { notFound } from '../../http/envelope.js';
import { contentChanged } from '../../cache/generations.js';
import { Memo } from '../../cache/memo.js';
import { ancestry, indexMenus, type Menu, type MenuIndex } from './tree.js';

/**
 * Every page load asks for the menu tree, and news lists resolve their menu, so the menus
 * (a few dozen rows) are kept in memory until the menus change: back-office edits call
 * invalidateMenus, and other instances hear of it through cache/fanout.ts.
 */
const menus = new Memo<MenuIndex>({ areas: ['menus'], maxEntries: 1 });

export function menuIndex(database: Database): Promise<MenuIndex> {
  return menus.get(database, 'all', async () => indexMenus(await loadMenus(database)));
}

/** The menus as they are now, bypassing the kept copy: what the back office reads and checks writes against. */
export async function freshMenuIndex(database: Database): Promise<MenuIndex> {
  return indexMenus(await loadMenus(database));
}

/** Call after any committed change to the menus table: drops what was kept or cached from them, on every instance. */
export function invalidateMenus(database: Database): void {
  contentChanged(database, 'menus');
}

async function loadMenus({ db }: Database): Promise<Menu[]> {
  const rows = await db
    .selectFrom('menus')
    .select(['id', 'parent_id', 'name', 'status', 'show_type', 'type', 'web_url', 'cur_value', 'sort_number', 'accepts_contributions'])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    name: r.name,
    status: r.status,
    showType: r.show_type,
    type: r.type,
    webUrl: r.web_url,
    curValue: r.cur_value,
    sortNumber: r.sort_number,
    acceptsContributions: r.accepts_contributions === 1,
  }));
}

/** A menu by id, whatever its status; 404 栏目不存在 when there is none. */
export function requireMenu(index: MenuIndex, id: number): Menu {
  const menu = index.byId.get(id);
  if (!menu) throw notFound(messages.menuNotFound);
  return menu;
}

/** A menu whose articles the public may read (MenuIndex.readable); a hidden one answers 404 栏目不存在 as an unknown one does. */
export function requireReadableMenu(index: MenuIndex, id: number): Menu {
  const menu = requireMenu(index, id);
  if (!index.readable.has(id)) throw notFound(messages.menuNotFound);
  return menu;
}

/** The ids of MenuIndex.readable as a list, for the SQL of public article reads. */
export async function readableMenuIds(database: Database): Promise<number[]> {
  return [...(await menuIndex(database)).readable];
}

/** The top-level menu above `id` (itself when it is top-level). */
export function topMenuOf(index: MenuIndex, id: number): Menu {
  const top = ancestry(index, id)[0];
  if (!top) throw notFound(messages.menuNotFound);
  return top;
}
