import { Migrator } from 'kysely';
import type { Database } from './connection.js';
import { migrationProvider } from './migrations/index.js';

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrate({ db, engine, idNumbers }: Database): Promise<void> {
  // Its bookkeeping tables are found in the connection's own schema on PostgreSQL: the
  // introspector reads no other (own-schema.ts).
  const migrator = new Migrator({ db, provider: migrationProvider(engine, { idNumbers }) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
}
