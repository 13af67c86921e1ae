import { sql, type Kysely } from 'kysely';
import { formatCst } from '@portal/shared';
import type { Engine } from '../connection.js';
import type { EngineMigration } from './index.js';
import { notNullDefault, withId } from './helpers.js';

/**
 * 在线留言/咨询 (features/messages): the categories with their reply deadline, the departments
 * that answer and their handlers, the messages with their state, due time and reply, and each
 * message's history with the internal notes.
 *
 * The suggestion box (SavePropose) becomes the category 建议 of this: its rows move into
 * `messages` (origin 'propose', same ids) and `proposals` goes (docs/decisions.md,
 * "The suggestion box is the category 建议 of 在线留言").
 */
export const messageBoard: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('message_categories'))
      .addColumn('name', 'varchar(20)', (c) => c.notNull())
      // Working days from receipt to the due time.
      .addColumn('deadline_days', 'integer', notNullDefault(5))
      .addColumn('sort_number', 'integer', notNullDefault(0))
      .addColumn('status', 'integer', notNullDefault(1))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    const at = sql.lit(formatCst(Date.now()));
    await sql`INSERT INTO message_categories (name, deadline_days, sort_number, status, created_at, updated_at) VALUES
      ('咨询', 5, 1, 1, ${at}, ${at}), ('建议', 5, 2, 1, ${at}, ${at}), ('投诉', 5, 3, 1, ${at}, ${at}), ('其他', 5, 4, 1, ${at}, ${at})`.execute(db);

    await withId(engine, db.schema.createTable('message_departments'))
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      // The admin told once a message of the department passes its due time; null none.
      .addColumn('supervisor_id', 'integer')
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('message_handlers')
      .addColumn('department_id', 'integer', (c) => c.notNull())
      .addColumn('admin_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('message_handlers_pk', ['department_id', 'admin_id'])
      .execute();
    // An admin's departments: what the queue shows a handler.
    await db.schema.createIndex('message_handlers_admin').on('message_handlers').columns(['admin_id']).execute();

    await withId(engine, db.schema.createTable('messages'))
      // 查询码: random, unique; the asker's only key to the message.
      .addColumn('query_code', 'varchar(24)', (c) => c.notNull().unique())
      .addColumn('category_id', 'integer', (c) => c.notNull())
      // 'web' the 在线留言 page, 'propose' the suggestion box (SavePropose).
      .addColumn('origin', 'varchar(10)', (c) => c.notNull())
      .addColumn('subject', 'varchar(100)', (c) => c.notNull())
      .addColumn('content', 'varchar(2000)', (c) => c.notNull())
      // A private upload (kind messageFile), '' none.
      .addColumn('attachment', 'varchar(300)', notNullDefault(''))
      .addColumn('asker_name', 'varchar(50)', notNullDefault(''))
      .addColumn('phone', 'varchar(20)', notNullDefault(''))
      .addColumn('email', 'varchar(100)', notNullDefault(''))
      .addColumn('member_id', 'integer')
      .addColumn('may_publish', 'integer', notNullDefault(0))
      .addColumn('ip', 'varchar(64)', notNullDefault(''))
      // MessageState: 0 待受理, 1 办理中, 2 已答复, 3 不予受理.
      .addColumn('state', 'integer', notNullDefault(0))
      .addColumn('department_id', 'integer')
      .addColumn('handler_id', 'integer')
      .addColumn('decline_reason', 'varchar(500)', notNullDefault(''))
      // Sanitised HTML; '' until answered.
      .addColumn('reply', 'text', notNullDefault(''))
      .addColumn('replied_by', 'varchar(64)', notNullDefault(''))
      .addColumn('replied_at', 'varchar(19)', notNullDefault(''))
      // Working days from receipt to the reply, kept when it is given: the statistics average it.
      .addColumn('reply_workdays', 'integer')
      // When the reply is due (receipt + the category's working days); the deadline warnings claim a message by these two.
      .addColumn('due_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('warned_at', 'varchar(19)', notNullDefault(''))
      .addColumn('escalated_at', 'varchar(19)', notNullDefault(''))
      .addColumn('published', 'integer', notNullDefault(0))
      .addColumn('public_title', 'varchar(100)', notNullDefault(''))
      .addColumn('rating', 'integer', notNullDefault(0))
      .addColumn('rated_at', 'varchar(19)', notNullDefault(''))
      // The suggestion box's 已读 (MarkProposeRead); '' unread.
      .addColumn('read_at', 'varchar(19)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    // The queue newest first (and the statistics by month); a department's queue; the published list.
    await db.schema.createIndex('messages_time').on('messages').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('messages_department').on('messages').columns(['department_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('messages_published').on('messages').columns(['published', 'replied_at', 'id']).execute();
    // Answers by month for the statistics; the open ones by due time for the deadline job.
    await db.schema.createIndex('messages_replied').on('messages').columns(['replied_at']).execute();
    await db.schema.createIndex('messages_due').on('messages').columns(['state', 'due_at']).execute();
    // The per-address limits count an address's recent rows; a member's own list.
    await db.schema.createIndex('messages_ip').on('messages').columns(['ip', 'created_at']).execute();
    await db.schema.createIndex('messages_member').on('messages').columns(['member_id', 'id']).execute();
    // The suggestion box's list reads its own rows in order.
    await db.schema.createIndex('messages_origin').on('messages').columns(['origin', 'created_at', 'id']).execute();

    await withId(engine, db.schema.createTable('message_notes'))
      .addColumn('message_id', 'integer', (c) => c.notNull())
      // note 内部备注, assign, transfer, decline, reply, publish, withdraw, warn, escalate.
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('text', 'varchar(1000)', notNullDefault(''))
      .addColumn('admin_id', 'integer')
      .addColumn('admin_account', 'varchar(64)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('message_notes_message').on('message_notes').columns(['message_id', 'id']).execute();

    await moveProposals(db, engine);
  },
});

/**
 * The suggestion box's rows become messages of 建议 under their own ids, already past due when
 * old (they were never answered): their due time is their receipt plus seven days, a stand-in
 * for five working days that the calendar cannot give inside a migration.
 */
async function moveProposals(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const due = engine === 'postgres' ? sql`to_char(created_at::timestamp + interval '7 days', 'YYYY-MM-DD HH24:MI:SS')` : sql`datetime(created_at, '+7 days')`;
  const code =
    engine === 'postgres' ? sql`'P' || upper(substr(md5(random()::text || id::text), 1, 19))` : sql`'P' || upper(substr(hex(randomblob(10)), 1, 19))`;
  await sql`INSERT INTO messages (id, query_code, category_id, origin, subject, content, phone, ip, state, due_at, read_at, created_at, updated_at)
    SELECT id, ${code}, (SELECT id FROM message_categories WHERE name = '建议'), 'propose', substr(content, 1, 30), content, mobile, ip, 0, ${due}, read_at, created_at, created_at
    FROM proposals`.execute(db);
  if (engine === 'postgres')
    await sql`SELECT setval(pg_get_serial_sequence('messages', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM messages), false)`.execute(db);
  await db.schema.dropTable('proposals').execute();
}
