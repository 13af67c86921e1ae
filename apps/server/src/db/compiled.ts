import { CompiledQuery, sql, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import type { Engine } from './connection.js';
import { nameStatement } from './named-statements.js';
import type { DB } from './schema.js';

/**
 * Hot reads built and compiled by Kysely once, then run again with new values.
 *
 * Building a query (immutable nodes) and compiling it to SQL cost more than a third of an
 * uncached article read in a CPU profile, though the SQL of a given read never changes, only
 * its values. So the builder runs once per shape with placeholders in place of the values;
 * the compiled SQL is kept, and each call puts its own values where the placeholders went.
 *
 * On PostgreSQL the kept SQL runs as a named prepared statement (named-statements.ts), so the
 * server does not parse and plan it again either; SQLite keeps its statements by text anyway.
 *
 * Values are the parameters of the query (numbers, strings; arrays for IN lists, whose
 * length is part of the shape). Anything that changes the SQL itself (a direction, an
 * optional column) belongs in `shape`, whose JSON picks the compiled query.
 */

type Value = string | number | bigint | null;
/** An undefined value is left out: the shape says what stands in its place (see pageLimit). */
type Values = Record<string, Value | readonly Value[] | undefined>;

/** Stands for one value (or one element of an array value) while the query is compiled. */
class Placeholder {
  constructor(
    readonly key: string,
    readonly index?: number,
  ) {}
}

function placeholders<V extends Values>(values: V): V {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    out[key] = Array.isArray(value) ? value.map((_, i) => new Placeholder(key, i)) : new Placeholder(key);
  }
  return out as V;
}

/** The shape's key: its own JSON and the length of every array value. */
function shapeKey(values: Values, shape: unknown): string {
  const lengths = Object.entries(values)
    .filter(([, v]) => Array.isArray(v))
    .map(([k, v]) => `${k}:${(v as readonly Value[]).length}`);
  return `${JSON.stringify(shape ?? null)}|${lengths.join(',')}`;
}

interface Template {
  sql: string;
  /** Each parameter: a placeholder to fill, or a constant the builder wrote (a LIMIT, a status). */
  parameters: readonly unknown[];
}

function compile(query: Compilable<unknown>, values: Values): Template {
  const { sql, parameters } = query.compile();
  // On PostgreSQL a kept text runs as a prepared statement (named-statements.ts).
  nameStatement(sql);
  const used = new Set(parameters.filter((p): p is Placeholder => p instanceof Placeholder).map((p) => `${p.key}#${p.index ?? ''}`));
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const expected = Array.isArray(value) ? value.map((_, i) => `${key}#${i}`) : [`${key}#`];
    // A value the builder read instead of passing to SQL would be frozen into the kept query.
    if (!expected.every((k) => used.has(k))) throw new Error(`compiledRead: value '${key}' must be a query parameter; put what changes the SQL in the shape`);
  }
  return { sql, parameters };
}

export function compiledRead<V extends Values, Row, S = undefined>(
  build: (db: Kysely<DB>, values: V, shape: S) => Compilable<Row>,
): (db: Kysely<DB>, values: V, shape?: S) => Promise<Row[]> {
  // Per database handle: tests and tools open several, on either engine (their SQL differs).
  const templates = new WeakMap<Kysely<DB>, Map<string, Template>>();
  return async (db, values, shape) => {
    let byShape = templates.get(db);
    if (!byShape) templates.set(db, (byShape = new Map()));
    const key = shapeKey(values, shape);
    let template = byShape.get(key);
    if (!template) byShape.set(key, (template = compile(build(db, placeholders(values), shape as S), values)));
    const parameters = template.parameters.map((p) => {
      if (!(p instanceof Placeholder)) return p;
      const value = values[p.key];
      return p.index === undefined ? value : (value as readonly Value[])[p.index];
    });
    const result = await db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters as unknown[]));
    return result.rows;
  };
}

