import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';
import { notNullDefault, withId } from './helpers.js';

/** Members and their applications, member sessions, the review-process items and the suggestion box. */
export const members: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    // company_type_id and member_level_id name type_items rows without a foreign key: a type
    // list entry stays removable, and a member keeps its id (its name then reads as '').
    await withId(engine, db.schema.createTable('members'))
      .addColumn('account', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
      .addColumn('member_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('company_type_id', 'integer', (c) => c.notNull())
      .addColumn('member_level_id', 'integer', (c) => c.notNull())
      .addColumn('company_ment', 'varchar(50)', notNullDefault(''))
      .addColumn('mainbusiness', 'varchar(500)', notNullDefault(''))
      .addColumn('reg_address', 'varchar(200)', notNullDefault(''))
      .addColumn('daily_operator', 'varchar(50)', notNullDefault(''))
      .addColumn('operator_phone', 'varchar(30)', notNullDefault(''))
      .addColumn('remarks', 'varchar(500)', notNullDefault(''))
      .addColumn('legal_person', 'varchar(50)', notNullDefault(''))
      .addColumn('email', 'varchar(100)', notNullDefault(''))
      .addColumn('file_path', 'varchar(500)', notNullDefault(''))
      .addColumn('reg_capital', 'integer', notNullDefault(0))
      .addColumn('staff_count', 'integer', notNullDefault(0))
      .addColumn('join_date', 'varchar(10)', notNullDefault(''))
      .addColumn('expire_date', 'varchar(10)', notNullDefault(''))
      .addColumn('apply_state', 'integer', (c) => c.notNull())
      .addColumn('status', 'integer', notNullDefault(1))
      .addColumn('process_item_name', 'varchar(200)', notNullDefault(''))
      .addColumn('failed_logins', 'integer', notNullDefault(0))
      .addColumn('locked_until', 'varchar(19)', notNullDefault(''))
      .addColumn('last_login_at', 'varchar(19)', notNullDefault(''))
      .addColumn('applied_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    // The review list: WHERE apply_state = ? ORDER BY applied_at DESC.
    await db.schema.createIndex('members_state_time').on('members').columns(['apply_state', 'applied_at', 'id']).execute();
    await db.schema.createIndex('members_time').on('members').columns(['applied_at', 'id']).execute();

    await withId(engine, db.schema.createTable('member_sessions'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      // 'member': a signed-in member; 'application': an applicant who may only read and resubmit the application.
      .addColumn('scope', 'varchar(16)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('last_seen_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('member_sessions_member').on('member_sessions').column('member_id').execute();
    await db.schema.createIndex('member_sessions_expires').on('member_sessions').column('expires_at').execute();

    // Reviewer columns are copies, not a foreign key: the history outlives a deleted admin.
    await withId(engine, db.schema.createTable('member_process_items'))
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('decision', 'integer', (c) => c.notNull())
      .addColumn('reason', 'varchar(200)', notNullDefault(''))
      .addColumn('remark', 'varchar(500)', notNullDefault(''))
      .addColumn('admin_id', 'integer')
      .addColumn('admin_account', 'varchar(64)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('member_process_items_member').on('member_process_items').columns(['member_id', 'id']).execute();
    await db.schema.createIndex('member_process_items_time').on('member_process_items').columns(['created_at', 'id']).execute();

    await withId(engine, db.schema.createTable('proposals'))
      .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
      .addColumn('content', 'varchar(1000)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', notNullDefault(''))
      .addColumn('is_read', 'integer', notNullDefault(0))
      .addColumn('read_at', 'varchar(19)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('proposals_time').on('proposals').columns(['created_at', 'id']).execute();
    // The per-address limit of SavePropose counts recent rows of one address.
    await db.schema.createIndex('proposals_ip').on('proposals').columns(['ip', 'created_at']).execute();
  },
});
