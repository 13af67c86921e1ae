import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/connection.js';
import { onContentChange } from '../../cache/generations.js';

/**
 * Deep pages in the middle of a long list without walking half of it.
 *
 * An OFFSET walks every row it skips: reading from the nearer end (pageFromNearerEnd) makes the
 * first and last pages cheap, but the middle page of a million articles still walked half a
 * million index entries (about 50 ms, on the event loop with SQLite). A signpost is the sort
 * key of every `stride`-th row along the list's order; a page starts at the signpost before it
 * (a keyset condition the index answers at once) and skips fewer than `stride` rows from there.
 *
 * Signposts are found on demand, one stride at a time (each step walks `stride` index entries,
 * 0.12–0.25 ms, and other requests run between steps), only as far as the pages asked for, and
 * are kept until articles change (here or on another instance, cache/generations.ts), like the
 * lists' totals. Tests set a short stride.
 */
export const signposts = { stride: 1000 };

export type Direction = 'asc' | 'desc';

/**
 * Reads rows of one list in one direction: those after `after` (all when absent), skipping
 * `offset` of them, at most `limit`; each with its id and its sort key K (its values of the
 * list's ORDER BY columns, the last one the unique id).
 */
export type ListReader<K> = (direction: Direction, after: K | undefined, limit: number, offset: number) => Promise<Array<{ id: number; key: K }>>;

/** The signposts found so far along one list and direction, and the search for more (one at a time). */
interface Trail<K> {
  keys: K[];
  ended: boolean;
  extending: Promise<void>;
}

/** Lists with signposts kept at once, per database (each holds at most rows / stride keys). */
const MAX_TRAILS = 64;
const trails = new WeakMap<Database, Map<string, Trail<unknown>>>();
onContentChange('news', (database) => trails.delete(database));

/**
 * The ids of a page, in the list's (descending) order: `limit` rows after skipping `offset`,
 * from the far end when `reversed` (a window from pageFromNearerEnd), started from the signpost
 * before it when the offset is at least a stride.
 * `list` names the list (its menus and its order) for the kept signposts.
 */
export async function readPage<K>(
  database: Database,
  list: string,
  window: { limit: number; offset: number; reversed: boolean },
  read: ListReader<K>,
): Promise<number[]> {
  const { limit, offset } = window;
  const direction: Direction = window.reversed ? 'asc' : 'desc';
  const passed = Math.floor(offset / signposts.stride);
  const after = passed > 0 ? await signpost(database, `${list}|${direction}|${signposts.stride}`, passed, read, direction) : undefined;
  const rows = after ? await read(direction, after, limit, offset - passed * signposts.stride) : await read(direction, undefined, limit, offset);
  const ids = rows.map((r) => r.id);
  // Lists are newest first: a page read from the far end comes oldest first.
  return direction === 'asc' ? ids.reverse() : ids;
}

/** The sort key of the row at position n × stride − 1 (the nth signpost), or undefined past the list's end. */
async function signpost<K>(database: Database, list: string, n: number, read: ListReader<K>, direction: Direction): Promise<K | undefined> {
  let kept = trails.get(database);
  if (!kept) trails.set(database, (kept = new Map()));
  // One list name is always read with one reader, so its trail holds that reader's keys.
  const trail = (kept.get(list) as Trail<K> | undefined) ?? { keys: [], ended: false, extending: Promise.resolve() };
  // Set again, so the first key is the least recently used: it goes when there are too many.
  kept.delete(list);
  kept.set(list, trail as Trail<unknown>);
  const oldest = kept.keys().next().value;
  if (kept.size > MAX_TRAILS && oldest !== undefined) kept.delete(oldest);
  trail.extending = trail.extending.then(async () => {
    while (trail.keys.length < n && !trail.ended) {
      const [next] = await read(direction, trail.keys.at(-1), 1, signposts.stride - 1);
      if (next) trail.keys.push(next.key);
      else trail.ended = true;
      // SQLite answers on the event loop: let other requests in between steps.
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  // A failed step is this request's error; the next one tries again from where the trail ends.
  const done = trail.extending;
  trail.extending = done.catch(() => undefined);
  await done;
  return trail.keys[n - 1];
}

/**
 * The rows after `key` in a list ordered by `columns` (the last one unique) in `direction`:
 * `(lead) <= (its values) AND ((lead) < (its values) OR last < its value)`. Equal to the row value
 * `(columns) < (key)`, which SQLite evaluates on every row it walks; this form leaves the leading
 * columns to the index and compares the last one as a plain column: a signpost step took half
 * the time (0.16 instead of 0.35 ms on the latest list, 0.12 instead of 0.34 on a menu's).
 */
export function afterKey(columns: readonly string[], direction: Direction, key: ReadonlyArray<string | number>): RawBuilder<SqlBool> {
  const lead = sql`(${sql.join(columns.slice(0, -1).map((c) => sql.ref(c)))})`;
  const leadValues = sql`(${sql.join(key.slice(0, -1))})`;
  const [before, beforeOrAt] = direction === 'desc' ? [sql.raw('<'), sql.raw('<=')] : [sql.raw('>'), sql.raw('>=')];
  return sql<SqlBool>`${lead} ${beforeOrAt} ${leadValues} AND (${lead} ${before} ${leadValues} OR ${sql.ref(columns.at(-1)!)} ${before} ${key.at(-1)!})`;
}
