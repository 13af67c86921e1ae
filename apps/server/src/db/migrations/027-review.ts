import type { Kysely } from 'kysely';
import { notNullDefault, withId } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * The review chain (三审) and its approval record (features/review/): each menu's own review
 * steps, the reviews of articles submitted in a menu with a chain, every decision taken on
 * them, and the back office's in-app notices that tell an admin a review waits for them.
 */
export const review: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('menu_review_steps'))
      .addColumn('menu_id', 'integer', (c) => c.notNull())
      // 1-based, in the chain's order.
      .addColumn('step_no', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(20)', (c) => c.notNull())
      // The roles that decide the step: a JSON array of ids.
      .addColumn('role_ids', 'text', (c) => c.notNull())
      .addColumn('no_self_review', 'integer', notNullDefault(0))
      .execute();
    await db.schema.createIndex('menu_review_steps_menu').on('menu_review_steps').columns(['menu_id', 'step_no']).unique().execute();

    // No foreign key to news: the record outlives a deleted article.
    await withId(engine, db.schema.createTable('news_reviews'))
      .addColumn('news_id', 'integer', (c) => c.notNull())
      // ReviewKind: 1 新稿, 2 修改稿, 3 会员投稿.
      .addColumn('kind', 'integer', (c) => c.notNull())
      // ReviewState: 1 审核中, 2 已通过, 3 已驳回, 4 已撤回.
      .addColumn('state', 'integer', (c) => c.notNull())
      // The current step (the last one decided once it is over).
      .addColumn('step_no', 'integer', (c) => c.notNull())
      // The chain as it stood at submission, JSON [{ Name, RoleIds, NoSelfReview }]: a later change of the menu's steps does not move it.
      .addColumn('steps', 'text', (c) => c.notNull())
      // The current step's roles as ',3,5,' and its no-self-review flag: the 待我审核 queue reads these rather than parse the JSON.
      .addColumn('step_roles', 'varchar(200)', notNullDefault(''))
      .addColumn('step_no_self', 'integer', notNullDefault(0))
      // Who submitted: an admin, or the contributing member; author_name is the account or company as it was then.
      .addColumn('author_admin_id', 'integer')
      .addColumn('author_member_id', 'integer')
      .addColumn('author_name', 'varchar(200)', notNullDefault(''))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('menu_id', 'integer', (c) => c.notNull())
      // The version under review, JSON of the article's columns: what the reviewers read and, for an edit of a published article, what approval applies.
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'varchar(19)', (c) => c.notNull())
      // When it was approved, rejected or withdrawn; '' while pending.
      .addColumn('decided_at', 'varchar(19)', notNullDefault(''))
      .execute();
    // The queues (pending first, in order of submission), an article's reviews, and the records by menu.
    await db.schema.createIndex('news_reviews_state').on('news_reviews').columns(['state', 'submitted_at', 'id']).execute();
    await db.schema.createIndex('news_reviews_news').on('news_reviews').columns(['news_id', 'state']).execute();
    await db.schema.createIndex('news_reviews_menu').on('news_reviews').columns(['menu_id', 'id']).execute();

    await withId(engine, db.schema.createTable('news_review_decisions'))
      .addColumn('review_id', 'integer', (c) => c.notNull())
      .addColumn('step_no', 'integer', (c) => c.notNull())
      .addColumn('step_name', 'varchar(20)', (c) => c.notNull())
      // StepDecision: 1 通过, 2 驳回.
      .addColumn('decision', 'integer', (c) => c.notNull())
      .addColumn('opinion', 'varchar(500)', notNullDefault(''))
      // The reviewer as they were then (an API token has no admin id).
      .addColumn('admin_id', 'integer')
      .addColumn('admin_account', 'varchar(64)', notNullDefault(''))
      .addColumn('admin_name', 'varchar(64)', notNullDefault(''))
      // A super administrator's reason for deciding outside the step's rules; '' for none.
      .addColumn('override_reason', 'varchar(200)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('news_review_decisions_review').on('news_review_decisions').columns(['review_id', 'id']).execute();

    await withId(engine, db.schema.createTable('admin_notices'))
      .addColumn('admin_id', 'integer', (c) => c.notNull())
      .addColumn('text', 'varchar(300)', (c) => c.notNull())
      .addColumn('link', 'varchar(300)', notNullDefault(''))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      // '' while unread.
      .addColumn('read_at', 'varchar(19)', notNullDefault(''))
      .execute();
    // An admin's notices newest first (and their unread count, among them).
    await db.schema.createIndex('admin_notices_admin').on('admin_notices').columns(['admin_id', 'id']).execute();
  },
});
