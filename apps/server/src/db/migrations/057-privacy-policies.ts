import { sql, type Kysely } from 'kysely';
import type { EngineMigration } from './index.js';
import { withId } from './helpers.js';

/**
 * 隐私政策 (features/privacy): every version of the site's privacy policy. A draft has version 0;
 * publishing numbers it (1, 2, …) and fixes it for good, so what a visitor accepted under a
 * version can always be shown again. The published version with the highest number is current.
 */
export const privacyPolicies: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('privacy_policies'))
      // 0 while a draft; its number from publication on.
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      // Sanitised rich text, as shown on /privacy.
      .addColumn('content', 'text', (c) => c.notNull())
      // 变更说明: what this version changes, shown above it and in its history.
      .addColumn('summary', 'varchar(500)', (c) => c.notNull())
      // China time of publication; '' while a draft.
      .addColumn('published_at', 'varchar(19)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    // Two publications racing for the same number: one wins, the other numbers again.
    await db.schema.createIndex('privacy_policies_version').on('privacy_policies').column('version').unique().where(sql.ref('version'), '>', 0).execute();
  },
});
