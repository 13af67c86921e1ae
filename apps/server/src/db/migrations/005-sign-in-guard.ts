import { sql, type Kysely } from 'kysely';
import { notNullDefault, withId } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * Sign-in failures counted per account name and client address (features/system/auth/lockout.ts)
 * instead of on the account row: an unknown account locks like a real one, so the lockout
 * does not tell which accounts exist, and a visitor elsewhere cannot lock a member out.
 *
 * Accounts become unique regardless of letter case: `SECMEM2` is refused while `secmem2`
 * exists, and sign-in finds the account whatever the case typed.
 */
export const signInGuard: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('login_failures'))
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('account', 'varchar(64)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('failures', 'integer', notNullDefault(0))
      .addColumn('locked_until', 'varchar(19)', notNullDefault(''))
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_failures_key').unique().on('login_failures').columns(['kind', 'account', 'ip']).execute();
    for (const table of ['admin_users', 'members']) {
      await db.schema.alterTable(table).dropColumn('failed_logins').execute();
      await db.schema.alterTable(table).dropColumn('locked_until').execute();
      await db.schema
        .createIndex(`${table}_account_ci`)
        .unique()
        .on(table)
        .expression(sql`lower(account)`)
        .execute();
    }
  },
});
