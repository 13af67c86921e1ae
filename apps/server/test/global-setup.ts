import pg from 'pg';

/**
 * Drops the PostgreSQL schemas of API test suites (`t_` + 12 hex digits) before and after the
 * run. Suites do not drop their own: a DROP SCHEMA while another suite's migrator reads the
 * catalogue makes that migration fail with "schema … does not exist".
 */
async function dropTestSchemas(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname ~ '^t_[0-9a-f]{12}$'`);
    for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS ${nspname} CASCADE`);
  } finally {
    await client.end();
  }
}

export const setup = dropTestSchemas;
export const teardown = dropTestSchemas;
