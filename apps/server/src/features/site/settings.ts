import type { Kysely } from 'kysely';
import { formatCst } from '@portal/shared';
import type { DB } from '../../db/schema.js';

/**
 * Settings staff edit in the back office (site_settings, migration 046), as text by name. The
 * site's identity (name, contacts, filings) is configuration, the same for every instance of a
 * build; what staff change while the site runs is kept here, in the database every instance reads.
 */

type Db = Kysely<DB>;

/** The values of `names`; a name never saved reads as ''. */
export async function readSettings<N extends string>(db: Db, names: readonly N[]): Promise<Record<N, string>> {
  const rows = await db.selectFrom('site_settings').select(['name', 'value']).where('name', 'in', names).execute();
  const values = Object.fromEntries(names.map((n) => [n, ''])) as Record<N, string>;
  for (const row of rows) values[row.name as N] = row.value;
  return values;
}

/** Stores each value under its name (inserted or replaced). */
export async function writeSettings(db: Db, values: Readonly<Record<string, string>>, now: number): Promise<void> {
  const at = formatCst(now);
  for (const [name, value] of Object.entries(values)) {
    await db
      .insertInto('site_settings')
      .values({ name, value, updated_at: at })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: at }))
      .execute();
  }
}
