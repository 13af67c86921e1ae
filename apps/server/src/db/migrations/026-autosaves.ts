import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';

/**
 * The article editor's autosaves (features/news/autosave.ts): a draft copy of an admin's open
 * form, kept on the server so closing the browser loses nothing. One row per admin and article
 * (news_id 0: a new article), replaced by each autosave.
 */
export const autosaves: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('news_autosaves')
      .addColumn('admin_id', 'integer', (c) => c.notNull())
      .addColumn('news_id', 'integer', (c) => c.notNull())
      // The form as the editor holds it, JSON (the body's HTML unsanitised: it is only ever shown back in the editor).
      .addColumn('form', 'text', (c) => c.notNull())
      .addColumn('saved_at', 'varchar(19)', (c) => c.notNull())
      .addPrimaryKeyConstraint('news_autosaves_pk', ['admin_id', 'news_id'])
      .execute();
  },
});
