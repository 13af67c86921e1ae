import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { testSchemaName } from '../../test/schemas.js';
import { databaseAt } from '../../test/migrated.js';
import { migrate } from './migrate.js';

describe.runIf(process.env.TEST_DATABASE_URL)('migrations beside other schemas, on postgres', () => {
  // Another site's schema in the same database, with a table of the same name (left to the
  // run's teardown, test/global-setup.ts).
  const other = testSchemaName();
  beforeAll(async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${other}; CREATE TABLE ${other}.news (id serial PRIMARY KEY, title text)`);
    await client.end();
  });

  it('migrates reading its own schema alone', async () => {
    // Kysely's own introspector read every table of every schema and looked each up by name, so a
    // table dropped or made again meanwhile in another (a restore there) failed the migration with
    // "relation … does not exist". Reading none but its own, a migration cannot meet them.
    const site = await databaseAt('postgres', '001-content');
    try {
      await migrate(site.database);
      const tables = await site.database.db.introspection.getTables();
      const { schema } = (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(site.database.db)).rows[0]!;
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([schema]));
      expect(tables.filter((t) => t.name === 'news')).toHaveLength(1);
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'news', 'menus']));
    } finally {
      await site.close();
    }
  });
});
