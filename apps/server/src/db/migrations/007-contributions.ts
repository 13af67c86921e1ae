import { sql, type Kysely } from 'kysely';
import { notNullDefault, withId } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * Member contributions. Which menus take them is a menu setting (栏目管理), on by default for
 * 在线投稿 under 协会期刊 (spec §5). Every submission and review decision is kept, so the review
 * page reads as a timeline and a resubmission keeps the history.
 */
export const contributions: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('menus').addColumn('accepts_contributions', 'integer', notNullDefault(0)).execute();
    await sql`
      UPDATE menus SET accepts_contributions = 1
      WHERE name = '在线投稿' AND parent_id IN (SELECT id FROM menus WHERE name = '协会期刊')
    `.execute(db);

    await withId(engine, db.schema.createTable('contribution_reviews'))
      .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
      .addColumn('member_id', 'integer', (c) => c.notNull())
      .addColumn('decision', 'integer', (c) => c.notNull())
      .addColumn('reason', 'varchar(500)', notNullDefault(''))
      .addColumn('admin_id', 'integer')
      .addColumn('admin_account', 'varchar(64)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('contribution_reviews_news').on('contribution_reviews').columns(['news_id', 'id']).execute();
    // The per-member submission limit counts a member's recent submissions.
    await db.schema.createIndex('contribution_reviews_member').on('contribution_reviews').columns(['member_id', 'decision', 'created_at']).execute();
    // The review queue: contributions by status, newest first.
    await db.schema.createIndex('news_contributions').on('news').columns(['status', 'member_id', 'updated_at']).execute();
  },
});
