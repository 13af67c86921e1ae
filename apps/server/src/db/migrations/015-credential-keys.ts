import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';

/**
 * The association's signing key for certificates as Open Badges credentials
 * (features/certificates/credential.ts). One row (id 1), created on first use: kept in the
 * database rather than the data folder so that every instance of a scaled-out site signs with
 * the same key and a backup of the database carries it.
 */
export const credentialKeys: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('credential_keys')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      // RFC 7638 thumbprint of the public key: the `kid` of every credential it signs.
      .addColumn('kid', 'varchar(64)', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
  },
});
