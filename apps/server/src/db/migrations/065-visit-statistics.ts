import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';
import { withId } from './helpers.js';

/**
 * 访问统计 (features/statistics): raw hits, kept STATS_RAW_DAYS, rolled up into per-day and
 * per-hour tables the dashboard reads; the day's salt of the visitor hash, deleted once the day
 * is over; which days are rolled up for good.
 */
export const visitStatistics: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('stat_hits'))
      // China time.
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('hour', 'integer', (c) => c.notNull())
      .addColumn('path', 'varchar(500)', (c) => c.notNull())
      .addColumn('article_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('menu_id', 'integer', (c) => c.notNull().defaultTo(0))
      // search, social, external, direct, internal (features/statistics/referrers.ts).
      .addColumn('referrer_kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('referrer_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('keyword', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      // Articles the keyword found; -1 not known.
      .addColumn('results', 'integer', (c) => c.notNull().defaultTo(-1))
      .addColumn('device', 'varchar(8)', (c) => c.notNull())
      .addColumn('browser', 'varchar(16)', (c) => c.notNull())
      .addColumn('province', 'varchar(16)', (c) => c.notNull())
      // A hash of the day's salt, the address and the user agent: one visitor for one day only.
      .addColumn('visitor', 'varchar(32)', (c) => c.notNull())
      // The robot's name; '' a person.
      .addColumn('bot', 'varchar(16)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('stat_hits_day').on('stat_hits').columns(['day', 'hour']).execute();

    await db.schema
      .createTable('stat_daily')
      // all, page, article, menu, referrer, keyword, device, browser, province, bot.
      .addColumn('dim', 'varchar(10)', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('key', 'varchar(500)', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull())
      .addColumn('visitors', 'integer', (c) => c.notNull())
      // A keyword's articles found (-1 not known); 0 otherwise.
      .addColumn('results', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('stat_daily_pk', ['dim', 'day', 'key'])
      .execute();
    await db.schema
      .createTable('stat_hourly')
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('hour', 'integer', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull())
      .addColumn('visitors', 'integer', (c) => c.notNull())
      .addColumn('bot_views', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('stat_hourly_pk', ['day', 'hour'])
      .execute();
    await db.schema
      .createTable('stat_salts')
      .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
      .addColumn('salt', 'varchar(64)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('stat_rollups')
      .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
      .addColumn('rolled_at', 'varchar(19)', (c) => c.notNull())
      // 1 once rolled after the day was over: its figures will not change.
      .addColumn('final', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
});
