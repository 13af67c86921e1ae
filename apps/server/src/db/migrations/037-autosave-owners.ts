import { sql, type Kysely } from 'kysely';
import { notNullDefault } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * The article editor's autosaves are kept per caller, and a caller may be an API token as well
 * as an admin: every token has admin id 0, so all tokens shared one copy per article, each
 * reading and overwriting the others'. A row now names its admin or its token (api_token_id, 0
 * for an admin), and the key includes it. SQLite cannot change a primary key in place, so the
 * table is made again on both engines. Admins' copies are kept; the copies under admin id 0
 * belonged to some token no one can tell, and are dropped rather than shown to the wrong one.
 */
export const autosaveOwners: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('news_autosaves_by_owner')
      .addColumn('admin_id', 'integer', (c) => c.notNull())
      .addColumn('api_token_id', 'integer', notNullDefault(0))
      .addColumn('news_id', 'integer', (c) => c.notNull())
      .addColumn('form', 'text', (c) => c.notNull())
      .addColumn('saved_at', 'varchar(19)', (c) => c.notNull())
      .addPrimaryKeyConstraint('news_autosaves_owner_pk', ['admin_id', 'api_token_id', 'news_id'])
      .execute();
    await sql`INSERT INTO news_autosaves_by_owner (admin_id, news_id, form, saved_at)
      SELECT admin_id, news_id, form, saved_at FROM news_autosaves WHERE admin_id <> 0`.execute(db);
    await db.schema.dropTable('news_autosaves').execute();
    await db.schema.alterTable('news_autosaves_by_owner').renameTo('news_autosaves').execute();
  },
});
