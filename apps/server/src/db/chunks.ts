/**
 * Rows written or looked up `size` at a time. A statement binds one variable per value, and the
 * engines cap them (SQLite 32,766, PostgreSQL 65,535): a bulk insert or an `in (…)` list of
 * thousands is sent in parts, inside the caller's transaction.
 */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}
