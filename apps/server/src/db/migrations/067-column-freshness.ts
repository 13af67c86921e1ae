import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';

/**
 * 栏目更新 (features/inspection): the update interval the office expects of a column, in days.
 * A column without a row has its kind's default (defaultColumnIntervals in @portal/shared); a
 * menu's row goes with the menu.
 */
export const columnFreshness: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('column_intervals')
      .addColumn('menu_id', 'integer', (c) => c.primaryKey().references('menus.id').onDelete('cascade'))
      .addColumn('days', 'integer', (c) => c.notNull())
      .execute();
  },
});
