import type { Kysely } from 'kysely';
import { withId } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * Every upload from now on: its original name (shown and used when it is downloaded), who sent
 * it, and when, so files no record refers to can be swept after a day (features/uploads/sweep.ts).
 */
export const uploads: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('uploads'))
      .addColumn('path', 'varchar(200)', (c) => c.notNull().unique())
      .addColumn('original_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      // 'admin:<id>', 'member:<id>' or 'visitor'.
      .addColumn('owner', 'varchar(40)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      // 1 once the sweep found a record using it: it is not looked at again.
      .addColumn('adopted', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('uploads_sweep').on('uploads').columns(['adopted', 'created_at', 'id']).execute();
    // The sweep reads only the articles written since its oldest candidate.
    await db.schema.createIndex('news_updated').on('news').column('updated_at').execute();
  },
});
