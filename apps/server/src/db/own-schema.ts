import { PostgresDialect, sql, type DatabaseIntrospector, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely';

/**
 * What Kysely's migrator asks of the database, answered for the connection's own schema.
 *
 * Kysely's PostgreSQL introspector reads every column of every table in every schema of the
 * database and looks each table up by name as it goes (`pg_get_serial_sequence`). A table that
 * another schema drops or makes again meanwhile (a restore there, another site's migration, or
 * another test suite's on a shared test database) is then no longer found by the name the read
 * saw, and our migration failed with "relation … does not exist" though its own schema was fine.
 * The migrator only asks which schemas exist and which tables hold its bookkeeping, so the tables
 * are listed here for the current schema alone, from the catalogue, looked up by nothing. Their
 * columns are not listed: nothing in the product reads them.
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    return (await sql<SchemaMetadata>`SELECT nspname AS name FROM pg_catalog.pg_namespace`.execute(this.db)).rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      SELECT c.relname AS name, n.nspname AS schema, c.relkind AS kind
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'v', 'p')`.execute(this.db);
    return rows.map(({ name, schema, kind }) => ({ name, schema, isView: kind === 'v', columns: [] }));
  }

  async getMetadata(): Promise<{ tables: TableMetadata[] }> {
    return { tables: await this.getTables() };
  }
}

/** PostgreSQL as Kysely speaks it, introspected within the connection's own schema. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
