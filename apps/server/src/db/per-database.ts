import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * A value read (or made) once per database handle and then kept: a key the site keeps in its
 * database (certificates' signing key, preview links' key). A failed read (the database away)
 * is not kept, so the next call tries again.
 */
export function oncePerDatabase<T, A extends unknown[]>(load: (db: Kysely<DB>, ...args: A) => Promise<T>): (db: Kysely<DB>, ...args: A) => Promise<T> {
  const kept = new WeakMap<Kysely<DB>, Promise<T>>();
  return (db, ...args) => {
    let value = kept.get(db);
    if (!value) {
      value = load(db, ...args);
      value.catch(() => kept.delete(db));
      kept.set(db, value);
    }
    return value;
  };
}
