import { sql, type Kysely } from 'kysely';
import { notNullDefault } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * Each revision's number among its article's revisions (1, 2, 3 …; features/articles/revisions.ts).
 * 历史版本 showed the article's version, which every write raises (the publishing clock, review
 * decisions), so the listed numbers skipped. Existing revisions are numbered in the order they
 * were saved.
 */
export const revisionNumbers: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('news_revisions').addColumn('number', 'integer', notNullDefault(0)).execute();
    await sql`UPDATE news_revisions SET number = (SELECT COUNT(*) FROM news_revisions earlier WHERE earlier.news_id = news_revisions.news_id AND earlier.id <= news_revisions.id)`.execute(
      db,
    );
  },
});
