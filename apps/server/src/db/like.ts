import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** `%text%` with the user's `\`, `%` and `_` escaped, to match themselves. */
const pattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `column LIKE '%text%'` with the user's `\`, `%` and `_` matching themselves. The ESCAPE
 * clause is spelled out because SQLite has no default escape character.
 */
export function containing(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} LIKE ${pattern(text)} ESCAPE '\\'`;
}

/**
 * As `containing`, whatever the letter case, on both engines (SQLite's LIKE ignores ASCII
 * case, PostgreSQL's does not): for account names, which are unique regardless of case.
 */
export function containingAnyCase(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) LIKE ${pattern(text.toLowerCase())} ESCAPE '\\'`;
}
