import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';

/**
 * Several worker processes on one machine (WEB_CONCURRENCY, main.ts) serve one SQLite file:
 * their rate-limit counters must be shared as 016 made them on PostgreSQL, or N workers allow
 * N times every limit. The same table on SQLite; PostgreSQL has it already.
 */
export const clusterWorkers: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    if (engine !== 'sqlite') return;
    await db.schema
      .createTable('rate_limit_counters')
      // Limiter, route and client address.
      .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      // Epoch milliseconds at which the window ends and the count starts again.
      .addColumn('resets_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limit_counters_resets_at').on('rate_limit_counters').column('resets_at').execute();
  },
});
