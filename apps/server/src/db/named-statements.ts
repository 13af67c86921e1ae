import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/**
 * The hot reads (compiledRead, db/compiled.ts) run on PostgreSQL as named prepared statements.
 *
 * node-postgres sends every query as an unnamed statement, which PostgreSQL parses, analyses
 * and plans again each time. The hot reads have a fixed SQL text, so they can be prepared once
 * per connection and executed from then on; PostgreSQL keeps a generic plan once it costs no
 * more than planning anew (plan_cache_mode auto). Reading the ten articles of a list page by
 * id took 370-470 µs a round trip unnamed, 210-260 µs named (loopback, 100,000 articles).
 *
 * A statement's name is given by its text, the same on every connection; node-postgres
 * prepares it on a connection the first time that connection runs it. Other queries (writes,
 * the back office, searches) stay unnamed: their texts vary.
 *
 * Behind PgBouncer in transaction mode, named statements need its max_prepared_statements
 * (1.21 or later). A statement whose result columns a migration changed on a running server
 * fails with "cached plan must not change result type": that connection then runs unnamed.
 */
const names = new Map<string, string>();

/** Marks a SQL text as a hot read's, to be run as a named statement on PostgreSQL. */
export function nameStatement(sql: string): void {
  if (!names.has(sql)) names.set(sql, `portal_read_${names.size + 1}`);
}

/** PostgreSQL's code for a prepared statement whose plan now returns other columns. */
const RESULT_TYPE_CHANGED = '0A000';

/** A pg pool for Kysely whose connections run the named texts as prepared statements. */
export function withNamedStatements(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  // Connections that met a statement prepared before a migration: they run everything unnamed.
  const unnamed = new WeakSet<pg.PoolClient>();
  const query = (client: pg.PoolClient, text: string, values: unknown[]) => {
    const name = unnamed.has(client) ? undefined : names.get(text);
    if (!name) return client.query(text, values);
    return client.query({ name, text, values }).catch((error: unknown) => {
      if ((error as { code?: string }).code !== RESULT_TYPE_CHANGED) throw error;
      unnamed.add(client);
      return client.query(text, values);
    });
  };
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    // Kysely passes SQL and parameters, or a cursor (streamed reads), which goes through as it is.
    query: ((sqlOrCursor: unknown, parameters?: readonly unknown[]) =>
      typeof sqlOrCursor === 'string'
        ? query(client, sqlOrCursor, parameters as unknown[])
        : client.query(sqlOrCursor as never)) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    connect: async () => {
      const client = await pool.connect();
      let own = wrapped.get(client);
      if (!own) wrapped.set(client, (own = wrap(client)));
      return own;
    },
    end: () => pool.end(),
  };
}
