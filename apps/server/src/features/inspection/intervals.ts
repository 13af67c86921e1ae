import { defaultColumnIntervals, inspectionMessages } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { badRequest } from '../../http/envelope.js';
import { freshMenuIndex, requireMenu } from '../menus/service.js';
import { kindOf, pathOf } from './columns.js';

export interface ColumnInterval {
  menuId: number;
  /** Where the column is (for the audit line). */
  path: string;
  intervalDays: number;
  intervalIsDefault: boolean;
}

/**
 * Sets a column's expected update interval, or (days null) takes it back to its kind's default.
 * Any menu that may hold articles takes one, a hidden one or a group too, so that it holds when
 * the menu is shown or gets articles of its own; a link and the home page's menu never hold
 * articles and are refused, an unknown menu is 404 栏目不存在.
 */
export async function saveColumnInterval(database: Database, menuId: number, days: number | null): Promise<ColumnInterval> {
  const index = await freshMenuIndex(database);
  const kind = kindOf(requireMenu(index, menuId));
  if (kind === 'link') throw badRequest(inspectionMessages.linkColumn);
  if (kind === 'home') throw badRequest(inspectionMessages.homeColumn);
  const { db } = database;
  if (days === null) await db.deleteFrom('column_intervals').where('menu_id', '=', menuId).execute();
  else
    await db
      .insertInto('column_intervals')
      .values({ menu_id: menuId, days })
      .onConflict((oc) => oc.column('menu_id').doUpdateSet({ days }))
      .execute();
  return { menuId, path: pathOf(index, menuId), intervalDays: days ?? defaultColumnIntervals[kind], intervalIsDefault: days === null };
}
