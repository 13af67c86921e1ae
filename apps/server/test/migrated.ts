import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { connect, type Database, type Engine } from '../src/db/connection.js';
import { migrationProvider } from '../src/db/migrations/index.js';
import { testSchemaName } from './schemas.js';

/** A fresh database (SQLite file or PostgreSQL schema) migrated up to `migration` only, to test upgrading a site. */
export async function databaseAt(engine: Engine, migration: string): Promise<{ database: Database; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migration-'));
  const database = await connect({
    dataDir,
    databaseUrl: engine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
    databaseSchema: engine === 'postgres' ? testSchemaName() : undefined,
  });
  const result = await new Migrator({ db: database.db, provider: migrationProvider(engine, database) }).migrateTo(migration);
  if (result.error) throw result.error;
  return {
    database,
    async close() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
