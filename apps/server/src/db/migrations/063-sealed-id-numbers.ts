import { sql, type Kysely } from 'kysely';
import { RESEAL_BATCH, writeSealed } from '../reseal-id-numbers.js';
import type { IdNumberSeal } from '../sealed-id-numbers.js';
import type { EngineMigration } from './index.js';

/**
 * ID numbers leave the clear (issue 58): each is sealed with the key ring's first key
 * (db/sealed-id-numbers.ts) and found by its keyed hash; the clear column goes. The rows are
 * sealed in place, in one transaction on either engine (PostgreSQL's migrations run in one
 * already), so a stopped upgrade leaves the old table whole and starts again.
 */
export const sealedIdNumbers: EngineMigration = (engine, { idNumbers }) => ({
  async up(db: Kysely<unknown>) {
    if (engine === 'sqlite') await db.transaction().execute((trx) => seal(trx, idNumbers));
    else await seal(db, idNumbers);
  },
});

async function seal(db: Kysely<unknown>, idNumbers: IdNumberSeal): Promise<void> {
  await db.schema.dropIndex('certificates_result').execute();
  await db.schema.dropIndex('certificates_name_id').execute();
  await db.schema
    .alterTable('certificates')
    .addColumn('id_num_sealed', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('certificates')
    .addColumn('id_num_index', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('certificates')
    .addColumn('id_num_key', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  let after = 0;
  for (;;) {
    const { rows } = await sql<{
      id: number;
      id_num: string;
    }>`SELECT id, id_num FROM certificates WHERE id > ${after} ORDER BY id LIMIT ${RESEAL_BATCH}`.execute(db);
    const last = rows[rows.length - 1];
    if (!last) break;
    await writeSealed(
      db,
      rows.map((r) => ({ id: r.id, ...idNumbers.seal(r.id_num) })),
    );
    after = last.id;
  }
  await db.schema.alterTable('certificates').dropColumn('id_num').execute();
  // The same rules as before, on the keyed hash: one result per candidate and exam day among
  // the live records, and the public lookup's exact name with an ID number.
  const live = sql<boolean>`status <> -1`;
  await db.schema.createIndex('certificates_result').unique().on('certificates').columns(['id_num_index', 'exam_time']).where(live).execute();
  await db.schema.createIndex('certificates_name_id').on('certificates').columns(['name', 'id_num_index']).execute();
  // What the start checks (every key named is at hand) and a rotation walks.
  await db.schema.createIndex('certificates_id_num_key').on('certificates').column('id_num_key').execute();
}
