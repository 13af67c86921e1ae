import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * `column LIKE '%text%'` with the user's `\`, `%` and `_` matching themselves. The ESCAPE
 * clause is spelled out because SQLite has no default escape character.
 */
export function containing(column: string, text: string): RawBuilder<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`${sql.ref(column)} LIKE ${pattern} ESCAPE '\\'`;
}
