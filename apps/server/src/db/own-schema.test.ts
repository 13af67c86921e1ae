import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSchemaName } from '../../test/schemas.js';
import { databaseAt } from '../../test/migrated.js';
import { migrate } from './migrate.js';

describe.runIf(process.env.TEST_DATABASE_URL)('migrations beside another schema that changes, on postgres', () => {
  // Another schema of the same database whose `news` is dropped and made again, over and over,
  // as a restore there does (cli/restore.ts: pg_restore --clean).
  const other = testSchemaName();
  const churn = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  let churning: Promise<void> | undefined;
  let stop = false;

  beforeAll(async () => {
    await churn.connect();
    await churn.query(`CREATE SCHEMA ${other}; CREATE TABLE ${other}.news (id serial PRIMARY KEY, title text)`);
    churning = (async () => {
      while (!stop) await churn.query(`BEGIN; DROP TABLE ${other}.news; CREATE TABLE ${other}.news (id serial PRIMARY KEY, title text); COMMIT`);
    })();
  });
  // The schema is left to the run's teardown (test/global-setup.ts).
  afterAll(async () => {
    stop = true;
    await churning;
    await churn.end();
  });

  it("migrates and reads its own tables, and only those, while the other's are dropped and made again", async () => {
    // Kysely's own introspector read every schema, this one among them, and failed about one read
    // in twenty while the other's tables changed ("relation … does not exist", "column … of
    // relation … does not exist").
    const site = await databaseAt('postgres', '001-content');
    try {
      await migrate(site.database);
      for (let i = 0; i < 100; i++) {
        const tables = await site.database.db.introspection.getTables();
        expect(new Set(tables.map((t) => t.schema)).size).toBe(1);
        expect(tables.map((t) => t.name)).toContain('news');
      }
    } finally {
      await site.close();
    }
  });
});
