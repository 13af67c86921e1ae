import type { Kysely } from 'kysely';
import { notNullDefault, withId } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * Operations (issue 12): API tokens, the first administrator's forced password change, and
 * the record of default back-office pages already offered to this install.
 */
export const apiTokens: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    // API tokens (features/api-tokens): a second kind of admin credential bound to one role.
    await withId(engine, db.schema.createTable('api_tokens'))
      .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
      // sha256 of the token; the token itself is shown once and never stored.
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('role_id', 'integer', (c) => c.notNull())
      .addColumn('remark', 'varchar(200)', notNullDefault(''))
      // Who created it: an admin account, or 命令行 for the operator CLI.
      .addColumn('created_by', 'varchar(64)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      // Written at most once a minute per token, like admin sessions' last_seen_at.
      .addColumn('last_used_at', 'varchar(19)', notNullDefault(''))
      // '' while valid; a revoked token keeps its row (and name) for the audit trail.
      .addColumn('revoked_at', 'varchar(19)', notNullDefault(''))
      .execute();

    // 1 for a password someone else chose for the account (generated at first start, or by the
    // CLI's reset): the next sign-in may only change it (features/system/auth/guard.ts).
    await db.schema.alterTable('admin_users').addColumn('must_change_password', 'integer', notNullDefault(0)).execute();

    // Permission identifiers of default menu entries already inserted by the seed: a new
    // release's pages reach existing installs once, and a page an administrator deleted stays deleted.
    await db.schema
      .createTable('system_menu_defaults')
      .addColumn('perms', 'varchar(100)', (c) => c.primaryKey())
      .execute();
  },
});
