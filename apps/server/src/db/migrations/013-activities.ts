import type { Kysely } from 'kysely';
import { notNullDefault, withId } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * Activities (features/activities): the activity, the member levels it is announced to, one
 * notice per member of its audience, and the persistent e-mail outbox the server works in the
 * background.
 */
export const activities: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('activities'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      // Sanitised rich text.
      .addColumn('description', 'text', notNullDefault(''))
      .addColumn('place', 'varchar(200)', (c) => c.notNull())
      .addColumn('start_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('end_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('sign_up_deadline', 'varchar(19)', (c) => c.notNull())
      // 0: no limit.
      .addColumn('capacity', 'integer', notNullDefault(0))
      // Kept by the sign-up transaction itself: the conditional update on it is what stops two
      // members from taking the last place.
      .addColumn('sign_up_count', 'integer', notNullDefault(0))
      // 1: every member; 0: the levels in activity_levels.
      .addColumn('audience_all', 'integer', notNullDefault(0))
      // JSON array of { Name, Path } (uploads).
      .addColumn('attachments', 'text', notNullDefault('[]'))
      // 0 草稿, 1 已发布, 2 已关闭 (ActivityStatus in @portal/shared).
      .addColumn('status', 'integer', notNullDefault(0))
      .addColumn('published_at', 'varchar(19)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('activities_start').on('activities').columns(['start_time', 'id']).execute();
    await db.schema.createIndex('activities_status').on('activities').columns(['status', 'end_time']).execute();

    await db.schema
      .createTable('activity_levels')
      .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
      .addColumn('level_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('activity_levels_pk', ['activity_id', 'level_id'])
      .execute();
    await db.schema.createIndex('activity_levels_level').on('activity_levels').columns(['level_id', 'activity_id']).execute();

    // One row per member of the audience; times are '' until they happen.
    await withId(engine, db.schema.createTable('activity_notices'))
      .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('read_at', 'varchar(19)', notNullDefault(''))
      .addColumn('reminded_at', 'varchar(19)', notNullDefault(''))
      .addColumn('signed_up_at', 'varchar(19)', notNullDefault(''))
      // The latest e-mail about this notice (mail_outbox.id), for its delivery state.
      .addColumn('mail_id', 'integer')
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('activity_notices_pair').unique().on('activity_notices').columns(['activity_id', 'member_id']).execute();
    await db.schema.createIndex('activity_notices_member').on('activity_notices').columns(['member_id', 'read_at']).execute();

    // E-mails waiting to go out, sent, or failed; a worker of the server sends them, so a slow
    // mail server never holds a request, and a restart loses nothing.
    await withId(engine, db.schema.createTable('mail_outbox'))
      .addColumn('recipient', 'varchar(200)', (c) => c.notNull())
      .addColumn('subject', 'varchar(300)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      // pending, sent, failed.
      .addColumn('state', 'varchar(10)', (c) => c.notNull())
      .addColumn('attempts', 'integer', notNullDefault(0))
      // When the next attempt is due; '' when none will be made (sent, or given up).
      .addColumn('next_attempt_at', 'varchar(19)', notNullDefault(''))
      // A worker holds the row until then while sending; a worker killed mid-send frees it by expiry.
      .addColumn('locked_until', 'varchar(19)', notNullDefault(''))
      .addColumn('last_error', 'varchar(500)', notNullDefault(''))
      .addColumn('sent_at', 'varchar(19)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['next_attempt_at', 'id']).execute();
  },
});
