import { sql, type Kysely } from 'kysely';
import type { EngineMigration } from './index.js';

/**
 * 在线留言's per-address limit counts an IPv6 visitor's /64, not the address they may change with
 * every request (http/client-address.ts). The messages so far were counted by address; their
 * group is that address (IPv4), so the limit reads them the same after the upgrade.
 */
export const addressGroups: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('messages')
      .addColumn('address_group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`UPDATE messages SET address_group = ip`.execute(db);
    await db.schema.createIndex('messages_address_group').on('messages').columns(['address_group', 'created_at']).execute();
  },
});
