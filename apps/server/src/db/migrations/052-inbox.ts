import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';
import { notNullDefault, withId } from './helpers.js';

/**
 * 站内信 (features/inbox): one row per member and message, as a mailing delivers it, with the
 * member's read time. A row per member (not a message and its recipients): each member reads
 * their own copy, so the header's unread count is one member's rows alone, by index.
 */
export const inbox: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('inbox_messages'))
      .addColumn('member_id', 'integer', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      // Sanitised when delivered (content/sanitize.ts), drawn as it is.
      .addColumn('html', 'text', (c) => c.notNull())
      // 通知公告, 活动, 会费 or 调查 (inboxCategories).
      .addColumn('category', 'varchar(10)', (c) => c.notNull())
      // The mailing that sent it (features/mailings), null for one sent otherwise.
      .addColumn('mailing_id', 'integer')
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      // '' while unread.
      .addColumn('read_at', 'varchar(19)', notNullDefault(''))
      .execute();
    // A member's messages newest first; their unread count and unread list (read_at = '').
    await db.schema.createIndex('inbox_messages_member').on('inbox_messages').columns(['member_id', 'id']).execute();
    await db.schema.createIndex('inbox_messages_unread').on('inbox_messages').columns(['member_id', 'read_at', 'id']).execute();
    // A mailing's delivered and read counts.
    await db.schema.createIndex('inbox_messages_mailing').on('inbox_messages').columns(['mailing_id', 'read_at']).execute();
  },
});
