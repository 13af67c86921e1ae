import type { Kysely } from 'kysely';
import { withId } from './helpers.js';
import type { EngineMigration } from './index.js';

/** The sensitive-word list the review of contributions marks (features/sensitive-words). */
export const sensitiveWords: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('sensitive_words'))
      .addColumn('word', 'varchar(50)', (c) => c.notNull())
      // The word as matching sees it (folded width and case): one entry per form.
      .addColumn('form', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
  },
});
