import type { Kysely } from 'kysely';
import { notNullDefault, withId } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * 登录日志 and 在线用户 (等保 2.0): every sign-in attempt of admins and members in a table of its
 * own, and the browser each session was opened from.
 *
 * Why not more rows in audit_logs: that table is the record of what admins did, keyed by
 * admin and action; a sign-in log also holds members and visitors trying accounts, and wants
 * the browser, which no other entry has. Apart, each is searched by its own columns and
 * indexes, and 操作日志 is not flooded by member sign-ins.
 */
export const loginLog: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    // No foreign keys: the record outlives a deleted admin or member.
    await withId(engine, db.schema.createTable('login_logs'))
      // 'admin' (back office) or 'member' (GetLoginToken).
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      // The account as typed (it may not exist).
      .addColumn('account', 'varchar(64)', notNullDefault(''))
      // The admin's or member's id when the account exists.
      .addColumn('user_id', 'integer')
      .addColumn('result', 'integer', (c) => c.notNull())
      // Why it failed, or what a success opened (an application token).
      .addColumn('detail', 'varchar(200)', notNullDefault(''))
      .addColumn('ip', 'varchar(64)', notNullDefault(''))
      .addColumn('user_agent', 'varchar(300)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    // Date ranges and the retention's deletes; newest-first paging uses the primary key.
    await db.schema.createIndex('login_logs_time').on('login_logs').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('login_logs_kind').on('login_logs').columns(['kind', 'id']).execute();

    // 在线用户 shows the browser of each session.
    await db.schema.alterTable('admin_sessions').addColumn('user_agent', 'varchar(300)', notNullDefault('')).execute();
    await db.schema.alterTable('member_sessions').addColumn('user_agent', 'varchar(300)', notNullDefault('')).execute();
  },
});
