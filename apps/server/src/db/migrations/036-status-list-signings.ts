import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';

/**
 * When each revocation status list was last signed, and the bits it was signed with
 * (features/credentials/status-list.ts): a list is dated, and signed again when its bits change
 * or its signing grows old, so the date says from when those bits hold.
 */
export const statusListSignings: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('credential_status_lists')
      .addColumn('family', 'varchar(32)', (c) => c.notNull())
      .addColumn('list', 'integer', (c) => c.notNull())
      // The encodedList signed (gzip and base64url of 16 KB of mostly clear bits: a few hundred characters).
      .addColumn('encoded_list', 'text', (c) => c.notNull())
      // CST yyyy-MM-dd HH:mm:ss: the list's validFrom.
      .addColumn('signed_at', 'varchar(19)', (c) => c.notNull())
      .addPrimaryKeyConstraint('credential_status_lists_pk', ['family', 'list'])
      .execute();
  },
});
