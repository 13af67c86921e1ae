import type { Config } from '../config.js';
import { connect, type Database } from '../db/connection.js';
import { migrate } from '../db/migrate.js';

/**
 * The database of the configuration, migrated (a command may run before the server ever
 * started on it), open for the duration of `work` and closed afterwards.
 */
export async function withDatabase<T>(config: Config, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await connect(config);
  try {
    await migrate(database);
    await database.idNumbers.check(database.db);
    return await work(database);
  } finally {
    await database.close();
  }
}