/** Page sizes up to this are written into a compiled read's SQL (pageLimit). */
const WRITTEN_LIMIT_MAX = 50;

/**
 * How a compiled read takes a LIMIT. SQLite runs `ORDER BY … LIMIT ?` two to three times slower
 * than the same statement with the number written in, though the plan is the same (a home
 * seat's page 75-93 µs against 22-38, the latest list's ids 32-57 against 16-26). So on SQLite a
 * limit up to WRITTEN_LIMIT_MAX, which covers every page size the site asks for, is written in
 * and is part of the read's shape (`written`); a larger one stays a parameter (`bound`), so
 * requests (page sizes up to 1,000) cannot make a statement text per size. PostgreSQL keeps it
 * bound: its named statements keep one generic plan for every limit (named-statements.ts), and a
 * written limit made a home seat's page 5-10 % slower there. The builder takes both halves
 * (limitExpression).
 */
export function pageLimit(limit: number, engine: Engine): { bound: number | undefined; written: number | undefined } {
  return engine === 'sqlite' && limit <= WRITTEN_LIMIT_MAX ? { bound: undefined, written: limit } : { bound: limit, written: undefined };
}

/** The LIMIT of a compiled read's builder from pageLimit's halves: the number written in, or the bound value. */
export function limitExpression(bound: number | undefined, written: number | undefined): number | RawBuilder<number> {
  if (written !== undefined) return sql.lit(written);
  if (bound === undefined) throw new Error('limitExpression: a limit is either written or bound');
  return bound;
}

/** A compiled insert's row counts: ROWS_PER_INSERT, or the powers of two below it. */
const ROWS_PER_INSERT = 512;

/**
 * Many rows into `table`, its SQL compiled by Kysely once per row count: the page views of
 * 访问统计 (features/statistics/hits.ts) arrive by the thousand every few seconds, and building
 * and compiling a 500-row insert took half of writing it (5-6 µs a row against 2.6-3.3 with the
 * SQL kept, SQLite and PostgreSQL alike). The rows go in statements of ROWS_PER_INSERT and then
 * of powers of two, so a table has at most ten texts, each kept by the engine as a prepared
 * statement (SQLite's statement cache, PostgreSQL's named statements), not one per remainder.
 */
export function compiledInsert<T extends keyof DB & string, C extends keyof DB[T] & string>(table: T, columns: readonly C[]) {
  const texts = new WeakMap<Kysely<DB>, Map<number, string>>();
  const textOf = (db: Kysely<DB>, values: readonly Value[], count: number): string => {
    let byCount = texts.get(db);
    if (!byCount) texts.set(db, (byCount = new Map()));
    let text = byCount.get(count);
    if (!text) {
      const objects = Array.from({ length: count }, (_, r) => Object.fromEntries(columns.map((column, c) => [column, values[r * columns.length + c]])));
      const compiled = db
        .insertInto(table)
        .values(objects as never)
        .compile();
      // The kept text takes the values row by row, column by column; checked once per text.
      if (compiled.parameters.length !== values.length || compiled.parameters.some((p, i) => p !== values[i]))
        throw new Error(`compiledInsert ${table}: the compiled parameters are not the rows' values in order`);
      text = compiled.sql;
      nameStatement(text);
      byCount.set(count, text);
    }
    return text;
  };
  return async (db: Kysely<DB>, rows: readonly Readonly<Record<C, Value>>[]): Promise<void> => {
    let from = 0;
    for (let size = ROWS_PER_INSERT; from < rows.length;) {
      if (rows.length - from < size) {
        size /= 2;
        continue;
      }
      // One array of every value, filled in place: thousands of rows a write.
      const values = new Array<Value>(size * columns.length);
      let i = 0;
      for (let r = from; r < from + size; r++) for (const column of columns) values[i++] = rows[r]![column];
      await db.executeQuery(CompiledQuery.raw(textOf(db, values, size), values));
      from += size;
    }
  };
}
