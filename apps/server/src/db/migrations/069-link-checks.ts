import { sql, type Kysely } from 'kysely';
import type { EngineMigration } from './index.js';
import { withId } from './helpers.js';

/**
 * 链接检查 (features/inspection/links.ts): the runs of the link checker, and what each found. A
 * finding names the article it was found in and the editor who saved it last, as they were at the
 * run (the article may be deleted since); `handled` is the office's verdict on it (open, fixed,
 * ignored with a reason), which the health report reads.
 */
export const linkChecks: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('link_check_runs'))
      .addColumn('started_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('finished_at', 'varchar(19)', (c) => c.notNull().defaultTo(''))
      // The run's last sign of life: a running run silent for long died with its process.
      .addColumn('beat_at', 'varchar(19)', (c) => c.notNull())
      // running, done, failed.
      .addColumn('state', 'varchar(8)', (c) => c.notNull())
      // manual (StartLinkCheck) or scheduled (LINK_CHECK_DAYS).
      .addColumn('origin', 'varchar(9)', (c) => c.notNull())
      .addColumn('admin_account', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('pages', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('links', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('broken', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .execute();
    // One run at a time, whichever process starts it: a second running row is refused.
    await db.schema
      .createIndex('link_check_runs_one_running')
      .on('link_check_runs')
      .column('state')
      .unique()
      .where(sql.ref('state'), '=', sql.lit('running'))
      .execute();

    await withId(engine, db.schema.createTable('link_findings'))
      .addColumn('run_id', 'integer', (c) => c.notNull().references('link_check_runs.id').onDelete('cascade'))
      // internal, file, image, external.
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('url', 'varchar(2000)', (c) => c.notNull())
      // The HTTP status answered; 0 when there was none (timeout, unreachable, a missing file).
      .addColumn('status', 'integer', (c) => c.notNull())
      // 404, 4xx, 5xx, timeout, unreachable, redirect-offsite, redirect-loop, too-many-redirects, missing, not-found.
      .addColumn('problem', 'varchar(24)', (c) => c.notNull())
      .addColumn('detail', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('news_id', 'integer', (c) => c.notNull())
      .addColumn('news_title', 'varchar(200)', (c) => c.notNull())
      .addColumn('menu_id', 'integer', (c) => c.notNull())
      .addColumn('menu_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('editor_account', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('editor_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      // open, fixed, ignored.
      .addColumn('handled', 'varchar(8)', (c) => c.notNull().defaultTo('open'))
      .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('handled_by', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('handled_at', 'varchar(19)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('link_findings_run').on('link_findings').columns(['run_id', 'handled', 'kind']).execute();
  },
});
