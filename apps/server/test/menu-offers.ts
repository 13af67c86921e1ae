import { ensureSystemSeed } from '../src/features/system/seed.js';
import type { TestApp } from './harness.js';

/**
 * The "reaches an existing install" step of a new permission (docs/architecture.md, "Add a
 * permission"): the back-office menu entries of a permission family, and the same entries as
 * an install from before them gets them at its next start.
 */

/** The menu entries whose permission starts with `prefix`, in the order they were made. */
export const menuEntries = (t: TestApp, prefix: string) =>
  t.app.services.database.db
    .selectFrom('system_menus')
    .select(['id', 'parent_id', 'perms', 'menu_type'])
    .where('perms', 'like', `${prefix}%`)
    .orderBy('id')
    .execute();

/**
 * Removes the entries with their grants and the record of their offer (an install from before
 * them), then runs the start-up seed; answers the entries before and after.
 */
export async function offeredAgain(t: TestApp, prefix: string) {
  const { db } = t.app.services.database;
  const before = await menuEntries(t, prefix);
  if (before.length > 0)
    await db
      .deleteFrom('role_menus')
      .where(
        'menu_id',
        'in',
        before.map((m) => m.id),
      )
      .execute();
  await db.deleteFrom('system_menus').where('perms', 'like', `${prefix}%`).execute();
  await db.deleteFrom('system_menu_defaults').where('perms', 'like', `${prefix}%`).execute();
  await ensureSystemSeed(t.app.services, t.app.log);
  return { before, after: await menuEntries(t, prefix) };
}
