import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';
import { notNullDefault, withId } from './helpers.js';

/** Back-office system: menus with button permissions, roles, admin users, sessions, captchas, audit log. */
export const system: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('system_menus'))
      .addColumn('parent_id', 'integer', notNullDefault(0))
      .addColumn('menu_type', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('path', 'varchar(200)', notNullDefault(''))
      .addColumn('component', 'varchar(200)', notNullDefault(''))
      .addColumn('perms', 'varchar(100)', notNullDefault(''))
      .addColumn('icon', 'varchar(50)', notNullDefault(''))
      .addColumn('sort_number', 'integer', notNullDefault(0))
      .addColumn('visible', 'integer', notNullDefault(1))
      .addColumn('status', 'integer', notNullDefault(1))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('system_menus_parent').on('system_menus').columns(['parent_id', 'sort_number']).execute();

    await withId(engine, db.schema.createTable('roles'))
      .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('remark', 'varchar(200)', notNullDefault(''))
      .addColumn('status', 'integer', notNullDefault(1))
      .addColumn('is_super', 'integer', notNullDefault(0))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('role_menus')
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('menu_id', 'integer', (c) => c.notNull().references('system_menus.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('role_menus_pk', ['role_id', 'menu_id'])
      .execute();
    await db.schema.createIndex('role_menus_menu').on('role_menus').column('menu_id').execute();

    await withId(engine, db.schema.createTable('admin_users'))
      .addColumn('account', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('full_name', 'varchar(50)', notNullDefault(''))
      .addColumn('phone', 'varchar(30)', notNullDefault(''))
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
      .addColumn('status', 'integer', notNullDefault(1))
      .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
      .addColumn('failed_logins', 'integer', notNullDefault(0))
      .addColumn('locked_until', 'varchar(19)', notNullDefault(''))
      .addColumn('last_login_at', 'varchar(19)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('admin_users_role').on('admin_users').column('role_id').execute();

    await withId(engine, db.schema.createTable('admin_sessions'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('admin_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
      .addColumn('ip', 'varchar(64)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('last_seen_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('admin_sessions_admin').on('admin_sessions').column('admin_id').execute();
    await db.schema.createIndex('admin_sessions_expires').on('admin_sessions').column('expires_at').execute();

    await db.schema
      .createTable('captchas')
      .addColumn('ticket', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('answer_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('used', 'integer', notNullDefault(0))
      .execute();
    await db.schema.createIndex('captchas_expires').on('captchas').column('expires_at').execute();

    // No foreign key to admin_users: the record outlives a deleted admin.
    await withId(engine, db.schema.createTable('audit_logs'))
      .addColumn('admin_id', 'integer')
      .addColumn('account', 'varchar(64)', notNullDefault(''))
      .addColumn('action', 'varchar(100)', (c) => c.notNull())
      .addColumn('target', 'varchar(50)', notNullDefault(''))
      .addColumn('target_id', 'varchar(50)', notNullDefault(''))
      .addColumn('ip', 'varchar(64)', notNullDefault(''))
      .addColumn('result', 'integer', (c) => c.notNull())
      .addColumn('detail', 'varchar(500)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_logs_time').on('audit_logs').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('audit_logs_account').on('audit_logs').columns(['account', 'created_at']).execute();
    await db.schema.createIndex('audit_logs_action').on('audit_logs').columns(['action', 'id']).execute();
    await db.schema.createIndex('audit_logs_admin').on('audit_logs').columns(['admin_id', 'id']).execute();
  },
});
