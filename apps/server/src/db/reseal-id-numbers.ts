import { sql, type QueryExecutorProvider } from 'kysely';
import type { Database } from './connection.js';
import type { SealedIdNumber } from './sealed-id-numbers.js';

/**
 * Rows re-sealed per transaction. Each row moves its index entries to random places, so a batch
 * rewrites most pages of the ID-number index whatever its size: the fewer the commits, the less is
 * written (on SQLite a million rows took 150 s in transactions of 5,000 and about 95 s in
 * transactions of 50,000–100,000; bench/RESULTS.md "ID numbers"). The numbers are sealed before
 * the transaction opens, so the site's own writes wait only for the statements (about 2 s).
 */
export const RESEAL_BATCH = 50_000;
/** Rows per UPDATE: four parameters each, well under SQLite's 32,766 per statement. */
const STATEMENT_ROWS = 5_000;
/** SQLite's page cache during a re-seal (KiB), so a batch's changed index pages stay in memory until its commit. */
const RESEAL_CACHE_KIB = 256 * 1024;

/** A row's new sealed value; `was`, when given, the sealed text it must still hold to be overwritten. */
type SealedRow = SealedIdNumber & { id: number; was?: string };

/**
 * Writes sealed values to their certificate rows, a statement per few thousand rows (an UPDATE
 * joined to a VALUES list, which both engines read as column1, column2…): a million rows are two
 * hundred statements, not a million round trips. Rows given `was` are written only if they still
 * hold it: one changed by the site meanwhile keeps its newer value. Answers how many were written.
 */
export async function writeSealed(db: QueryExecutorProvider, rows: readonly SealedRow[]): Promise<number> {
  let written = 0;
  for (let at = 0; at < rows.length; at += STATEMENT_ROWS) written += await writeStatement(db, rows.slice(at, at + STATEMENT_ROWS));
  return written;
}

/** The VALUES columns' types: PostgreSQL's parameters have none, so the first row casts them. */
const valueTypes = ['integer', 'text', 'varchar(64)', 'varchar(64)', 'text'];

async function writeStatement(db: QueryExecutorProvider, rows: readonly SealedRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const checked = rows[0]?.was !== undefined;
  const values = sql.join(
    rows.map((r, i) => {
      const cells = [r.id, r.id_num_sealed, r.id_num_index, r.id_num_key, ...(checked ? [r.was ?? ''] : [])];
      return sql`(${sql.join(cells.map((cell, k) => (i === 0 ? sql`CAST(${cell} AS ${sql.raw(valueTypes[k]!)})` : sql`${cell}`)))})`;
    }),
  );
  const unchanged = checked ? sql` AND certificates.id_num_sealed = v.column5` : sql``;
  const result = await sql`UPDATE certificates SET id_num_sealed = v.column2, id_num_index = v.column3, id_num_key = v.column4
    FROM (VALUES ${values}) AS v WHERE certificates.id = v.column1${unchanged}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
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
 * point loses nothing and the next run goes on from the rows not yet done. A row the site changed
 * between the batch's reading and its writing is left as the site wrote it (sealed under the key
 * that instance started with); the count of what remains says if a later run is needed.
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
  // The batch being written while the next is read and sealed: on PostgreSQL the database works
  // in its own process meanwhile, so encrypting and writing overlap.
  let writing: Promise<number> | undefined;
  for (;;) {
    const rows = await db
      .selectFrom('certificates')
      .select(['id', 'id_num_sealed', 'id_num_key'])
      .where('id_num_key', '<>', current)
      .where('id', '>', after)
      .orderBy('id')
      .limit(batch)
      .execute();
    const sealed: SealedRow[] = [];
    for (let at = 0; at < rows.length; at += STATEMENT_ROWS) {
      for (const r of rows.slice(at, at + STATEMENT_ROWS))
        sealed.push({ id: r.id, was: r.id_num_sealed, ...idNumbers.seal(idNumbers.open(r.id_num_sealed, r.id_num_key)) });
      // A turn of the event loop between pieces, so the batch being written sends its next statement.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (writing) {
      resealed += await writing;
      onBatch(resealed);
    }
    const last = rows[rows.length - 1];
    if (!last) break;
    writing = db.transaction().execute((trx) => writeSealed(trx, sealed));
    // Awaited at the next turn; a failure meanwhile must not count as unhandled.
    writing.catch(() => {});
    after = last.id;
  }
  const left = await db
    .selectFrom('certificates')
    .select((eb) => ['id_num_key', eb.fn.countAll<number>().as('n')])
    .where('id_num_key', '<>', current)
    .groupBy('id_num_key')
    .execute();
  return { resealed, remaining: Object.fromEntries(left.map((r) => [r.id_num_key, Number(r.n)])) };
}
