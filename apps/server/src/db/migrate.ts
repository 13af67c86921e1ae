import { Migrator, sql } from 'kysely';
import type { Database } from './connection.js';
import { migrationProvider } from './migrations/index.js';

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrate({ db, engine }: Database): Promise<void> {
  // Unless told the schema, Kysely looks for its bookkeeping tables in every schema; on a
  // PostgreSQL database shared by several schemas (one per test suite) it finds another's.
  const migrationTableSchema =
    engine === 'postgres' ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db, provider: migrationProvider(engine), migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
}
