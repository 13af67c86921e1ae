import { contentMessages, formatCst, type AdminTypeListQuery, type PagingQuery, type SaveTypeBody } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { containing } from '../../db/like.js';
import { contentChanged } from '../../cache/generations.js';

/** An entry of a lookup list (spec §3: type 1 company types, 2 member levels, 3 a third list). */
export interface TypeItem {
  id: number;
  type: number;
  name: string;
  sortNumber: number;
}

/** An entry as the back office sees it: enabled or not, and since when. */
export interface AdminTypeItem extends TypeItem {
  status: number;
  createdAt: string;
}

const columns = ['id', 'type', 'name', 'sort_number', 'status', 'created_at'] as const;

const toTypeItem = (r: { id: number; type: number; name: string; sort_number: number; status: number; created_at: string }): AdminTypeItem => ({
  id: r.id,
  type: r.type,
  name: r.name,
  sortNumber: r.sort_number,
  status: r.status,
  createdAt: r.created_at,
});

/** Enabled entries of one lookup list in display order. */
export async function listTypeItems({ db }: Database, type: number): Promise<TypeItem[]> {
  const rows = await db
    .selectFrom('type_items')
    .select(columns)
    .where('type', '=', type)
    .where('status', '=', 1)
    .orderBy('sort_number', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toTypeItem);
}

export type TypeFilter = Omit<AdminTypeListQuery, keyof PagingQuery>;

/** One page of one list's entries of any status, in display order. */
export async function listTypeItemsPage({ db }: Database, filter: TypeFilter, paging: PagingQuery): Promise<{ items: AdminTypeItem[]; total: number }> {
  const matching = db
    .selectFrom('type_items')
    .where('type', '=', filter.type)
    .$if(!!filter.key, (q) => q.where(containing('name', filter.key ?? '')))
    .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status ?? 0));
  const { limit, offset } = pageWindow(paging);
  const [rows, { total }] = await Promise.all([
    matching.select(columns).orderBy('sort_number', 'asc').orderBy('id', 'asc').limit(limit).offset(offset).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toTypeItem), total };
}

/** One entry of any list and status; undefined when there is none. */
export async function findTypeItem({ db }: Database, id: number): Promise<AdminTypeItem | undefined> {
  const row = await db.selectFrom('type_items').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toTypeItem(row);
}

/** Creates (Id 0) or updates an entry; names are unique within a list. */
export async function saveTypeItem(database: Database, body: SaveTypeBody, now: number): Promise<{ id: number; name: string }> {
  const values = { type: body.Type, name: body.Name, sort_number: body.SortNumber, status: body.Status };
  const saved = await database.db.transaction().execute(async (trx) => {
    const sameName = await trx
      .selectFrom('type_items')
      .select('id')
      .where('type', '=', body.Type)
      .where('name', '=', body.Name)
      .where('id', '!=', body.Id)
      .executeTakeFirst();
    if (sameName) throw badRequest(contentMessages.typeNameTaken);
    if (body.Id > 0) {
      const result = await trx.updateTable('type_items').set(values).where('id', '=', body.Id).executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw notFound(contentMessages.typeNotFound);
      return { id: body.Id, name: body.Name };
    }
    const { id } = await trx
      .insertInto('type_items')
      .values({ ...values, created_at: formatCst(now) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, name: body.Name };
  });
  contentChanged(database, 'lookups');
  return saved;
}

/** Deletes an entry no member uses (as 单位归类 or 会员等级); answers its name. */
export async function deleteTypeItem(database: Database, id: number): Promise<string> {
  const name = await database.db.transaction().execute(async (trx) => {
    const { n } = await trx
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('company_type_id', '=', id), eb('member_level_id', '=', id)]))
      .executeTakeFirstOrThrow();
    if (n > 0) throw badRequest(contentMessages.typeInUse(n));
    const item = await trx.deleteFrom('type_items').where('id', '=', id).returning('name').executeTakeFirst();
    if (!item) throw notFound(contentMessages.typeNotFound);
    return item.name;
  });
  contentChanged(database, 'lookups');
  return name;
}
