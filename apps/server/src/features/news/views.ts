import type { Database } from '../../db/connection.js';

/**
 * Article views are counted in memory and written in one transaction every few seconds.
 * Opening an article is the hottest call; an UPDATE per reading would queue every reader
 * behind SQLite's single writer (the benchmark showed GetNewsDetail's p99 at 118 ms under
 * load). The cost: a crash loses at most FLUSH_MS of view counts.
 */
const FLUSH_MS = 2000;

interface Pending {
  counts: Map<number, number>;
  timer: NodeJS.Timeout;
}

const pendingByDatabase = new WeakMap<Database, Pending>();

/** Counts one view and answers how many of this article's views are not yet written. */
export function countView(database: Database, newsId: number): number {
  let pending = pendingByDatabase.get(database);
  if (!pending) {
    const counts = new Map<number, number>();
    const timer = setInterval(() => void flushViews(database).catch(() => undefined), FLUSH_MS);
    // The timer must not keep a finished process (or a test run) alive.
    timer.unref();
    pendingByDatabase.set(database, (pending = { counts, timer }));
  }
  const count = (pending.counts.get(newsId) ?? 0) + 1;
  pending.counts.set(newsId, count);
  return count;
}

/** Writes the counted views; called by the timer and when the app closes. */
export async function flushViews(database: Database): Promise<void> {
  const pending = pendingByDatabase.get(database);
  if (!pending || pending.counts.size === 0) return;
  const batch = [...pending.counts];
  pending.counts.clear();
  await database.db.transaction().execute(async (trx) => {
    for (const [id, n] of batch) {
      await trx
        .updateTable('news')
        .set((eb) => ({ views: eb('views', '+', n) }))
        .where('id', '=', id)
        .execute();
    }
  });
}

/** Stops counting for a database that is closing, after writing what was counted. */
export async function stopViews(database: Database): Promise<void> {
  const pending = pendingByDatabase.get(database);
  if (!pending) return;
  clearInterval(pending.timer);
  await flushViews(database);
  pendingByDatabase.delete(database);
}
