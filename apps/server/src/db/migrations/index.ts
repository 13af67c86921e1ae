import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { Engine } from '../connection.js';
import { content } from './001-content.js';

/** A migration that may need to know the engine (serial vs autoincrement, FTS vs trigram). */
export type EngineMigration = (engine: Engine) => Migration;

/** Ordered by name; add new files at the end and never edit a migration that has shipped. */
const all: Record<string, EngineMigration> = {
  '001-content': content,
};

export function migrationProvider(engine: Engine): MigrationProvider {
  return {
    async getMigrations() {
      return Object.fromEntries(Object.entries(all).map(([name, m]) => [name, m(engine)]));
    },
  };
}

export type AnyDb = Kysely<unknown>;
