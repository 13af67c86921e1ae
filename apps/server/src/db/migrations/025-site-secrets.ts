import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';

/**
 * Secrets the site keeps for itself, by name, shared by every instance through the database:
 * the first is the key of article preview links (features/news/preview.ts). Created on first
 * use; a database backup carries them.
 */
export const siteSecrets: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('site_secrets')
      .addColumn('name', 'varchar(50)', (c) => c.primaryKey())
      // 32 random bytes, base64url.
      .addColumn('secret', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
  },
});
