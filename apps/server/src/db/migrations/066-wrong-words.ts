import type { Kysely } from 'kysely';
import { formatCst } from '@portal/shared';
import type { EngineMigration } from './index.js';
import { withId } from './helpers.js';
import { startingWrongWords } from './066-wrong-words-list.js';

/**
 * 易错词 (features/proofreading): the dictionary of wrong → right forms 校对 checks articles
 * against, shipped with a starting list (066-wrong-words-list.ts); staff keep it from then on.
 */
export const wrongWords: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('wrong_words'))
      .addColumn('wrong', 'varchar(50)', (c) => c.notNull())
      .addColumn('right', 'varchar(50)', (c) => c.notNull())
      // serious (严重) or normal (一般).
      .addColumn('severity', 'varchar(8)', (c) => c.notNull())
      // The wrong form as matching reads it (folded width and Latin case): one entry per form.
      .addColumn('form', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    const at = formatCst(Date.now());
    // The shipped forms fold to themselves (the list's test says so): each is its own form.
    const rows = startingWrongWords.map((w) => ({ ...w, form: w.wrong, created_at: at, updated_at: at }));
    await (db as Kysely<{ wrong_words: (typeof rows)[number] }>).insertInto('wrong_words').values(rows).execute();
  },
});
