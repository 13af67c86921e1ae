import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';

/**
 * The back-office article list (文章管理) shows every article newest first, whatever its
 * status; the public indexes all start with the menu or the status, so without this one each
 * page would sort the whole table.
 */
export const contentAdmin: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('news_time').on('news').columns(['news_create_time', 'id']).execute();
  },
});
