import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';
import { notNullDefault, withId } from './helpers.js';

/**
 * 会员通知 (features/mailings): templates, mailings with their segment, one row per mailing and
 * member (materialised once when the mailing goes out), and members' opt-outs per category.
 *
 * The outbox learns an HTML part and extra headers (List-Unsubscribe of RFC 8058, a Message-ID):
 * both default to nothing, so every other mail is sent as before.
 */
export const mailings: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('mail_outbox').addColumn('html', 'text', notNullDefault('')).execute();
    // JSON object of header name → value; '{}' none.
    await db.schema.alterTable('mail_outbox').addColumn('headers', 'text', notNullDefault('{}')).execute();

    await withId(engine, db.schema.createTable('mail_templates'))
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      // notice 通知公告, activity 活动, dues 会费, survey 调查.
      .addColumn('category', 'varchar(10)', (c) => c.notNull())
      .addColumn('subject', 'varchar(150)', (c) => c.notNull())
      // Sanitised HTML with {{变量}}.
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();

    await withId(engine, db.schema.createTable('mailings'))
      .addColumn('category', 'varchar(10)', (c) => c.notNull())
      .addColumn('template_id', 'integer', notNullDefault(0))
      .addColumn('subject', 'varchar(150)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      // MailingSegment as JSON (PascalCase, as the call takes it).
      .addColumn('segment', 'text', (c) => c.notNull())
      // Comma list: email, site.
      .addColumn('channels', 'varchar(20)', (c) => c.notNull())
      // draft, scheduled, sent; the send claims the row by this column.
      .addColumn('state', 'varchar(10)', (c) => c.notNull())
      .addColumn('scheduled_at', 'varchar(19)', notNullDefault(''))
      .addColumn('sent_at', 'varchar(19)', notNullDefault(''))
      // The public site's address when sent: the job that renders the mails has no request.
      .addColumn('base_url', 'varchar(200)', notNullDefault(''))
      .addColumn('created_by', 'varchar(64)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    // The scheduled ones by time (the job); the list newest first.
    await db.schema.createIndex('mailings_due').on('mailings').columns(['state', 'scheduled_at']).execute();

    await withId(engine, db.schema.createTable('mailing_recipients'))
      .addColumn('mailing_id', 'integer', (c) => c.notNull())
      .addColumn('member_id', 'integer', (c) => c.notNull())
      // The address when materialised ('' when only the site channel reaches the member).
      .addColumn('email', 'varchar(100)', notNullDefault(''))
      // When handed to the outbox ('' waiting); the dispatch job claims a row by it.
      .addColumn('handed_at', 'varchar(19)', notNullDefault(''))
      .addColumn('mail_id', 'integer')
      .execute();
    await db.schema.createIndex('mailing_recipients_once').unique().on('mailing_recipients').columns(['mailing_id', 'member_id']).execute();
    // The job's waiting rows, the throttle's count of the last minute, a member's history.
    await db.schema.createIndex('mailing_recipients_handed').on('mailing_recipients').columns(['handed_at', 'id']).execute();
    await db.schema.createIndex('mailing_recipients_member').on('mailing_recipients').columns(['member_id', 'mailing_id']).execute();

    await db.schema
      .createTable('mail_opt_outs')
      .addColumn('member_id', 'integer', (c) => c.notNull())
      .addColumn('category', 'varchar(10)', (c) => c.notNull())
      // unsubscribe (the mail's link) or preferences (the member area).
      .addColumn('source', 'varchar(12)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addPrimaryKeyConstraint('mail_opt_outs_pk', ['member_id', 'category'])
      .execute();
  },
});
