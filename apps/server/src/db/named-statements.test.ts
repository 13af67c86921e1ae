import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSchemaName } from '../../test/schemas.js';
import { nameStatement, withNamedStatements } from './named-statements.js';

describe.runIf(process.env.TEST_DATABASE_URL)('named statements on postgres', () => {
  const schema = testSchemaName();
  // One connection, so every query meets the statements the ones before it prepared.
  const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1, options: `-c search_path=${schema}` });
  const db = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
  const run = async <R>(text: string, ...parameters: unknown[]) => (await db.executeQuery<R>(CompiledQuery.raw(text, parameters))).rows;
  const prepared = async () => (await run<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).map((r) => r.statement);
  const hot = `SELECT title, sort_number FROM links_${schema} WHERE sort_number >= $1 ORDER BY sort_number`;

  beforeAll(async () => {
    await run(`CREATE SCHEMA ${schema}`);
    await run(`CREATE TABLE links_${schema} (title text NOT NULL, sort_number integer NOT NULL)`);
    await run(`INSERT INTO links_${schema} VALUES ('住房和城乡建设部', 1), ('中国银保监会', 2)`);
  });
  // The schema is left to the run's teardown (test/global-setup.ts): a DROP SCHEMA while another
  // suite's migrator reads the catalogue fails that migration ("schema … does not exist").
  afterAll(() => db.destroy());

  it('prepares a named text once per connection and leaves other texts unnamed', async () => {
    nameStatement(hot);
    expect(await run(hot, 2)).toEqual([{ title: '中国银保监会', sort_number: 2 }]);
    expect(await run(hot, 1)).toHaveLength(2);
    const statements = await prepared();
    expect(statements).toEqual([hot]);
    await run(`SELECT title FROM links_${schema} WHERE sort_number = $1`, 1);
    expect(await prepared()).toEqual([hot]);
  });

  it('runs unnamed on a connection whose prepared statement a migration changed', async () => {
    nameStatement(hot);
    expect(await run(hot, 1)).toHaveLength(2);
    // A column's type changes under the prepared statement (a migration on another instance).
    await run(`ALTER TABLE links_${schema} ALTER COLUMN sort_number TYPE bigint`);
    // PostgreSQL refuses the old statement ("cached plan must not change result type"); the read still answers.
    expect((await run<{ title: string }>(hot, 2)).map((r) => r.title)).toEqual(['中国银保监会']);
    expect(await run(hot, 1)).toHaveLength(2);
  });
});
