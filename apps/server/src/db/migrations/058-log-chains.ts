import type { Kysely } from 'kysely';
import { notNullDefault } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * The audit and sign-in logs as keyed hash chains (features/system/audit/chain.ts): each row
 * carries HMAC(key, previous row's link ‖ its own fields), the key kept outside the database.
 * Rows from before this migration carry '' (written before the chain began). When retention
 * deletes the oldest rows, the last deleted row's link is kept in log_chain_anchors, so the
 * first remaining row is still checked against something.
 */
export const logChains: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_logs').addColumn('chain', 'varchar(64)', notNullDefault('')).execute();
    await db.schema.alterTable('login_logs').addColumn('chain', 'varchar(64)', notNullDefault('')).execute();
    await db.schema
      .createTable('log_chain_anchors')
      // audit_logs, login_logs.
      .addColumn('log', 'varchar(20)', (c) => c.primaryKey())
      .addColumn('chain', 'varchar(64)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
  },
});
