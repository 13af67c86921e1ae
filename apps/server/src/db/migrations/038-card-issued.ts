import type { Kysely } from 'kysely';
import { notNullDefault } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * When a member's electronic card credential was first issued (features/membership/card.ts):
 * its validFrom, the same in every copy downloaded since, as its id is. '' until the first;
 * a card issued before this release takes the time of its next download.
 */
export const cardIssued: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('members').addColumn('card_issued_at', 'varchar(19)', notNullDefault('')).execute();
  },
});
