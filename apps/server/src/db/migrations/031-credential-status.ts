import type { Kysely } from 'kysely';
import { notNullDefault } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * Open Badges 3.0 conformant credentials (features/credentials): RS256 keys beside the Ed25519
 * key credentials were signed with until now, and a place in a revocation status list for each
 * certificate and each electronic membership card that has had a credential.
 */
export const credentialStatus: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    // The row written before this release is the Ed25519 key; new keys are RS256. Every key stays
    // (published in the key set) so that what it signed keeps verifying after a rotation.
    await db.schema.alterTable('credential_keys').addColumn('alg', 'varchar(16)', notNullDefault('EdDSA')).execute();

    // The next free position of each status list family ('certificates', 'member-cards').
    await db.schema
      .createTable('credential_status_counters')
      .addColumn('family', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('next_index', 'integer', notNullDefault(0))
      .execute();

    // A record's position in its family's status lists, given with its first credential and kept
    // for good; null until then. Unique: two records never share a bit.
    await db.schema.alterTable('certificates').addColumn('status_index', 'integer').execute();
    await db.schema.createIndex('certificates_status_index').unique().on('certificates').column('status_index').execute();
    await db.schema.alterTable('members').addColumn('card_status_index', 'integer').execute();
    await db.schema.createIndex('members_card_status_index').unique().on('members').column('card_status_index').execute();
  },
});
