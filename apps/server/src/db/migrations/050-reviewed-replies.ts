import type { Kysely } from 'kysely';
import { notNullDefault } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * Replies to 在线留言 messages reviewed by the review chain (三审, features/review): a review of
 * kind 4 (留言答复) names its message in subject_id and has news_id 0, so no article's withdrawal,
 * pending review or 修改待审 mark ever meets it; articles' reviews keep subject_id 0.
 */
export const reviewedReplies: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('news_reviews').addColumn('subject_id', 'integer', notNullDefault(0)).execute();
    // A message's pending reply, found on every reply and in its detail.
    await db.schema.createIndex('news_reviews_subject').on('news_reviews').columns(['subject_id', 'kind', 'state']).execute();
  },
});
