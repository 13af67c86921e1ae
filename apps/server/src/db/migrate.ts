import { Migrator } from 'kysely';
import type { Database } from './connection.js';
import { migrationProvider } from './migrations/index.js';

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrate({ db, engine }: Database): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(engine) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
}
