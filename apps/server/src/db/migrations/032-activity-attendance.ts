import type { Kysely } from 'kysely';
import { notNullDefault } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * Activities from sign-up to attendance (features/activities): the waitlist with its held
 * offers, check-in at the door (by staff or, in a window, by the member), and the settings an
 * activity needs for them.
 */
export const activityAttendance: EngineMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('activities').addColumn('confirm_hours', 'integer', notNullDefault(24)).execute();
    // 1: a training; staff may issue 培训证明 to those checked in.
    await db.schema.alterTable('activities').addColumn('is_training', 'integer', notNullDefault(0)).execute();
    // Self check-in at the venue: its window ('' both: none) and the key in the venue's QR.
    await db.schema.alterTable('activities').addColumn('self_check_in_start', 'varchar(19)', notNullDefault('')).execute();
    await db.schema.alterTable('activities').addColumn('self_check_in_end', 'varchar(19)', notNullDefault('')).execute();
    await db.schema.alterTable('activities').addColumn('self_check_in_key', 'varchar(64)', notNullDefault('')).execute();
    // Bumped by every edit of a published activity: the SEQUENCE of its calendar file.
    await db.schema.alterTable('activities').addColumn('revision', 'integer', notNullDefault(0)).execute();

    // Joined the waitlist at ('' not on it); the queue is ordered by this time, then id.
    await db.schema.alterTable('activity_notices').addColumn('waitlisted_at', 'varchar(19)', notNullDefault('')).execute();
    // Promoted from the waitlist: a place is held (counted in sign_up_count) until this time.
    await db.schema.alterTable('activity_notices').addColumn('offer_until', 'varchar(19)', notNullDefault('')).execute();
    // The check-in QR's unguessable token and the 6-character code typed in its place; given at
    // the first sign-up and kept, so a printed or mailed QR stays valid after cancel and re-sign-up.
    await db.schema.alterTable('activity_notices').addColumn('check_in_token', 'varchar(64)').execute();
    await db.schema.alterTable('activity_notices').addColumn('check_in_code', 'varchar(6)').execute();
    await db.schema.alterTable('activity_notices').addColumn('checked_in_at', 'varchar(19)', notNullDefault('')).execute();
    // Who checked the member in: an admin's account, or '' for self check-in.
    await db.schema.alterTable('activity_notices').addColumn('checked_in_by', 'varchar(50)', notNullDefault('')).execute();
    await db.schema.createIndex('activity_notices_token').unique().on('activity_notices').column('check_in_token').execute();
    await db.schema.createIndex('activity_notices_code').unique().on('activity_notices').columns(['activity_id', 'check_in_code']).execute();
    await db.schema.createIndex('activity_notices_waitlist').on('activity_notices').columns(['activity_id', 'waitlisted_at']).execute();
    await db.schema.createIndex('activity_notices_offer').on('activity_notices').columns(['offer_until']).execute();
  },
});
