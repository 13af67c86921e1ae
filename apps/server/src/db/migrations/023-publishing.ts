import { sql, type Kysely } from 'kysely';
import { notNullDefault } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * Scheduled publishing (issue: publishing as an association's office works). An article saved
 * 正常 with a publish time still to come waits as status 4 (待发布) and the server publishes it
 * at that time (features/news/schedule.ts); one with a take-down time (定时下线) is closed then.
 */
export const publishing: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    // '' for never; otherwise 'yyyy-MM-dd HH:mm:ss' in China time, as every time column.
    await db.schema.alterTable('news').addColumn('offline_at', 'varchar(19)', notNullDefault('')).execute();
    // The clock asks every few seconds for published articles whose take-down time has come:
    // only those with a time are in this index. (Due 待发布 ones come from news_status_time.)
    await sql`CREATE INDEX news_offline ON news (offline_at) WHERE offline_at <> ''`.execute(db);
  },
});
