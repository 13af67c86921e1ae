import type { CompiledQuery } from 'kysely';
import type { Database } from './connection.js';

/**
 * The rows of a read that takes long (a roll-up grouping a day's page views): on SQLite on the
 * read worker's thread (off-loop-reads.ts), since better-sqlite3 would hold the event loop for
 * all of it; PostgreSQL works on its own server and answers asynchronously anyway.
 */
export async function longRead<Row>(database: Database, query: CompiledQuery<Row>): Promise<Row[]> {
  if (database.offLoopReads) return database.offLoopReads.all<Row>(query.sql, query.parameters);
  return (await database.db.executeQuery(query)).rows;
}
