import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';

/**
 * Settings staff edit in the back office, by name (features/site/settings.ts): the first are the
 * association's account for dues (收款账户: features/membership/dues-account.ts). A name without
 * a row reads as '' (not set).
 */
export const siteSettings: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('site_settings')
      .addColumn('name', 'varchar(50)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
  },
});
