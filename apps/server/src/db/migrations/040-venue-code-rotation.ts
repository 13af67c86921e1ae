import type { Kysely } from 'kysely';
import { notNullDefault } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * 动态签到码 (features/activities/venue-codes.ts): 1 when an activity's venue QR changes every
 * 30 seconds, derived from its self_check_in_key, so a photo of it soon stops working. Off for
 * every existing activity: their printed venue QR codes keep working.
 */
export const venueCodeRotation: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('activities').addColumn('self_check_in_rotating', 'integer', notNullDefault(0)).execute();
  },
});
