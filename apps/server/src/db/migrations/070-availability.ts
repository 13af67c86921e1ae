import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';
import { withId } from './helpers.js';

/**
 * 可用性监测 (features/inspection/availability.ts): each probe of the site's own pages over HTTP,
 * kept 90 days (the job deletes older ones); the page reads them by time.
 */
export const availability: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('availability_probes'))
      // China time, yyyy-MM-dd HH:mm:ss.
      .addColumn('at', 'varchar(19)', (c) => c.notNull())
      // The page probed, as its path on the site: /home, or a list page's /menuList?….
      .addColumn('target', 'varchar(200)', (c) => c.notNull())
      // 'local' (the server's own listening address) or 'public' (PUBLIC_BASE_URL).
      .addColumn('via', 'varchar(8)', (c) => c.notNull())
      .addColumn('ok', 'integer', (c) => c.notNull())
      // The HTTP status; 0 when none came (timeout, refused).
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ms', 'integer', (c) => c.notNull())
      // Why it failed; '' when ok.
      .addColumn('problem', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('availability_probes_at').on('availability_probes').column('at').execute();
  },
});
