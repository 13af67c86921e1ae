import type { Database } from '../../db/connection.js';

/** An entry of a lookup list (spec §3: type 1 company types, 2 member levels, 3 a third list). */
export interface TypeItem {
  id: number;
  type: number;
  name: string;
  sortNumber: number;
}

/** Enabled entries of one lookup list in display order. */
export async function listTypeItems({ db }: Database, type: number): Promise<TypeItem[]> {
  const rows = await db
    .selectFrom('type_items')
    .select(['id', 'type', 'name', 'sort_number'])
    .where('type', '=', type)
    .where('status', '=', 1)
    .orderBy('sort_number', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => ({ id: r.id, type: r.type, name: r.name, sortNumber: r.sort_number }));
}
