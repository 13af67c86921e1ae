import type { Database } from '../db/connection.js';
import { onContentChange, type ContentArea } from './generations.js';

/**
 * Results kept in memory per database for a short time: the menus, article counts, search
 * matches. SQLite answers on the event loop, so a count over 100,000 articles or a keyword
 * scan holds up every other request, and under load the same few lists are asked for again
 * and again. A memo built from content areas is dropped whenever one of them changes, by a
 * write here or on another instance (cache/generations.ts); one without areas expires after
 * maxAgeMs. Beyond maxEntries the least recently used goes. Concurrent callers share one
 * computation, and a failed one is not kept.
 */
export class Memo<T> {
  private readonly stores = new WeakMap<Database, Map<string, { at: number; value: Promise<T> }>>();

  constructor(private readonly limits: { maxAgeMs?: number; maxEntries: number; areas?: readonly ContentArea[] }) {
    for (const area of limits.areas ?? []) onContentChange(area, (database) => this.clear(database));
  }

  get(database: Database, key: string, compute: () => Promise<T>): Promise<T> {
    let store = this.stores.get(database);
    if (!store) this.stores.set(database, (store = new Map()));
    const hit = store.get(key);
    // Deleting and setting again moves a key to the end: the first key is the least recently used.
    store.delete(key);
    if (hit && Date.now() - hit.at < (this.limits.maxAgeMs ?? Infinity)) {
      store.set(key, hit);
      return hit.value;
    }
    const value = compute();
    const entries = store;
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    store.set(key, { at: Date.now(), value });
    const oldest = store.keys().next().value;
    if (store.size > this.limits.maxEntries && oldest !== undefined) store.delete(oldest);
    return value;
  }

  /** Forgets everything kept for this database. */
  clear(database: Database): void {
    this.stores.delete(database);
  }
}
