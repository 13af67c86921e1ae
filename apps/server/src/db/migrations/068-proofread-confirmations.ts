import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';

/**
 * A save of an article that kept serious wrong words or sensitive words the editor was shown
 * (校对, features/proofreading) records, in its revision, that the editor confirmed them and
 * which they were: '' for every other save.
 */
export const proofreadConfirmations: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('news_revisions')
      .addColumn('proofread_note', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .execute();
  },
});
