import type { Kysely } from 'kysely';
import { notNullDefault, withId } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * Article revisions and optimistic concurrency (features/articles/revisions.ts): every save of an
 * article keeps a copy of what it stored, and each article carries a version number that every
 * write raises, so a save made from a stale copy is refused instead of silently undoing
 * another editor's work.
 */
export const revisions: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    // Existing articles start at 1; their history begins with their next save.
    await db.schema.alterTable('news').addColumn('version', 'integer', notNullDefault(1)).execute();
    // No foreign key to news: revisions outlive a deleted article (the audit trail).
    await withId(engine, db.schema.createTable('news_revisions'))
      .addColumn('news_id', 'integer', (c) => c.notNull())
      // The article's version this save produced.
      .addColumn('version', 'integer', (c) => c.notNull())
      // RevisionKind: 新建, 修改, 会员投稿, 审核修改, 恢复.
      .addColumn('kind', 'integer', (c) => c.notNull())
      // The fields this save changed ('标题、正文'); '' for a new article.
      .addColumn('summary', 'varchar(200)', notNullDefault(''))
      // A restore: the revision it brought back.
      .addColumn('restored_from', 'integer')
      // Who: an admin (id, account) or a member (id, company name); the names as they were then.
      .addColumn('admin_id', 'integer')
      .addColumn('admin_account', 'varchar(64)', notNullDefault(''))
      .addColumn('member_id', 'integer')
      .addColumn('member_name', 'varchar(200)', notNullDefault(''))
      // What: the article's fields as stored (the body sanitised).
      .addColumn('menu_id', 'integer', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('content', 'text', notNullDefault(''))
      .addColumn('image_url', 'varchar(500)', notNullDefault(''))
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('is_top', 'integer', notNullDefault(0))
      .addColumn('is_member_read', 'integer', notNullDefault(0))
      .addColumn('author', 'varchar(100)', notNullDefault(''))
      .addColumn('news_create_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('offline_at', 'varchar(19)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    // An article's history newest first, and the pruning of its oldest.
    await db.schema.createIndex('news_revisions_news').on('news_revisions').columns(['news_id', 'id']).execute();
  },
});
