import type { Kysely } from 'kysely';
import { notNullDefault, withId } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * An optional second factor for back-office accounts (等保 2.0): an RFC 6238 authenticator app
 * (features/system/two-factor/service.ts), its one-time recovery codes, the sign-in challenges between
 * the password and the code, and a role setting that makes it compulsory for the role's admins.
 */
export const twoFactor: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    // 1: the role's admins must turn the second factor on before anything else (features/system/auth/guard.ts).
    await db.schema.alterTable('roles').addColumn('requires_second_factor', 'integer', notNullDefault(0)).execute();

    // One row per admin who started enrolment. The secret is kept as is: the server must compute
    // the codes, so a hash would not do; it is as sensitive as the password hashes beside it.
    await db.schema
      .createTable('admin_second_factors')
      .addColumn('admin_id', 'integer', (c) => c.primaryKey().references('admin_users.id').onDelete('cascade'))
      .addColumn('secret', 'varchar(64)', (c) => c.notNull())
      // 0 while enrolment waits for its first code, 1 once it is on.
      .addColumn('enabled', 'integer', notNullDefault(0))
      // The last 30-second step a code was accepted for: a step is accepted once (RFC 6238 §5.2).
      .addColumn('last_step', 'integer', notNullDefault(0))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();

    // Recovery codes as sha256 hashes (they are random, not chosen by people); a used one is deleted.
    await withId(engine, db.schema.createTable('admin_recovery_codes'))
      .addColumn('admin_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('admin_recovery_codes_key').unique().on('admin_recovery_codes').columns(['admin_id', 'code_hash']).execute();

    // A right password of an account with the second factor on: the ticket (as sha256) that
    // LoginTotp takes with the code. Held by one attempt at a time (claimed), used up by success.
    await db.schema
      .createTable('sign_in_challenges')
      .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('admin_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
      .addColumn('failures', 'integer', notNullDefault(0))
      .addColumn('claimed', 'integer', notNullDefault(0))
      .addColumn('expires_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sign_in_challenges_expires').on('sign_in_challenges').column('expires_at').execute();
  },
});
