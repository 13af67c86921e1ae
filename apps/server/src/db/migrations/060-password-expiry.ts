import { sql, type Kysely } from 'kysely';
import { formatCst } from '@portal/shared';
import type { EngineMigration } from './index.js';

/**
 * 密码有效期 per role (features/system/roles): off (0) unless the association turns it on, as ASVS
 * advises; 等保 assessors often ask for it. An administrator's password then has to be replaced
 * that many days after it was last set. Existing passwords count from this migration: turning
 * the setting on later never locks anyone out at once.
 */
export const passwordExpiry: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('roles')
      .addColumn('password_max_days', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('admin_users')
      .addColumn('password_changed_at', 'varchar(19)', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`UPDATE admin_users SET password_changed_at = ${formatCst(Date.now())}`.execute(db);
  },
});
