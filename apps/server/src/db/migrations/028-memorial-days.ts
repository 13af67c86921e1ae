import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';
import { withId } from './helpers.js';

/**
 * 哀悼日 (features/site/memorial.ts): days or ranges of days on which the public site is drawn in
 * grey, as Chinese sites do on national days of mourning; scope 1 the home page, 2 every public page.
 */
export const memorialDays: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('memorial_days'))
      // China dates, YYYY-MM-DD, both included.
      .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('scope', 'integer', (c) => c.notNull())
      .addColumn('note', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
  },
});
