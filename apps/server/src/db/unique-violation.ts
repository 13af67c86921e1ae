/**
 * Whether a failed write broke a unique constraint, on either engine: PostgreSQL's SQLSTATE
 * 23505 or better-sqlite3's SQLITE_CONSTRAINT_UNIQUE. A check-then-insert leaves a window in
 * which two requests both see a name free; the constraint closes it, and this turns its
 * error back into the business message instead of a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
