import { sql, type QueryExecutorProvider } from 'kysely';
import type { Database } from './connection.js';
import type { SealedIdNumber } from './sealed-id-numbers.js';

/**
 * Rows re-sealed per statement and per transaction. Each row moves three index entries to random
 * places: larger transactions write each changed index page once for many rows (5,000 at a time
 * re-sealed a million SQLite rows in half the time of 500).
 */
export const RESEAL_BATCH = 5_000;
/** SQLite's page cache during a re-seal (KiB), so a batch's changed index pages stay in memory until its commit. */
const RESEAL_CACHE_KIB = 256 * 1024;

/**
 * Writes sealed values to their certificate rows in one statement (an UPDATE joined to a VALUES
 * list, which both engines read as column1, column2…): a million rows are two thousand
 * statements, not a million round trips.
 */
export async function writeSealed(db: QueryExecutorProvider, rows: readonly (SealedIdNumber & { id: number })[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r, i) =>
      // The first row's casts type the columns for PostgreSQL (its parameters have no type).
      i === 0
        ? sql`(CAST(${r.id} AS integer), CAST(${r.id_num_sealed} AS text), CAST(${r.id_num_index} AS varchar(64)), CAST(${r.id_num_key} AS varchar(64)))`
        : sql`(${r.id}, ${r.id_num_sealed}, ${r.id_num_index}, ${r.id_num_key})`,
    ),
  );
  await sql`UPDATE certificates SET id_num_sealed = v.column2, id_num_index = v.column3, id_num_key = v.column4
    FROM (VALUES ${values}) AS v WHERE certificates.id = v.column1`.execute(db);
}

export interface ResealProgress {
  /** Rows re-sealed by this run. */
  resealed: number;
  /** Rows under another key or cipher still, by label (0 when the run finished). */
  remaining: Record<string, number>;
}

/**
 * Re-seals every certificate row not under the current key and cipher (`npm run cli -- id-numbers
 * reseal`). Each batch is its own transaction and rows are taken by id, so a run stopped at any
 * point loses nothing and the next run goes on from the rows not yet done.
 */
export async function resealAll(
  database: Database,
  { batch = RESEAL_BATCH, onBatch = () => {} }: { batch?: number; onBatch?: (done: number) => void } = {},
): Promise<ResealProgress> {
  const { db, idNumbers } = database;
  const current = idNumbers.currentLabel();
  const cache = database.engine === 'sqlite' ? await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db) : undefined;
  if (cache) await sql`PRAGMA cache_size = ${sql.raw(String(-RESEAL_CACHE_KIB))}`.execute(db);
  try {
    return await resealBatches(database, current, batch, onBatch);
  } finally {
    if (cache) await sql`PRAGMA cache_size = ${sql.raw(String(cache.rows[0]?.cache_size ?? -2000))}`.execute(db);
  }
}

async function resealBatches(database: Database, current: string, batch: number, onBatch: (done: number) => void): Promise<ResealProgress> {
  const { db, idNumbers } = database;
  let resealed = 0;
  let after = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('certificates')
        .select(['id', 'id_num_sealed', 'id_num_key'])
        .where('id_num_key', '<>', current)
        .where('id', '>', after)
        .orderBy('id')
        .limit(batch)
        .execute();
      await writeSealed(
        trx,
        rows.map((r) => ({ id: r.id, ...idNumbers.seal(idNumbers.open(r.id_num_sealed, r.id_num_key)) })),
      );
      return rows;
    });
    if (done.length === 0) break;
    resealed += done.length;
    after = done[done.length - 1]?.id ?? after;
    onBatch(resealed);
  }
  const left = await db
    .selectFrom('certificates')
    .select((eb) => ['id_num_key', eb.fn.countAll<number>().as('n')])
    .where('id_num_key', '<>', current)
    .groupBy('id_num_key')
    .execute();
  return { resealed, remaining: Object.fromEntries(left.map((r) => [r.id_num_key, Number(r.n)])) };
}
